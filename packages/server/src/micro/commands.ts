import { Decimal, MICRO_CLOSED, MICRO_OPEN, type MicroOutcome } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest } from '../platform/errors.js';
import { PostingError, type SystemAccount } from '../ledger/books.js';
import { fundSystemAccount } from '../ledger/funding.js';
import { journalEntries, JournalType } from '../ledger/journal.js';
import type { AsData } from '../ledger/commands.js';
import type { Command, CommandContext, Sequencer } from '../ledger/sequencer.js';
import type { OpenContract, OpenContracts, PoolTotals } from './open-contracts.js';
import { poolCanTake, settle, type Settlement } from './rules.js';

const POOL = { system: 'micro_pool' satisfies SystemAccount } as const;
const FEES = { system: 'fees' satisfies SystemAccount } as const;
const REF = 'micro_order';

const entry = journalEntries(REF);

/** What a settlement did to an order. */
export type SettledContract = Settlement & { contract: OpenContract; settledAt: number };

/** A submitted order before the sequencer gives it an id. */
export type NewContract = Omit<OpenContract, 'id'> & { requestId: string | null; requestHash: string | null };

/** A tape row that ends contracts: its second and price. */
interface EndEntry {
  time: number;
  price: Decimal;
}

declare module '../ledger/commands.js' {
  interface CommandCatalogue {
    'micro.stake': { data: NewContract; result: OpenContract };
    'micro.settle': { data: { orderIds: number[]; end: EndEntry }; result: SettledContract[] };
    'micro.fund': { data: { currencyId: number; amount: Decimal }; result: PoolTotals };
  }
}

/** A new contract as its data carries it, with its decimals parsed again. */
function newContractFrom(data: AsData<NewContract>): NewContract {
  return {
    ...data,
    stake: Decimal.parse(data.stake),
    fee: Decimal.parse(data.fee),
    profitRatio: Decimal.parse(data.profitRatio),
    openPrice: Decimal.parse(data.openPrice),
    worstCase: Decimal.parse(data.worstCase),
  };
}

/**
 * The sequencer commands of seconds contracts. Each one moves money only between the user's
 * micro account, the public micro_pool and fees, and writes the order row in the same commit.
 */
