import {
  AccountTypeId,
  Decimal,
  MICRO_OPEN,
  type Lang,
  type MicroOrderView,
  type MicroPayableCurrency,
  type MicroPoolCurrency,
  type MicroSecondsOption,
  type MicroSide,
  type MicroVerification,
  type Paged,
} from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newestFirst } from '../db/paging.js';
import { paged } from '../lib/paged.js';
import { badRequest, notFound } from '../platform/errors.js';
import { translate } from '../platform/messages/index.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import { postingErrorToAppError } from '../ledger/service.js';
import type { Clock } from '../lib/clock.js';
import { RequestOnce, sameRequest, type RequestOnceKey } from '../lib/request-once.js';
import type { MarkTape } from '../market/mark-tape.js';
import type { MarketDirectory } from '../market/markets.js';
import { MicroCommands } from './commands.js';
import { OpenContracts, type PoolTotals } from './open-contracts.js';
import { choiceProblem, feeOf, worstCase } from './rules.js';
import type { TermsReader } from './terms.js';
import { orderView, recordOfRow, type OrderRecord } from './views.js';

export interface SubmitInput {
  match_id: number;
  currency_id: number;
  type: MicroSide;
  seconds: number;
  number: string;
}

export interface MicroDeps {
  db: Kysely<Database>;
  sequencer: Sequencer;
  tape: MarkTape;
  markets: MarketDirectory;
  currencies: CurrencyDirectory;
  terms: TermsReader;
  clock: Clock;
}

/** microtrade/*: submit on the tape's current price, list, the terms, the pool and verification. */
export class MicroService {
  readonly commands: MicroCommands;
  private readonly requests = new RequestOnce<MicroOrderView>();

  private constructor(
    private readonly deps: MicroDeps,
    readonly open: OpenContracts,
  ) {
    this.commands = new MicroCommands(
      deps.db,
      open,
      AccountTypeId.micro_account,
      (currencyId) => deps.currencies.currency(currencyId).decimals,
    );
    this.commands.register(deps.sequencer);
  }

  /** Loads the open orders and the pool's totals as the database has them. */
  static async load(deps: MicroDeps): Promise<MicroService> {
    const decimals = (currencyId: number) => deps.currencies.currency(currencyId).decimals;
    const rows = await deps.db
      .selectFrom('micro_orders')
      .selectAll()
      .where('status', '=', MICRO_OPEN)
      .execute();
    const totals = await deps.db.selectFrom('micro_totals').selectAll().execute();
    const dec = (value: string) => Decimal.parse(String(value));
    return new MicroService(
      deps,
      new OpenContracts(
        rows.map((row) => recordOfRow(row, decimals(row.currency_id))),
        new Map<number, PoolTotals>(
          totals.map((row) => [
            row.currency_id,
            { staked: dec(row.staked), fees: dec(row.fees), paid: dec(row.paid), funded: dec(row.funded) },
          ]),
        ),
      ),
    );
  }

  /**
   * Stakes on the tape. With a request id (read by the route hook) the order is placed once: the
   * same id again answers the first, with other terms it is refused.
   */
  async submit(userId: number, input: SubmitInput, request?: RequestOnceKey | null): Promise<MicroOrderView> {
    const stake = Decimal.parse(input.number);
    if (!request) return this.place(userId, input, stake, null);
    return this.requests.run(
      `${userId}|${request.id}`,
      () => this.earlier(userId, request.id, request.hash),
      () => this.place(userId, input, stake, { requestId: request.id, hash: request.hash }),
    );
  }

