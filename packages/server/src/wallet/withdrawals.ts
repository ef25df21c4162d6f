import { createHash } from 'node:crypto';
import { Decimal, type Lang, type WithdrawInput, type WithdrawalView } from '@oex/protocol';
import type { Kysely, Updateable } from 'kysely';
import type { Settings } from '../platform/settings.js';
import type { Database, WithdrawalsTable } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors.js';
import type { Books, SystemAccount } from '../ledger/books.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import { JOURNAL_MEMO, JournalType } from '../ledger/journal.js';
import type { AsData } from '../ledger/commands.js';
import type { CommandContext, Sequencer } from '../ledger/sequencer.js';
import { postingErrorToAppError } from '../ledger/service.js';
import type { UsersService } from '../users/service.js';
import { DEPOSIT_ACCOUNT_TYPE, type DepositLedger } from './deposit-ledger.js';
import type { Networks } from './networks.js';
import { amountProblem, OPEN_WITHDRAWAL_STATES, quoteWithdrawal } from './rules.js';
import type { WalletViews } from './views.js';
import { RecentRequests, sameRequest } from '../lib/request-once.js';

export interface WithdrawalDeps {
  db: Kysely<Database>;
  sequencer: Sequencer;
  networks: Networks;
  currencies: CurrencyDirectory;
  users: UsersService;
  settings: Settings;
  deposits: DepositLedger;
  views: WalletViews;
}

/** A withdrawal's terms without the web's secrets (the trading API proves the caller otherwise). */
export type KeyWithdrawInput = Omit<WithdrawInput, 'pay_password' | 'totp_code'>;

/** A withdrawal row's money, as the commands need it. */
export interface HeldWithdrawal {
  id: number;
  userId: number;
  currencyId: number;
  amount: Decimal;
  fee: Decimal;
}

/** A withdrawal's move with no money (approved, signed, sent), as data. */
interface WithdrawalMove {
  id: number;
  from: string;
  to: string;
  set: Pick<Updateable<WithdrawalsTable>, 'nonce' | 'raw_tx' | 'tx_hash' | 'reason'>;
}

/** A withdrawal asked, its terms checked and quoted, as data (`wallet.withdraw`). */
interface NewWithdrawal {
  userId: number;
  currencyId: number;
  protocolId: number;
  address: string;
  memo: string;
  amount: Decimal;
  fee: Decimal;
  received: Decimal;
  needsReview: boolean;
  request: { id: string; hash: string } | null;
}

interface Release {
  withdrawal: HeldWithdrawal;
  from: string;
  to: 'rejected' | 'failed';
  reason: string;
}

interface Completion {
  withdrawal: HeldWithdrawal;
  confirmations: number;
}

declare module '../ledger/commands.js' {
  interface CommandCatalogue {
    'wallet.withdraw': { data: NewWithdrawal; result: number };
    'wallet.withdrawalMove': { data: WithdrawalMove; result: void };
    'wallet.withdrawalRelease': { data: Release; result: void };
    'wallet.withdrawalComplete': { data: Completion; result: void };
  }
}