export class MicroCommands {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly open: OpenContracts,
    private readonly microTypeId: number,
    private readonly decimalsOf: (currencyId: number) => number,
  ) {}

  /** Names the handler of each seconds-contract command: its data parsed back, then the command below. */
  register(sequencer: Sequencer): void {
    sequencer.handle('micro.stake', (context, data) => this.stake(newContractFrom(data))(context));
    sequencer.handle('micro.settle', (context, { orderIds, end }) =>
      this.settle(orderIds, { time: end.time, price: Decimal.parse(end.price) })(context),
    );
    sequencer.handle('micro.fund', (context, { currencyId, amount }) =>
      this.fund(currencyId, Decimal.parse(amount))(context),
    );
  }

  /** Stake to the pool and fee to fees, if the user holds both and the pool can cover a win. */
  stake(order: NewContract): Command<OpenContract> {
    return (context) => {
      const { books } = context;
      const account = books.find({ userId: order.userId }, this.microTypeId, order.currencyId);
      const cost = order.stake.add(order.fee);
      if (!account || account.balance < cost.units) throw badRequest('error.insufficient_balance');
      const pool = books.ensure(POOL, 0, order.currencyId);
      const exposure = this.open.exposureOf(order.currencyId);
      if (!poolCanTake(Decimal.fromUnits(pool.balance), exposure.worstCase, order.stake, order.worstCase)) {
        throw badRequest('error.micro_pool_full');
      }
      const id = context.nextId('micro_orders');
      books.post(
        [
          { account, available: -order.stake.units, locked: 0n },
          { account: pool, available: order.stake.units, locked: 0n },
        ],
        entry(JournalType.MICRO_STAKE, id),
      );
      if (order.fee.isPositive()) {
        books.post(
          [
            { account, available: -order.fee.units, locked: 0n },
            { account: books.ensure(FEES, 0, order.currencyId), available: order.fee.units, locked: 0n },
          ],
          entry(JournalType.MICRO_FEE, id),
        );
      }
      const { requestId, requestHash, ...fields } = order;
      const contract: OpenContract = { ...fields, id };
      context.insert('micro_orders', {
        id,
        user_id: order.userId,
        currency_match_id: order.marketId,
        currency_id: order.currencyId,
        type: order.side,
        seconds: order.seconds,
        status: MICRO_OPEN,
        number: order.stake.toString(),
        fee: order.fee.toString(),
        profit_ratio: order.profitRatio.toString(),
        open_price: order.openPrice.toString(),
        open_time: order.openTime,
        open_entry_time: order.openEntryTime,
        ends_at: order.endsAt,
        created_at: order.createdAt,
        request_id: requestId,
        request_hash: requestHash,
      });
      this.open.add(books, contract);
      this.writeTotals(context, order.currencyId, { staked: order.stake, fees: order.fee });
      return contract;
    };
  }

  /**
   * Settles an open order on the tape row in force at its end. An order that is no longer open (a
   * second attempt) answers null and changes nothing: each order is settled exactly once.
   */
  private settleOne(orderId: number, endEntry: EndEntry): Command<SettledContract | null> {
    return (context) => {
      const contract = this.open.get(orderId);
      if (!contract) return null;
      const { books } = context;
      const decimals = this.decimalsOf(contract.currencyId);
      const result = settle(
        contract.side,
        contract.stake,
        contract.profitRatio,
        decimals,
        contract.openPrice,
        endEntry.price,
      );
      if (result.payout.isPositive()) {
        // Paid even should the pool run short: a user told they won is paid (the pool's reserve
        // rule keeps this from happening; the audit would show it).
        books.post(
          [
            {
              account: books.ensure(POOL, 0, contract.currencyId),
              available: -result.payout.units,
              locked: 0n,
            },
            {
              account: books.ensure({ userId: contract.userId }, this.microTypeId, contract.currencyId),
              available: result.payout.units,
              locked: 0n,
            },
          ],
          entry(JournalType.MICRO_PAYOUT, contract.id),
        );
      }
      context.update('micro_orders', contract.id, {
        status: MICRO_CLOSED,
        end_price: endEntry.price.toString(),
        end_entry_time: endEntry.time,
        outcome: result.outcome satisfies MicroOutcome,
        payout: result.payout.toString(),
        fact_profits: result.factProfits.toString(),
        settled_at: context.now,
      });
      this.open.remove(books, contract);
      return { ...result, contract, settledAt: context.now };
    };
  }

  /**
   * Settles many orders on one tape row in one command, so a second's thousands of endings share
   * one commit. An order whose payout cannot be posted (it would leave the range of an amount)
   * changes nothing and stays open; the others go on.
   */
  settle(orderIds: readonly number[], endEntry: EndEntry): Command<SettledContract[]> {
    return (context) => {
      const settled = orderIds.flatMap((id) => {
        try {
          const result = this.settleOne(id, endEntry)(context);
          return result ? [result] : [];
        } catch (error) {
          if (error instanceof PostingError) return [];
          throw error;
        }
      });
      const paid = new Map<number, Decimal>();
      for (const { contract, payout } of settled) {
        paid.set(contract.currencyId, (paid.get(contract.currencyId) ?? Decimal.ZERO).add(payout));
      }
      for (const [currencyId, sum] of paid) this.writeTotals(context, currencyId, { paid: sum });
      return settled;
    };
  }

  /** An operator's funding of the pool from outside: a journal entry anyone can see in the totals. */
  fund(currencyId: number, amount: Decimal): Command<PoolTotals> {
    return (context) => {
      fundSystemAccount(context.books, POOL.system, currencyId, amount);
      return this.writeTotals(context, currencyId, { funded: amount });
    };
  }

  private writeTotals(context: CommandContext, currencyId: number, change: Partial<PoolTotals>): PoolTotals {
    const totals = this.open.count(context.books, currencyId, change);
    const values = {
      staked: totals.staked.toString(),
      fees: totals.fees.toString(),
      paid: totals.paid.toString(),
      funded: totals.funded.toString(),
    };
    context.writeLatest(
      `micro_totals|${currencyId}`,
      this.db
        .insertInto('micro_totals')
        .values({ currency_id: currencyId, ...values })
        .onConflict((oc) => oc.column('currency_id').doUpdateSet(values))
        .compile(),
    );
    return totals;
  }
}
