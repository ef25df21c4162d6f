import { AccountTypeId, Decimal } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Account } from '../../ledger/books.js';
import type { CurrencyDirectory } from '../../ledger/currencies.js';
import type { Sequencer } from '../../ledger/sequencer.js';
import type { Clock } from '../../lib/clock.js';
import { BUY } from '../../spot/engine.js';
import { LIMIT, OrderStatus, type OpenOrder, type OrderOutcome, type TradeEvent } from '../../spot/orders.js';
import type { SpotService } from '../../spot/service.js';
import {
  accountPosition,
  executionReport,
  orderState,
  type ExecutionFacts,
  type ExecutionReport,
  type ExecutionType,
  type OrderState,
} from '../stream-events.js';
import { binanceSymbol } from '../symbols.js';

/** Where one user's events go: a WebSocket API subscription or a listen key's stream. */
export interface UserDataSink {
  userId: number;
  /** Takes an event serialized once for all the user's sinks. */
  deliver(eventText: string): void;
}

/** The figures of one fill, as both of its orders report it. */
interface FillFacts {
  trade: TradeEvent;
  quantity: Decimal;
  quote: Decimal;
  price: string;
}

/**
 * The user-data stream: `executionReport` for every order an outcome touched and
 * `outboundAccountPosition` with the spot balances a batch changed, to their owner's sinks only.
 * Both come from committed state: the spot outcomes are told after commit, and the ledger's commit
 * listeners run after the outcomes' effects, so a report always precedes the balances it changed.
 */