const heldFrom = (data: AsData<HeldWithdrawal>): HeldWithdrawal => ({
  ...data,
  amount: Decimal.parse(data.amount),
  fee: Decimal.parse(data.fee),
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * account/draw and what follows it in the books: the hold when asked, the operator's review, and
 * the end (paid out, or released). The signer (sender.ts) moves a queued withdrawal on chain.
 */
export class Withdrawals {
  /**
   * The state of every open withdrawal, changed only inside sequencer commands (each change undone
   * with the command if it is refused or its batch fails): each move checks it, so an approval, a
   * rejection and the signer can never both act on one withdrawal.
   */
  private states = new Map<number, string>();
  /** Request ids answered lately, by user (bounded): the database's unique index covers older ones. */
  private readonly requestIds = new RecentRequests<{ id: number; hash: string }>();
  /** Told the ids of withdrawals a user or operator call changed (the signer has its own). */
  onChange: (ids: number[]) => void = () => {};

  private constructor(private readonly deps: WithdrawalDeps) {
    const { sequencer } = deps;
    sequencer.handle('wallet.withdraw', (context, data) =>
      this.applyWithdraw(context, {
        ...data,
        amount: Decimal.parse(data.amount),
        fee: Decimal.parse(data.fee),
        received: Decimal.parse(data.received),
      }),
    );
    sequencer.handle('wallet.withdrawalMove', (context, data) => this.applyMove(context, data));
    sequencer.handle('wallet.withdrawalRelease', (context, data) =>
      this.applyRelease(context, { ...data, withdrawal: heldFrom(data.withdrawal) }),
    );
    sequencer.handle('wallet.withdrawalComplete', (context, data) =>
      this.applyComplete(context, { ...data, withdrawal: heldFrom(data.withdrawal) }),
    );
  }

  static async load(deps: WithdrawalDeps): Promise<Withdrawals> {
    const withdrawals = new Withdrawals(deps);
    const rows = await deps.db
      .selectFrom('withdrawals')
      .select(['id', 'status'])
      .where('status', 'in', [...OPEN_WITHDRAWAL_STATES])
      .execute();
    withdrawals.states = new Map(rows.map((row) => [row.id, row.status]));
    return withdrawals;
  }

  /** Inside a command: records a withdrawal's state, undone with the command. */
  private setState(books: Books, id: number, state: string | null): void {
    const before = this.states.get(id);
    if (state !== null && (OPEN_WITHDRAWAL_STATES as readonly string[]).includes(state))
      this.states.set(id, state);
    else this.states.delete(id);
    books.onUndo(() => (before === undefined ? this.states.delete(id) : this.states.set(id, before)));
  }

  /** Inside a command: refuses unless the withdrawal is in `from`, then records `to`. */
  private claim(books: Books, id: number, from: string, to: string): void {
    if (this.states.get(id) !== from) throw conflict('error.withdrawal_state');
    this.setState(books, id, to);
  }

  /** A state change with no money moving (approved, signed, sent), checked like every other. */
  move(
    id: number,
    from: string,
    to: string,
    set: Pick<Updateable<WithdrawalsTable>, 'nonce' | 'raw_tx' | 'tx_hash' | 'reason'> = {},
  ): Promise<void> {
    return this.deps.sequencer.dispatch('wallet.withdrawalMove', { id, from, to, set });
  }

  private applyMove({ books, write, now }: CommandContext, { id, from, to, set }: WithdrawalMove): void {
    this.claim(books, id, from, to);
    write(
      this.deps.db
        .updateTable('withdrawals')
        .set({ ...set, status: to, updated_at: now })
        .where('id', '=', id)
        .compile(),
    );
  }

  /** account/draw: the web's withdrawal, proved by the trade password (and the authenticator when on). */
  request(userId: number, input: WithdrawInput, lang: Lang = 'en'): Promise<WithdrawalView> {
    return this.place(userId, input, lang, {
      boundOnly: false,
      authorize: async () => {
        await this.deps.users.verifyPayPassword(userId, input.pay_password);
        await this.deps.users.totp.check(userId, input.totp_code);
      },
    });
  }

  /**
   * A withdrawal asked through the trading API (POST /sapi/v1/capital/withdraw/apply): the key's
   * signature, withdraw permission and IP list stand in for the trade password, so it goes only to
   * an address the user bound in the address book (with an emailed code), whatever the setting says.
   */
  requestByKey(userId: number, input: KeyWithdrawInput): Promise<WithdrawalView> {
    return this.place(userId, input, 'en', {
      boundOnly: true,
      // A freeze ends the web's sessions; a key outlives them, so its withdrawals ask here.
      authorize: async () => {
        const user = await this.deps.db
          .selectFrom('users')
          .select('frozen_at')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!user || user.frozen_at !== null) throw forbidden('error.account_frozen');
      },
    });
  }

  /**
   * Checks the terms, answers an earlier request with the same id, then proves the caller (after the
   * cheap checks, so a typo costs no password guess) and holds the amount in one command.
   */
  private async place(
    userId: number,
    input: KeyWithdrawInput,
    lang: Lang,
    proof: { boundOnly: boolean; authorize: () => Promise<void> },
  ): Promise<WithdrawalView> {
    const { networks, currencies, settings, db } = this.deps;
    const network = networks.byId(input.currency_protocol_id);
    if (!network || network.currencyId !== input.currency_id) throw badRequest('error.protocol_unknown');
    const currency = currencies.currency(input.currency_id);
    if (!currency.row.open_draw || !network.openWithdraw)
      throw badRequest(currency.row.open_draw ? 'error.withdraw_closed_network' : 'error.withdraw_closed');
    if (!network.adapter) throw badRequest('error.network_unavailable');
    if (!network.adapter.isValidAddress(input.address))
      throw badRequest('error.address_invalid', { chain: network.chain });
    if (network.memoRequired && !input.memo) throw badRequest('error.memo_required');
    const amount = Decimal.parse(input.number);
    currencies.checkAmount(input.currency_id, amount);
    const problem = amountProblem(amount, {
      min: Decimal.parse(String(currency.row.draw_min)),
      max: Decimal.parse(String(currency.row.draw_max)),
      chainDecimals: network.decimals,
    });
    if (problem) {
      throw badRequest(problem as 'error.withdraw_min', {
        min: Decimal.parse(String(currency.row.draw_min)).toString(),
        max: Decimal.parse(String(currency.row.draw_max)).toString(),
        decimals: network.decimals,
      });
    }
    const address = network.adapter.normalize(input.address);
    if (proof.boundOnly || (await settings.isOn('withdraw_require_bound_address'))) {
      const bound = await db
        .selectFrom('bound_addresses')
        .select('id')
        .where('user_id', '=', userId)
        .where('protocol_id', '=', network.id)
        .where('address', '=', address)
        .executeTakeFirst();
      if (!bound) throw badRequest('error.address_not_bound');
    }
    const hash = sha256(JSON.stringify([network.id, amount.toString(), address, input.memo]));
    if (input.request_id) {
      const earlier = sameRequest(
        await db
          .selectFrom('withdrawals')
          .selectAll()
          .where('user_id', '=', userId)
          .where('request_id', '=', input.request_id)
          .executeTakeFirst(),
        hash,
      );
      if (earlier) return this.deps.views.withdrawal(earlier, lang);
    }
    await proof.authorize();
    const { fee, received } = quoteWithdrawal(
      amount,
      Decimal.parse(String(currency.row.draw_rate)),
      network.decimals,
    );
    const reviewAbove = Decimal.parse(await settings.get('withdraw_review_usd'));
    const needsReview = amount.mul(currencies.usdPrice(input.currency_id)).gt(reviewAbove);
    const id = await this.deps.sequencer
      .dispatch('wallet.withdraw', {
        userId,
        currencyId: input.currency_id,
        protocolId: network.id,
        address,
        memo: input.memo,
        amount,
        fee,
        received,
        needsReview,
        request: input.request_id ? { id: input.request_id, hash } : null,
      })
      .catch(postingErrorToAppError);
    this.onChange([id]);
    return this.view(id, lang);
  }

  /** Holds the amount and writes the withdrawal, if the balance less its unfinal deposits allows. */
  private applyWithdraw({ books, nextId, insert, now }: CommandContext, data: NewWithdrawal): number {
    const { userId, amount, needsReview, request } = data;
    const once = request ? { key: `${userId}|${request.id}`, hash: request.hash } : null;
    // Two copies of one request in flight at once: the second answers the first, and never
    // reaches the unique index (a failed insert would fail every command of its batch).
    const seen = once ? this.requestIds.get(once.key) : undefined;
    if (seen) {
      if (seen.hash !== once!.hash) throw conflict('error.request_id_reused');
      return seen.id;
    }
    const account = books.find({ userId }, DEPOSIT_ACCOUNT_TYPE, data.currencyId);
    const free = (account?.balance ?? 0n) - this.deps.deposits.unconfirmedUnits(userId, data.currencyId);
    if (!account || account.balance < amount.units) throw badRequest('error.insufficient_balance');
    if (free < amount.units) throw badRequest('error.deposit_not_final');
    const id = nextId('withdrawals');
    if (once) {
      this.requestIds.set(once.key, { id, hash: once.hash });
      books.onUndo(() => this.requestIds.delete(once.key));
    }
    this.setState(books, id, needsReview ? 'review' : 'queued');
    books.post([{ account, available: -amount.units, locked: amount.units }], {
      type: JournalType.WITHDRAW_HOLD,
      memo: JOURNAL_MEMO[JournalType.WITHDRAW_HOLD],
      refType: 'withdrawal',
      refId: id,
    });
    insert('withdrawals', {
      id,
      user_id: userId,
      currency_id: data.currencyId,
      protocol_id: data.protocolId,
      address: data.address,
      memo: data.memo,
      amount: amount.toString(),
      fee: data.fee.toString(),
      received: data.received.toString(),
      status: needsReview ? 'review' : 'queued',
      nonce: null,
      raw_tx: null,
      tx_hash: null,
      block_number: null,
      confirmations: 0,
      reason: null,
      request_id: request?.id ?? null,
      request_hash: request?.hash ?? null,
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  async view(id: number, lang: Lang = 'en'): Promise<WithdrawalView> {
    const row = await this.deps.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return this.deps.views.withdrawal(row, lang);
  }

  /** An operator's approval: the withdrawal goes to the signer. */
  async approve(id: number): Promise<WithdrawalView> {
    if (this.states.get(id) !== 'review') throw await this.notInReview(id);
    await this.move(id, 'review', 'queued');
    this.onChange([id]);
    return this.view(id);
  }

  /** An operator's rejection: the hold is released exactly, in the same commit as the new state. */
  async reject(id: number, reason: string): Promise<WithdrawalView> {
    const row = await this.deps.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.status !== 'review') throw await this.notInReview(id);
    await this.release(this.held(row), 'review', 'rejected', reason || 'wallet.reason_rejected');
    this.onChange([id]);
    return this.view(id);
  }

  private async notInReview(id: number) {
    const exists = await this.deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return exists ? conflict('error.withdrawal_not_in_review') : notFound();
  }

  held(row: {
    id: number;
    user_id: number;
    currency_id: number;
    amount: string | number;
    fee: string | number;
  }): HeldWithdrawal {
    return {
      id: row.id,
      userId: row.user_id,
      currencyId: row.currency_id,
      amount: Decimal.parse(String(row.amount)),
      fee: Decimal.parse(String(row.fee)),
    };
  }

  /** Gives the held amount back (rejected or failed), only while the row is still in state `from`. */
  release(w: HeldWithdrawal, from: string, to: 'rejected' | 'failed', reason: string): Promise<void> {
    return this.deps.sequencer.dispatch('wallet.withdrawalRelease', { withdrawal: w, from, to, reason });
  }

  private applyRelease(
    { books, write, now }: CommandContext,
    { withdrawal: w, from, to, reason }: Release,
  ): void {
    const db = this.deps.db;
    this.claim(books, w.id, from, to);
    const account = books.ensure({ userId: w.userId }, DEPOSIT_ACCOUNT_TYPE, w.currencyId);
    books.post([{ account, available: w.amount.units, locked: -w.amount.units }], {
      type: JournalType.WITHDRAW_RELEASE,
      memo: JOURNAL_MEMO[JournalType.WITHDRAW_RELEASE],
      refType: 'withdrawal',
      refId: w.id,
    });
    write(
      db
        .updateTable('withdrawals')
        .set({ status: to, reason, updated_at: now })
        .where('id', '=', w.id)
        .compile(),
    );
  }

  /** Final on chain: the received part leaves to the withdrawals account, the fee to the fees account. */
  complete(w: HeldWithdrawal, confirmations: number): Promise<void> {
    return this.deps.sequencer.dispatch('wallet.withdrawalComplete', { withdrawal: w, confirmations });
  }

  private applyComplete(
    { books, write, now }: CommandContext,
    { withdrawal: w, confirmations }: Completion,
  ): void {
    const db = this.deps.db;
    this.claim(books, w.id, 'sent', 'complete');
    const account = books.ensure({ userId: w.userId }, DEPOSIT_ACCOUNT_TYPE, w.currencyId);
    const out = books.ensure({ system: 'withdrawals' satisfies SystemAccount }, 0, w.currencyId);
    const fees = books.ensure({ system: 'fees' satisfies SystemAccount }, 0, w.currencyId);
    const received = w.amount.units - w.fee.units;
    books.post(
      [
        { account, available: 0n, locked: -received },
        { account: out, available: received, locked: 0n },
      ],
      {
        type: JournalType.WITHDRAW,
        memo: JOURNAL_MEMO[JournalType.WITHDRAW],
        refType: 'withdrawal',
        refId: w.id,
      },
    );
    if (w.fee.units > 0n) {
      books.post(
        [
          { account, available: 0n, locked: -w.fee.units },
          { account: fees, available: w.fee.units, locked: 0n },
        ],
        {
          type: JournalType.WITHDRAW_FEE,
          memo: JOURNAL_MEMO[JournalType.WITHDRAW_FEE],
          refType: 'withdrawal',
          refId: w.id,
        },
      );
    }
    write(
      db
        .updateTable('withdrawals')
        .set({ status: 'complete', confirmations, updated_at: now })
        .where('id', '=', w.id)
        .compile(),
    );
  }
}
