import {
  Decimal,
  type Deal,
  type MarketView,
  type QuoteGroup,
  type CompletedTrade,
  type DepthLevel,
  type Lang,
  type Paged,
  type Quotation,
  type SpotOrderView,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../db/schema.js';
import { newestFirst } from '../db/paging.js';
import { paged } from '../lib/paged.js';
import { RequestOnce, sameRequest, type RequestOnceKey } from '../lib/request-once.js';
import { badRequest } from '../platform/errors.js';
import { translate } from '../platform/messages/index.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import { postingErrorToAppError } from '../ledger/service.js';
import type { Clock } from '../lib/clock.js';
import { formatDateTime } from '../lib/time.js';
import { BUY, SELL, type Side } from './engine.js';
import type { Market, MarketDirectory } from '../market/markets.js';
import {
  LIMIT,
  OrderStatus,
  type OpenOrder,
  type OrderOutcome,
  type OrderType,
  type SpotOrders,
  type TradeEvent,
} from './orders.js';
import { Ticker } from './ticker.js';
import { KlineStore, type BarView } from './klines.js';
import { PERIOD_MS, type Period } from './periods.js';
import type { Db } from '../db/connect.js';
import type { CommandContext } from '../ledger/sequencer.js';

/** Recent trades kept per market, as many as the trade page lists. */
export const RECENT_TRADES = 30;
const DEPTH_LEVELS = 50;

export interface PlaceOrder {
  marketId: number;
  /** The amount; a market buy may give `total` (quote to spend) instead. */
  number?: string | undefined;
  total?: string | undefined;
  price?: string | undefined;
  type: OrderType;
  /** The caller's request id and a hash of the terms, kept on the order's row. */
  request?: { id: string; hash: string } | undefined;
}

/** An order's terms as data (`spot.place`): amounts as canonical decimal text. */
export interface PlaceData {
  userId: number;
  marketId: number;
  way: Side;
  type: OrderType;
  number: string | null;
  total: string | null;
  price: string | null;
  request: { id: string; hash: string } | null;
}

/** A cancel of one open order by its owner, as data (`spot.cancel`). */
export interface CancelData {
  userId: number;
  orderId: number;
  way: Side;
}

declare module '../ledger/commands.js' {
  interface CommandCatalogue {
    'spot.place': { data: PlaceData; result: OrderOutcome };
    'spot.cancel': { data: CancelData; result: OrderOutcome };
  }
}

/** What placing answers: the order as it stands, and how many trades its placing made. */
export interface PlacedOrder {
  id: number;
  status: number;
  trades: number;
  view: SpotOrderView;
}

/** Listeners of what committed orders changed: the live feed subscribes here. */
export interface SpotListener {
  onOutcome(outcome: OrderOutcome): void;
}

/** Orders, books and market data of the spot markets. */
export class SpotService {
  private readonly tickers = new Map<number, Ticker>();
  private readonly recent = new Map<number, CompletedTrade[]>();
  private readonly listeners: SpotListener[] = [];
  private readonly placedListeners: ((market: Market, outcome: OrderOutcome) => void)[] = [];
  private readonly requests = new RequestOnce<PlacedOrder>();
  readonly klines: KlineStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sequencer: Sequencer,
    readonly orders: SpotOrders,
    readonly markets: MarketDirectory,
    private readonly currencies: CurrencyDirectory,
    private readonly clock: Clock,
    private readonly timeZone: string,
    database: Db,
    /** CNY per USD, for the cny_price shown beside USD prices. */
    private readonly usdCny: Decimal,
  ) {
    this.klines = new KlineStore(database, timeZone);
    sequencer.onResync(() => this.orders.reload());
    sequencer.handle('spot.place', (context, data) => this.applyPlace(context, data));
    sequencer.handle('spot.cancel', (context, data) => this.applyCancel(context, data));
    currencies.livePrices = (currencyId) => this.usdPrice(currencyId);
  }

  /** Loads the open orders into the books and the last day of trades into the tickers. */
  async load(): Promise<void> {
    await this.orders.load();
    await this.klines.load(this.markets.all().map((market) => market.id));
    const since = this.clock.now() - 24 * 3_600_000;
    for (const market of this.markets.all()) {
      const ticker = new Ticker();
      const before = await this.db
        .selectFrom('trades')
        .select('price')
        .where('currency_match_id', '=', market.id)
        .where('created_at', '<', since)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (before) ticker.setLast(Decimal.parse(String(before.price)));
      const rows = await this.db
        .selectFrom('trades')
        .select(['price', 'number', 'amount', 'created_at'])
        .where('currency_match_id', '=', market.id)
        .where('created_at', '>=', since)
        .orderBy('id')
        .execute();
      for (const row of rows) {
        ticker.add(
          row.created_at,
          Decimal.parse(String(row.price)),
          Decimal.parse(String(row.number)),
          Decimal.parse(String(row.amount)),
        );
      }
      this.tickers.set(market.id, ticker);
      const latest = await this.db
        .selectFrom('trades')
        .selectAll()
        .where('currency_match_id', '=', market.id)
        .orderBy('id', 'desc')
        .limit(RECENT_TRADES)
        .execute();
      this.recent.set(
        market.id,
        latest.map((row) =>
          this.completed(
            row.id,
            Decimal.parse(String(row.price)),
            Decimal.parse(String(row.number)),
            row.taker_way as Side,
            row.created_at,
          ),
        ),
      );
    }
  }

  listen(listener: SpotListener): void {
    this.listeners.push(listener);
  }

  /** Told of each order placed, with the trades it made, once committed (metrics). */
  onPlaced(listener: (market: Market, outcome: OrderOutcome) => void): void {
    this.placedListeners.push(listener);
  }

  // ---- commands -------------------------------------------------------------------------

  /**
   * An order's terms as the `spot.place` command's data: checked as far as no state is needed,
   * amounts in canonical form.
   */
  orderData(userId: number, way: Side, input: PlaceOrder): PlaceData {
    const market = this.markets.market(input.marketId);
    if (!market.tradable) throw badRequest('error.market_closed');
    if (way === SELL && market.sellDisabled) throw badRequest('error.sell_disabled');
    if (input.type === LIMIT && !input.price) throw badRequest('error.price_required');
    // Exactly one of amount and total; a total only for a market buy.
    const byTotal = input.type !== LIMIT && way === BUY && input.total !== undefined;
    if (byTotal ? input.number !== undefined : input.number === undefined || input.total !== undefined) {
      throw badRequest('error.amount_or_total');
    }
    const canonical = (text: string) => Decimal.parse(text).toString();
    return {
      userId,
      marketId: market.id,
      way,
      type: input.type,
      number: input.number === undefined ? null : canonical(input.number),
      total: byTotal ? canonical(input.total!) : null,
      price: input.type === LIMIT ? canonical(input.price!) : null,
      request: input.request ? { id: input.request.id, hash: input.request.hash } : null,
    };
  }

  /** Places an order; `at` stamps it with another time (the demo backfill's history). */
  async place(userId: number, way: Side, input: PlaceOrder, at?: number): Promise<OrderOutcome> {
    const data = this.orderData(userId, way, input);
    return this.sequencer.dispatch('spot.place', data, at).catch(postingErrorToAppError);
  }

  /** The `spot.place` command; a larger command (a conversion) may place an order as one of its steps. */
  applyPlace(context: CommandContext, data: PlaceData): OrderOutcome {
    const optional = (text: string | null) => (text === null ? undefined : Decimal.parse(text));
    const outcome = this.orders.place({
      userId: data.userId,
      marketId: data.marketId,
      way: data.way,
      type: data.type,
      number: optional(data.number),
      total: optional(data.total),
      price: optional(data.price),
      request: data.request ?? undefined,
    })(context);
    context.afterCommit(() => {
      for (const listener of this.placedListeners) listener(outcome.order.market, outcome);
      this.published(outcome);
    });
    return outcome;
  }

  /**
   * Places a caller's order. With a request id it is placed once: the same id again answers the
   * first order as it stands now (a twin sent at once waits for the first), and the same id with
   * other terms is refused.
   */
  async placeOrder(
    userId: number,
    way: Side,
    input: PlaceOrder,
    request?: RequestOnceKey | null,
  ): Promise<PlacedOrder> {
    const placed = (outcome: OrderOutcome): PlacedOrder => ({
      id: outcome.order.id,
      status: outcome.status,
      trades: outcome.trades.length,
      view: this.openOrderView(outcome.order, outcome.status),
    });
    if (!request) return placed(await this.place(userId, way, input));
    return this.requests.run(
      `${userId}|${request.id}`,
      () => this.earlierOrder(userId, way, request.id, request.hash),
      async () => placed(await this.place(userId, way, { ...input, request })),
    );
  }

  private async earlierOrder(
    userId: number,
    way: Side,
    requestId: string,
    hash: string,
  ): Promise<PlacedOrder | undefined> {
    const row = sameRequest(
      await this.db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),
      hash,
    );
    if (!row) return undefined;
    // The trades its placing made: the ones it took as the incoming order.
    const { count } = await this.db
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(way === BUY ? 'buy_order_id' : 'sell_order_id', '=', row.id)
      .where('taker_way', '=', way)
      .executeTakeFirstOrThrow();
    return { id: row.id, status: row.status, trades: Number(count), view: this.orderView(row, 'en') };
  }

  async cancel(userId: number, orderId: number, way: Side): Promise<OrderOutcome> {
    return this.sequencer.dispatch('spot.cancel', { userId, orderId, way });
  }

  private applyCancel(context: CommandContext, { userId, orderId, way }: CancelData): OrderOutcome {
    const outcome = this.orders.cancel(userId, orderId, way)(context);
    context.afterCommit(() => this.published(outcome));
    return outcome;
  }

  private published(outcome: OrderOutcome): void {
    for (const trade of outcome.trades) this.recordTrade(trade);
    for (const listener of this.listeners) listener.onOutcome(outcome);
  }

  private recordTrade(trade: TradeEvent): void {
    const price = trade.market.price(trade.priceTicks);
    const quantity = trade.market.quantity(trade.lots);
    const amount = trade.market.notional(trade.priceTicks, trade.lots);
    this.tickers.get(trade.market.id)!.add(trade.time, price, quantity, amount);
    trade.klineChanges = this.klines.add(trade.market.id, trade.id, trade.time, price, quantity, amount);
    const recent = this.recent.get(trade.market.id)!;
    recent.unshift(this.completed(trade.id, price, quantity, trade.takerWay, trade.time));
    if (recent.length > RECENT_TRADES) recent.pop();
  }

  // ---- market data ------------------------------------------------------------------------

  /** market/currency_matches: one group per quote currency (docs/market-data.md). */
  currencyMatches(): QuoteGroup[] {
    const groups = new Map<number, QuoteGroup>();
    for (const market of this.markets.all()) {
      let group = groups.get(market.quoteId);
      if (!group) {
        group = {
          id: market.quoteId,
          code: market.quoteCode,
          is_quote: 1,
          ...this.quotePrices(market.quoteId),
          matches: [],
        };
        groups.set(market.quoteId, group);
      }
      group.matches.push(this.marketView(market));
    }
    return [...groups.values()];
  }

  marketView(market: Market): MarketView {
    const row = market.row;
    const money = (value: string) => Decimal.parse(String(value)).toString();
    const flag = (value: number) => (value ? 1 : 0) as 0 | 1;
    return {
      id: market.id,
      symbol: market.symbol,
      base_currency_id: market.baseId,
      quote_currency_id: market.quoteId,
      base_currency_code: market.baseCode,
      quote_currency_code: market.quoteCode,
      base_currency: this.currencies.currency(market.baseId).row.logo,
      open_change: flag(row.open_change),
      open_lever: flag(row.open_lever),
      open_microtrade: flag(row.open_microtrade),
      sell_disabled: flag(row.sell_disabled),
      lever_point_rate: money(row.lever_point_rate),
      lever_share_num: money(row.lever_share_num),
      lever_fee_rate: money(row.lever_fee_rate),
      change_fee_rate: money(row.change_fee_rate),
      price_decimals: market.priceDecimals,
      number_decimals: market.numberDecimals,
      min_number: market.minNumber.toString(),
      price_protection: market.protectionPercent.toString(),
      currency_quotation: this.quotation(market),
    };
  }

  /** A quote currency's USD price and its CNY equivalent (4 decimals, rounded down). */
  private quotePrices(currencyId: number): { usd_price: string; cny_price: string } {
    const usd = this.usdPrice(currencyId);
    return { usd_price: usd.toString(), cny_price: usd.mul(this.usdCny, 4, 'down').toString() };
  }

  /** market/deal: quotation with the quote currency's prices, depth and the latest trades. */
  deal(marketId: number): Deal {
    const market = this.markets.market(marketId);
    const prices = this.quotePrices(market.quoteId);
    return {
      quotation: {
        ...this.quotation(market),
        symbol: market.symbol,
        ...prices,
        // The spec's client reads the quote currency's prices here.
        currency_match: {
          id: market.id,
          symbol: market.symbol,
          quote_currency: { id: market.quoteId, code: market.quoteCode, ...prices },
        },
      },
      depth: this.depth(market),
      tx_completes: this.recentTrades(market.id),
    };
  }

  quotation(market: Market): Quotation {
    const values = this.tickers.get(market.id)!.values(this.clock.now());
    const text = (value: Decimal) => value.toString();
    return {
      currency_match_id: market.id,
      open: text(values.open),
      close: text(values.close),
      change: values.change.toString(2),
      high: text(values.high),
      low: text(values.low),
      volume: text(values.volume),
      amount: text(values.amount),
    };
  }

  lastPrice(marketId: number): Decimal {
    return this.tickers.get(marketId)!.lastPrice;
  }

  depth(market: Market, levels = DEPTH_LEVELS): { in: DepthLevel[]; out: DepthLevel[] } {
    const depth = this.orders.book(market.id).depth(levels);
    const entry = (level: { price: number; quantity: number }): DepthLevel => {
      const quantity = market.quantity(level.quantity).toString();
      return { price: market.price(level.price).toString(), amount: quantity, number: quantity };
    };
    return { in: depth.bids.map(entry), out: depth.asks.map(entry) };
  }

  recentTrades(marketId: number): CompletedTrade[] {
    return this.recent.get(marketId) ?? [];
  }

  private completed(id: number, price: Decimal, quantity: Decimal, way: Side, time: number): CompletedTrade {
    return {
      id,
      price: price.toString(),
      amount: quantity.toString(),
      way,
      timestamp: time,
      time: formatDateTime(time, this.timeZone),
    };
  }

  async klineBars(query: {
    marketId?: number | undefined;
    symbol?: string | undefined;
    period: Period;
    from?: number | undefined;
    to?: number | undefined;
  }): Promise<BarView[]> {
    const market = query.marketId
      ? this.markets.market(query.marketId)
      : this.markets.bySymbol(query.symbol ?? '');
    // Front ends send seconds or milliseconds; anything below 10^11 is seconds.
    const ms = (value: number | undefined) =>
      value === undefined ? undefined : value < 1e11 ? value * 1000 : value;
    const to = ms(query.to) ?? this.clock.now();
    const from = ms(query.from) ?? to - 300 * PERIOD_MS[query.period];
    return this.klines.bars(market.id, query.period, from, to);
  }

  // ---- order lists ------------------------------------------------------------------------

  /** The user's orders of one side, current (open) or all, newest first. */
  async list(
    userId: number,
    way: Side | undefined,
    scope: 'open' | 'all' | 'history',
    marketId: number | undefined,
    page: number,
    perPage: number,
    lang: Lang,
  ): Promise<Paged<SpotOrderView>> {
    let query = this.db.selectFrom('orders').where('user_id', '=', userId);
    if (way) query = query.where('way', '=', way);
    if (marketId) query = query.where('currency_match_id', '=', marketId);
    if (scope === 'open') query = query.where('status', '=', OrderStatus.OPEN);
    if (scope === 'history') query = query.where('status', '!=', OrderStatus.OPEN);
    const { total, rows } = await newestFirst(query, page, perPage);
    return paged(
      rows.map((row) => this.orderView(row, lang)),
      total,
      page,
      perPage,
    );
  }

  orderView(row: Selectable<OrdersTable>, lang: Lang): SpotOrderView {
    const money = (value: string) => Decimal.parse(String(value)).toString();
    return {
      id: row.id,
      currency_match_id: row.currency_match_id,
      currency_match: { symbol: this.markets.market(row.currency_match_id).symbol },
      way: row.way === BUY ? 1 : 2,
      way_name: translate(lang, row.way === BUY ? 'order.way.1' : 'order.way.2'),
      type: row.type === LIMIT ? 0 : 1,
      price: row.price === null ? null : money(row.price),
      number: money(row.number),
      transacted_amount: money(row.transacted_amount),
      transacted_volume: money(row.transacted_volume),
      ...this.fillSummary(
        this.markets.market(row.currency_match_id),
        row.way === BUY,
        Decimal.parse(String(row.transacted_amount)),
        Decimal.parse(String(row.transacted_volume)),
      ),
      fee: money(row.fee),
      status: row.status,
      status_name: translate(lang, `order.status.${row.status as 1 | 2 | 3}`),
      created_at: formatDateTime(row.created_at, this.timeZone),
      updated_at: formatDateTime(row.updated_at, this.timeZone),
    };
  }

  /** What an order's fills came to: the average price, and the currency its fee was taken in. */
  private fillSummary(
    market: Market,
    isBuy: boolean,
    filled: Decimal,
    volume: Decimal,
  ): { avg_price: string | null; fee_currency: string } {
    const code = (id: number) => this.currencies.currency(id).row.code;
    return {
      avg_price: filled.isZero() ? null : volume.div(filled, market.priceDecimals + 2, 'half-up').toString(),
      fee_currency: code(isBuy ? market.baseId : market.quoteId),
    };
  }

  /** The live-feed view of an order the sequencer holds (names in English; clients use the codes). */
  openOrderView(order: OpenOrder, status: number): SpotOrderView {
    const now = formatDateTime(this.clock.now(), this.timeZone);
    return {
      id: order.id,
      currency_match_id: order.market.id,
      currency_match: { symbol: order.market.symbol },
      way: order.way === BUY ? 1 : 2,
      way_name: translate('en', order.way === BUY ? 'order.way.1' : 'order.way.2'),
      type: order.type === LIMIT ? 0 : 1,
      price: order.type === LIMIT ? order.market.price(order.priceTicks).toString() : null,
      number: order.number.toString(),
      transacted_amount: order.filled.toString(),
      transacted_volume: order.volume.toString(),
      ...this.fillSummary(order.market, order.way === BUY, order.filled, order.volume),
      fee: order.fee.toString(),
      status,
      status_name: translate('en', `order.status.${status as 1 | 2 | 3}`),
      created_at: formatDateTime(order.createdAt, this.timeZone),
      updated_at: now,
    };
  }

  /** The USD price of a currency: 1 for USDT, else its USDT market's last trade, else the reference. */
  usdPrice(currencyId: number): Decimal {
    const usdt = this.currencies.byCode('USDT');
    if (currencyId === usdt.id) return Decimal.ONE;
    const market = this.markets.all().find((m) => m.baseId === currencyId && m.quoteId === usdt.id);
    const last = market ? this.lastPrice(market.id) : Decimal.ZERO;
    return last.isPositive() ? last : this.currencies.referenceUsdPrice(currencyId);
  }
}