export class UserDataFeed {
  private readonly sinks = new Map<number, Set<UserDataSink>>();
  /** Client order ids of open orders already read (REST keeps `newClientOrderId` as the row's request id). */
  private readonly clientIds = new Map<number, string>();
  /** Deliveries wait here one after another: a report's id lookup never lets a later event pass it. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    spot: SpotService,
    sequencer: Sequencer,
    private readonly currencies: CurrencyDirectory,
    private readonly clock: Clock,
  ) {
    spot.listen({ onOutcome: (outcome) => this.onOutcome(outcome) });
    sequencer.onCommit((accounts) => this.onBalances(accounts));
  }

  add(sink: UserDataSink): void {
    let sinks = this.sinks.get(sink.userId);
    if (!sinks) this.sinks.set(sink.userId, (sinks = new Set()));
    sinks.add(sink);
  }

  remove(sink: UserDataSink): void {
    const sinks = this.sinks.get(sink.userId);
    sinks?.delete(sink);
    if (sinks?.size === 0) this.sinks.delete(sink.userId);
  }

  private deliver(userId: number, event: unknown): void {
    const sinks = this.sinks.get(userId);
    if (!sinks) return;
    const text = JSON.stringify(event);
    for (const sink of sinks) sink.deliver(text);
  }

  private onOutcome(outcome: OrderOutcome): void {
    const watched = outcome.touched.filter(({ order }) => this.sinks.has(order.userId));
    for (const { order, status } of outcome.touched) {
      if (status !== OrderStatus.OPEN && watched.every((entry) => entry.order !== order))
        this.clientIds.delete(order.id);
    }
    if (watched.length === 0) return;
    // Built now: the orders' figures change with later outcomes; only the client ids are read after.
    const reports = executionReports(outcome, this.clock.now());
    this.enqueue(async () => {
      const missing = watched.map(({ order }) => order.id).filter((id) => !this.clientIds.has(id));
      if (missing.length > 0) {
        const rows = await this.db
          .selectFrom('orders')
          .select(['id', 'request_id'])
          .where('id', 'in', missing)
          .execute();
        for (const row of rows) this.clientIds.set(row.id, row.request_id ?? String(row.id));
      }
      for (const { userId, event } of reports) {
        if (!this.sinks.has(userId)) continue;
        event.c = this.clientIds.get(event.i) ?? String(event.i);
        this.deliver(userId, event);
      }
      for (const { order, status } of watched)
        if (status !== OrderStatus.OPEN) this.clientIds.delete(order.id);
    });
  }

  private enqueue(task: () => Promise<void> | void): void {
    this.chain = this.chain.then(task).catch((error: Error) => console.error(`user data: ${error.message}`));
  }

  private onBalances(accounts: readonly Account[]): void {
    const byUser = new Map<number, Account[]>();
    for (const account of accounts) {
      if (account.userId === null || account.typeId !== AccountTypeId.change_account) continue;
      if (!this.sinks.has(account.userId)) continue;
      let list = byUser.get(account.userId);
      if (!list) byUser.set(account.userId, (list = []));
      list.push(account);
    }
    const now = this.clock.now();
    // Read now, sent in turn: the balances as this commit left them.
    const positions = [...byUser].map(([userId, list]) => ({
      userId,
      event: accountPosition(
        now,
        list.map((account) => ({
          asset: this.currencies.currency(account.currencyId).code,
          free: Decimal.fromUnits(account.balance).toString(),
          locked: Decimal.fromUnits(account.lock).toString(),
        })),
      ),
    }));
    this.enqueue(() => {
      for (const { userId, event } of positions) this.deliver(userId, event);
    });
  }
}

/**
 * Binance's execution reports for one committed outcome: for a placed order NEW, then per fill one
 * TRADE report for it and one for the maker, then EXPIRED for a market order's unfilled rest; for a
 * cancelled order one CANCELED. Orders cancelled by self-trade prevention report CANCELED.
 */
export function executionReports(
  outcome: OrderOutcome,
  now: number,
): { userId: number; event: ExecutionReport }[] {
  const reports: { userId: number; event: ExecutionReport }[] = [];
  const [first] = outcome.touched;
  if (!first) return reports;
  const order = first.order;
  const report = (
    target: OpenOrder,
    facts: Partial<ExecutionFacts> & { execution: ExecutionType; state: OrderState },
  ) =>
    reports.push({
      userId: target.userId,
      event: executionReport(now, { ...baseFacts(target, now), ...facts }),
    });

  // A limit order is never cancelled by its own placing (it rests), so this is a cancel command.
  if (order.type === LIMIT && first.status === OrderStatus.CANCELLED && outcome.trades.length === 0) {
    report(order, { execution: 'CANCELED', state: 'CANCELED', onBook: false });
    return reports;
  }
  report(order, {
    execution: 'NEW',
    state: 'NEW',
    cumulativeQuantity: '0',
    cumulativeQuote: '0',
    onBook: order.type === LIMIT && outcome.trades.length === 0 && first.status === OrderStatus.OPEN,
  });
  const makers = outcome.touched.slice(outcome.touched.length - outcome.trades.length);
  for (const cancelled of outcome.touched.slice(1, outcome.touched.length - outcome.trades.length)) {
    report(cancelled.order, { execution: 'CANCELED', state: 'CANCELED', onBook: false });
  }
  let filled = Decimal.ZERO;
  let quote = Decimal.ZERO;
  outcome.trades.forEach((trade, index) => {
    const market = trade.market;
    const fill: FillFacts = {
      trade,
      quantity: market.quantity(trade.lots),
      quote: market.notional(trade.priceTicks, trade.lots),
      price: market.price(trade.priceTicks).toString(),
    };
    filled = filled.add(fill.quantity);
    quote = quote.add(fill.quote);
    const last = index === outcome.trades.length - 1;
    const takerState: OrderState =
      last && first.status === OrderStatus.COMPLETED ? 'FILLED' : 'PARTIALLY_FILLED';
    report(order, {
      ...fillFacts(order, fill, false),
      state: takerState,
      cumulativeQuantity: filled.toString(),
      cumulativeQuote: quote.toString(),
      onBook: last && first.status === OrderStatus.OPEN,
    });
    const maker = makers[index]!;
    report(maker.order, {
      ...fillFacts(maker.order, fill, true),
      state: orderState(maker.status, true, 'LIMIT'),
      onBook: maker.status === OrderStatus.OPEN,
    });
  });
  if (first.status === OrderStatus.CANCELLED) {
    report(order, { execution: 'EXPIRED', state: 'EXPIRED', onBook: false });
  }
  return reports;
}

/** An order's standing figures, as every report of it carries them. */
function baseFacts(order: OpenOrder, now: number): ExecutionFacts {
  const market = order.market;
  return {
    symbol: binanceSymbol(market),
    clientOrderId: '',
    side: order.way === BUY ? 'BUY' : 'SELL',
    type: order.type === LIMIT ? 'LIMIT' : 'MARKET',
    quantity: order.number.toString(),
    price: order.type === LIMIT ? market.price(order.priceTicks).toString() : '0',
    execution: 'NEW',
    state: 'NEW',
    orderId: order.id,
    lastQuantity: '0',
    cumulativeQuantity: order.filled.toString(),
    lastPrice: '0',
    commission: '0',
    commissionAsset: null,
    transactionTime: now,
    tradeId: -1,
    onBook: false,
    maker: false,
    createdAt: order.createdAt,
    cumulativeQuote: order.volume.toString(),
    lastQuote: '0',
    quoteOrderQuantity: '0',
  };
}

/** One fill as one of its orders reports it; the fee as the settlement takes it (orders.ts settle). */
function fillFacts(
  order: OpenOrder,
  fill: FillFacts,
  maker: boolean,
): Partial<ExecutionFacts> & { execution: 'TRADE' } {
  const market = order.market;
  const isBuy = order.way === BUY;
  const commission = isBuy ? fill.quantity.mul(order.feeRate) : fill.quote.mul(order.feeRate);
  return {
    execution: 'TRADE',
    lastQuantity: fill.quantity.toString(),
    lastPrice: fill.price,
    lastQuote: fill.quote.toString(),
    commission: commission.toString(),
    commissionAsset: isBuy ? market.baseCode.toUpperCase() : market.quoteCode.toUpperCase(),
    transactionTime: fill.trade.time,
    tradeId: fill.trade.id,
    maker,
  };
}
