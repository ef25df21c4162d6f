import { Decimal, type DepositStatus } from '@oex/protocol';
import type { Db } from '../db/connect.js';
import type { Books, SystemAccount } from '../ledger/books.js';
import { JOURNAL_MEMO, JournalType } from '../ledger/journal.js';
import type { CommandContext, Sequencer } from '../ledger/sequencer.js';
import { isCredited } from './rules.js';

/** Deposits land on the spot (change) account, the account with charge and withdraw (docs/ledger.md). */
export const DEPOSIT_ACCOUNT_TYPE = 1;

export interface DepositRef {
  id: number;
  userId: number;
  currencyId: number;
  amount: Decimal;
}

/** A deposit's change of state, as data (`wallet.deposit`). */
interface DepositChange {
  deposit: DepositRef;
  from: DepositStatus;
  to: DepositStatus;
  confirmations: number;
}

declare module '../ledger/commands.js' {
  interface CommandCatalogue {
    'wallet.deposit': { data: DepositChange; result: boolean };
  }
}

const key = (userId: number, currencyId: number) => `${userId}|${currencyId}`;

/**
 * The balance effects of deposits, each through the sequencer together with the deposit's new
 * state, so a credit and the state that says "credited" commit in one transaction: exactly once,
 * whatever crashes when. It also knows, per user and currency, how much of the balance came from
 * deposits not yet final: that part may be traded but not withdrawn.
 */
export class DepositLedger {
  private unconfirmed = new Map<string, bigint>();

  private constructor(
    private readonly db: Db,
    private readonly sequencer: Sequencer,
  ) {
    sequencer.handle('wallet.deposit', (context, data) =>
      this.applyTransition(context, {
        ...data,
        deposit: { ...data.deposit, amount: Decimal.parse(data.deposit.amount) },
      }),
    );
  }

  static async load(db: Db, sequencer: Sequencer): Promise<DepositLedger> {
    const ledger = new DepositLedger(db, sequencer);
    const rows = await db.kysely
      .selectFrom('deposits')
      .select(['user_id', 'currency_id', 'amount'])
      .where('status', '=', 'credited')
      .execute();
    const next = new Map<string, bigint>();
    for (const row of rows) {
      const k = key(row.user_id, row.currency_id);
      next.set(k, (next.get(k) ?? 0n) + Decimal.parse(String(row.amount)).units);
    }
    ledger.unconfirmed = next;
    return ledger;
  }

  /** Units of the user's balance that came from deposits not yet withdrawable. Read inside commands. */
  unconfirmedUnits(userId: number, currencyId: number): bigint {
    return this.unconfirmed.get(key(userId, currencyId)) ?? 0n;
  }

  /** Inside a command: changes the not-yet-final sum, undone with the command. */
  private adjust(books: Books, deposit: DepositRef, delta: bigint): void {
    const k = key(deposit.userId, deposit.currencyId);
    const add = (units: bigint) => {
      const next = (this.unconfirmed.get(k) ?? 0n) + units;
      if (next === 0n) this.unconfirmed.delete(k);
      else this.unconfirmed.set(k, next);
    };
    add(delta);
    books.onUndo(() => add(-delta));
  }

  /**
   * Moves a deposit from `from` to `to` with the balance effect that change means: a credit when it
   * becomes credited, a reversal when a credited one is reversed. Refused (nothing changes) when the
   * stored state is no longer `from`, so a second attempt never credits twice.
   */
  transition(
    deposit: DepositRef,
    from: DepositStatus,
    to: DepositStatus,
    confirmations: number,
  ): Promise<boolean> {
    return this.sequencer.dispatch('wallet.deposit', { deposit, from, to, confirmations });
  }

  private applyTransition(
    { books, write, now }: CommandContext,
    { deposit, from, to, confirmations }: DepositChange,
  ): boolean {
    const db = this.db.kysely;
    const wasCredited = isCredited(from);
    const nowCredited = isCredited(to);
    let shortfall = 0n;
    if (!wasCredited && nowCredited) {
      const external = books.ensure(
        { system: 'external_deposits' satisfies SystemAccount },
        0,
        deposit.currencyId,
      );
      const account = books.ensure({ userId: deposit.userId }, DEPOSIT_ACCOUNT_TYPE, deposit.currencyId);
      books.post(
        [
          { account: external, available: -deposit.amount.units, locked: 0n },
          { account, available: deposit.amount.units, locked: 0n },
        ],
        {
          type: JournalType.DEPOSIT,
          memo: JOURNAL_MEMO[JournalType.DEPOSIT],
          refType: 'deposit',
          refId: deposit.id,
        },
      );
    } else if (wasCredited && !nowCredited) {
      const external = books.ensure(
        { system: 'external_deposits' satisfies SystemAccount },
        0,
        deposit.currencyId,
      );
      const account = books.ensure({ userId: deposit.userId }, DEPOSIT_ACCOUNT_TYPE, deposit.currencyId);
      // Take back what is still there; what the user already spent is recorded as a shortfall.
      const taken = account.balance < deposit.amount.units ? account.balance : deposit.amount.units;
      shortfall = deposit.amount.units - taken;
      if (taken > 0n) {
        books.post(
          [
            { account, available: -taken, locked: 0n },
            { account: external, available: taken, locked: 0n },
          ],
          {
            type: JournalType.DEPOSIT_REVERSED,
            memo: JOURNAL_MEMO[JournalType.DEPOSIT_REVERSED],
            refType: 'deposit',
            refId: deposit.id,
          },
        );
      }
    }
    write(
      db
        .updateTable('deposits')
        .set({
          status: to,
          confirmations,
          updated_at: now,
          ...(shortfall > 0n ? { shortfall: Decimal.fromUnits(shortfall).toString() } : {}),
        })
        .where('id', '=', deposit.id)
        .where('status', '=', from)
        .compile(),
    );
    const unconfirmedBefore = from === 'credited';
    const unconfirmedAfter = to === 'credited';
    if (unconfirmedBefore !== unconfirmedAfter) {
      this.adjust(books, deposit, unconfirmedAfter ? deposit.amount.units : -deposit.amount.units);
    }
    return true;
  }
}