  private async earlier(
    userId: number,
    requestId: string,
    hash: string,
  ): Promise<MicroOrderView | undefined> {
    const earlier = sameRequest(
      await this.deps.db
        .selectFrom('micro_orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),
      hash,
    );
    return earlier && this.view(this.record(earlier));
  }

  private async place(
    userId: number,
    input: SubmitInput,
    stake: Decimal,
    request: { requestId: string; hash: string } | null,
  ): Promise<MicroOrderView> {
    const { markets, currencies, tape, clock } = this.deps;
    const market = markets.market(input.match_id);
    if (market.row.open_microtrade !== 1) throw badRequest('error.micro_market_closed');
    const terms = await this.deps.terms.current();
    const problem = choiceProblem(
      { seconds: terms.seconds, currency: terms.currencies.get(input.currency_id) },
      input.seconds,
      stake,
    );
    if (problem) throw badRequest(problem as Parameters<typeof badRequest>[0]);
    currencies.checkAmount(input.currency_id, stake);
    const decimals = currencies.currency(input.currency_id).decimals;
    const profitRatio = terms.seconds.find((option) => option.seconds === input.seconds)!.profitRatio;
    // The open price is the tape's as of the last second it sampled, never a price off the tape.
    const now = clock.now();
    const mark = tape.current(market.id);
    if ('unavailable' in mark) {
      throw badRequest(
        mark.unavailable === 'thin' ? 'error.mark_book_thin' : 'error.micro_price_unavailable',
      );
    }
    const contract = await this.deps.sequencer
      .dispatch('micro.stake', {
        userId,
        marketId: market.id,
        currencyId: input.currency_id,
        side: input.type,
        stake,
        fee: feeOf(stake, terms.feeRate, decimals),
        profitRatio,
        openPrice: mark.price,
        openTime: mark.asOf,
        openEntryTime: mark.time,
        endsAt: mark.asOf + input.seconds * 1000,
        createdAt: now,
        seconds: input.seconds,
        worstCase: worstCase(stake, profitRatio, decimals),
        requestId: request?.requestId ?? null,
        requestHash: request?.hash ?? null,
      })
      .catch(postingErrorToAppError);
    return this.view({ ...contract, settled: null });
  }

  /** microtrade/lists: the caller's orders of one status, newest first. */
  async lists(
    userId: number,
    query: { match_id?: number | undefined; status: number; page: number; limit: number },
  ): Promise<Paged<MicroOrderView>> {
    let select = this.deps.db
      .selectFrom('micro_orders')
      .where('user_id', '=', userId)
      .where('status', '=', query.status);
    if (query.match_id) select = select.where('currency_match_id', '=', query.match_id);
    const { total, rows } = await newestFirst(select, query.page, query.limit);
    return paged(
      rows.map((row) => this.view(this.record(row))),
      total,
      query.page,
      query.limit,
    );
  }

  async seconds(): Promise<MicroSecondsOption[]> {
    const terms = await this.deps.terms.current();
    return terms.seconds.map((option) => ({
      seconds: option.seconds,
      profit_ratio: option.profitRatio.toString(),
    }));
  }

  /** microtrade/payable_currencies, with the caller's micro balance when signed in. */
  async payableCurrencies(userId: number | null): Promise<MicroPayableCurrency[]> {
    const terms = await this.deps.terms.current();
    const books = this.deps.sequencer.books;
    return [...terms.currencies].map(([currencyId, currency]) => {
      const account =
        userId === null ? undefined : books.find({ userId }, AccountTypeId.micro_account, currencyId);
      return {
        id: currencyId,
        code: this.deps.currencies.currency(currencyId).code,
        decimals: this.deps.currencies.currency(currencyId).decimals,
        micro_account: { balance: Decimal.unitsToString(account?.balance ?? 0n) },
        micro_numbers: currency.numbers.map((number) => ({ number: number.toString() })),
        min: currency.min.toString(),
        max: currency.max.toString(),
        fee_rate: terms.feeRate.toString(),
      };
    });
  }

  /** microtrade/pool: every currency the pool has held, with what it owes if every open order won. */
  async pool(): Promise<MicroPoolCurrency[]> {
    const terms = await this.deps.terms.current();
    const books = this.deps.sequencer.books;
    const currencyIds = new Set([...terms.currencies.keys()]);
    for (const account of books.accounts()) {
      if (account.systemCode === 'micro_pool') currencyIds.add(account.currencyId);
    }
    return [...currencyIds].map((currencyId) => {
      const exposure = this.open.exposureOf(currencyId);
      const totals = this.open.totalsOf(currencyId);
      const pool = books.find({ system: 'micro_pool' }, 0, currencyId);
      return {
        currency_id: currencyId,
        code: this.deps.currencies.currency(currencyId).code,
        balance: Decimal.unitsToString(pool?.balance ?? 0n),
        open_stakes: exposure.stakes.toString(),
        open_worst_case: exposure.worstCase.toString(),
        staked_total: totals.staked.toString(),
        paid_total: totals.paid.toString(),
        fees_total: totals.fees.toString(),
        funded_total: totals.funded.toString(),
      };
    });
  }

  /** An operator's funding of the pool (admin route and `npm run pool`). */
  async fund(currencyCode: string, amountText: string): Promise<MicroPoolCurrency> {
    const currency = this.deps.currencies.byCode(currencyCode);
    const amount = Decimal.parse(amountText);
    this.deps.currencies.checkAmount(currency.id, amount);
    await this.deps.sequencer
      .dispatch('micro.fund', { currencyId: currency.id, amount })
      .catch(postingErrorToAppError);
    return (await this.pool()).find((row) => row.currency_id === currency.id)!;
  }

  /** microtrade/verify: an order with the two tape rows that decided it and the rule, for anyone. */
  async verify(orderId: number, lang: Lang): Promise<MicroVerification> {
    const row = await this.deps.db
      .selectFrom('micro_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!row) throw notFound('error.micro_order_unknown');
    const record = this.record(row);
    const openEntry = await this.deps.tape.entryAt(record.marketId, record.openTime);
    const endEntry = record.settled ? await this.deps.tape.entryAt(record.marketId, record.endsAt) : null;
    if (!openEntry) throw notFound('error.micro_tape_pruned');
    return {
      order: this.view(record),
      open_entry: openEntry,
      end_entry: endEntry,
      rule: this.rule(record, lang),
    };
  }

  private rule(record: OrderRecord, lang: Lang): string {
    const side = translate(lang, record.side === 1 ? 'micro.side_up' : 'micro.side_down');
    if (!record.settled) {
      return translate(lang, 'micro.rule_open', { side, open: record.openPrice.toString() });
    }
    return translate(lang, `micro.rule_${record.settled.outcome}`, {
      side,
      open: record.openPrice.toString(),
      end: record.settled.endPrice.toString(),
      stake: record.stake.toString(),
      ratio: record.profitRatio.toString(),
      payout: record.settled.payout.toString(),
    });
  }

  record(row: Parameters<typeof recordOfRow>[0]): OrderRecord {
    return recordOfRow(row, this.deps.currencies.currency(row.currency_id).decimals);
  }

  view(record: OrderRecord): MicroOrderView {
    return orderView(
      record,
      {
        symbol: this.deps.markets.market(record.marketId).symbol,
        currency: this.deps.currencies.currency(record.currencyId).code,
      },
      this.deps.clock.now(),
    );
  }
}
