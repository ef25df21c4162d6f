import { Decimal } from '@oex/protocol';
import type { Clock } from '../../lib/clock.js';
import type { Market } from '../../market/markets.js';
import { BUY, SELL, type Side } from '../../spot/engine.js';
import type { OrderOutcome } from '../../spot/orders.js';
import { bucketStart, PERIOD_MS, type Period } from '../../spot/periods.js';
import type { SpotService } from '../../spot/service.js';
import type { BarView } from '../../spot/klines.js';
import type { BookChange, BookSequence } from '../book-sequence.js';
import {
  bookTickerEvent,
  depthUpdate,
  klineEvent,
  miniTickerEvent,
  tickerEvent,
  type TickerFacts,
  tradeEvent,
  type LevelPair,
  type PartialDepthEvent,
} from '../stream-events.js';
import { KLINE_INTERVALS, PARTIAL_LEVELS, parseStreamName } from '../stream-names.js';
import { binanceSymbol, marketOfSymbol } from '../symbols.js';
import type { StreamRegistry, StreamSocket } from './sockets.js';

export const FAST_MS = 100;
export const SLOW_MS = 1000;

/** Book changes gathered for one diff: the first update id, and the levels touched (null: all). */
interface PendingDiff {
  firstUpdateId: number;
  lastUpdateId: number;
  levels: Map<string, { way: Side; priceTicks: number }> | null;
}

/** What the 100 ms and 1 s pushes of one cadence have still to send. */
interface Cadence {
  fast: boolean;
  diffs: Map<Market, PendingDiff>;
  /** Markets whose book changed (partial depth and book tickers). */
  books: Set<Market>;
}

const levelKey = (way: Side, priceTicks: number) => `${way}|${priceTicks}`;
const INTERVALS = Object.entries(KLINE_INTERVALS) as [string, Period][];

/**
 * Binance's market streams, computed once per market and push for all readers: depth diffs (with
 * the REST snapshot's update ids, from the shared book sequence), partial books, trades, klines,
 * the 24-hour ticker and the book ticker. Trades go out as they commit; the rest is coalesced into
 * 100 ms (fast) and 1 s pushes.
 */
export class MarketFeed {
  private readonly fast: Cadence = { fast: true, diffs: new Map(), books: new Set() };
  private readonly slow: Cadence = { fast: false, diffs: new Map(), books: new Set() };
  private readonly tickers = new Set<Market>();
  /** Per market and period: the bar changed since the last push, and bars closed in between. */
  private readonly klines = new Map<string, { market: Market; period: Period; closed: BarView[] }>();
  private readonly lastTop = new Map<Market, string>();
  /** Per market, the levels the diffs last sent with a quantity (zeroed on a resync if gone). */
  private readonly published = new Map<Market, Map<string, { way: Side; priceTicks: number }>>();
  private readonly timers: NodeJS.Timeout[];
  private readonly stopListening: () => void;

  constructor(
    private readonly registry: StreamRegistry,
    private readonly spot: SpotService,
    private readonly sequence: BookSequence,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {
    this.stopListening = sequence.onChange((change) => this.onBookChange(change));
    spot.listen({ onOutcome: (outcome) => this.onOutcome(outcome) });
    this.timers = [
      setInterval(() => this.flush(this.fast), FAST_MS),
      setInterval(() => {
        this.flush(this.slow);
        this.flushSlow();
      }, SLOW_MS),
    ];
    for (const timer of this.timers) timer.unref();
  }

  private onBookChange(change: BookChange): void {
    for (const cadence of [this.fast, this.slow]) {
      cadence.books.add(change.market);
      let pending = cadence.diffs.get(change.market);
      if (!pending) {
        pending = { firstUpdateId: change.updateId, lastUpdateId: change.updateId, levels: new Map() };
        cadence.diffs.set(change.market, pending);
      }
      pending.lastUpdateId = change.updateId;
      if (change.levels === null) pending.levels = null;
      else if (pending.levels) {
        for (const level of change.levels) pending.levels.set(levelKey(level.way, level.priceTicks), level);
      }
    }
  }

  private onOutcome(outcome: OrderOutcome): void {
    if (outcome.trades.length === 0) return;
    const market = outcome.order.market;
    const symbol = binanceSymbol(market);
    const stream = `${symbol.toLowerCase()}@trade`;
    const now = this.clock.now();
    for (const trade of outcome.trades) {
      this.registry.publish(stream, () =>
        tradeEvent(symbol, now, {
          id: trade.id,
          price: market.price(trade.priceTicks).toString(),
          quantity: market.quantity(trade.lots).toString(),
          time: trade.time,
          buyerIsMaker: trade.takerWay === SELL,
        }),
      );
      for (const { period, closed } of trade.klineChanges ?? []) {
        const key = `${market.id}|${period}`;
        let dirty = this.klines.get(key);
        if (!dirty) this.klines.set(key, (dirty = { market, period, closed: [] }));
        if (closed) dirty.closed.push(closed);
      }
    }
    this.tickers.add(market);
  }

  /** One cadence's depth diffs, partial books and (fast only) book tickers. */
  private flush(cadence: Cadence): void {
    const now = this.clock.now();
    const speed = cadence.fast ? '@100ms' : '';
    for (const [market, pending] of cadence.diffs) {
      const lower = binanceSymbol(market).toLowerCase();
      const streams = cadence.fast ? [`${lower}@depth@100ms`] : [`${lower}@depth`, `${lower}@depth@1000ms`];
      const readers = streams.filter((stream) => this.registry.has(stream));
      if (readers.length === 0) continue;
      const event = this.diffEvent(market, pending, now);
      for (const stream of readers) this.registry.publish(stream, () => event);
    }
    cadence.diffs.clear();
    for (const market of cadence.books) {
      const lower = binanceSymbol(market).toLowerCase();
      for (const levels of PARTIAL_LEVELS) {
        const stream = `${lower}@depth${levels}${speed}`;
        this.registry.publish(stream, () => this.partialBook(market, levels));
        if (!cadence.fast) this.registry.publish(`${stream}@1000ms`, () => this.partialBook(market, levels));
      }
      if (cadence.fast) this.pushBookTicker(market);
    }
    cadence.books.clear();
  }

  /** A diff: every level the changes touched, with its quantity as the book now holds it. */
  private diffEvent(market: Market, pending: PendingDiff, now: number) {
    const book = this.spot.orders.book(market.id).depth(Number.MAX_SAFE_INTEGER);
    const quantities = { [BUY]: new Map<number, number>(), [SELL]: new Map<number, number>() };
    for (const level of book.bids) quantities[BUY].set(level.price, level.quantity);
    for (const level of book.asks) quantities[SELL].set(level.price, level.quantity);
    const bids: LevelPair[] = [];
    const asks: LevelPair[] = [];
    let published = this.published.get(market);
    if (!published) this.published.set(market, (published = new Map()));
    // After a resync every level may have changed: the whole book, and a zero for every level sent
    // before that the reloaded book no longer has (it may have come from a batch that never committed).
    const levels = pending.levels
      ? [...pending.levels.values()]
      : [
          ...published.values(),
          ...book.bids.map((level) => ({ way: BUY as Side, priceTicks: level.price })),
          ...book.asks.map((level) => ({ way: SELL as Side, priceTicks: level.price })),
        ];
    const seen = new Set<string>();
    for (const level of levels) {
      const key = levelKey(level.way, level.priceTicks);
      if (seen.has(key)) continue;
      seen.add(key);
      const lots = quantities[level.way].get(level.priceTicks) ?? 0;
      if (lots > 0) published.set(key, level);
      else published.delete(key);
      const pair: LevelPair = [market.price(level.priceTicks).toString(), market.quantity(lots).toString()];
      (level.way === BUY ? bids : asks).push(pair);
    }
    // Best first, as Binance orders them.
    bids.sort((a, b) => Decimal.parse(b[0]).cmp(Decimal.parse(a[0])));
    asks.sort((a, b) => Decimal.parse(a[0]).cmp(Decimal.parse(b[0])));
    return depthUpdate(binanceSymbol(market), now, pending.firstUpdateId, pending.lastUpdateId, bids, asks);
  }

  /** A partial book (`@depth5` and the like): the best levels with the book's last update id. */
  partialBook(market: Market, levels: number): PartialDepthEvent {
    const depth = this.spot.orders.book(market.id).depth(levels);
    const pair = (level: { price: number; quantity: number }): LevelPair => [
      market.price(level.price).toString(),
      market.quantity(level.quantity).toString(),
    ];
    return {
      lastUpdateId: this.sequence.lastUpdateId(market.id),
      bids: depth.bids.map(pair),
      asks: depth.asks.map(pair),
    };
  }

  private top(market: Market): { bid: LevelPair; ask: LevelPair } {
    const { bids, asks } = this.partialBook(market, 1);
    return { bid: bids[0] ?? ['0', '0'], ask: asks[0] ?? ['0', '0'] };
  }

  /** The book ticker goes out when the best levels changed (Binance: in real time). */
  private pushBookTicker(market: Market): void {
    const stream = `${binanceSymbol(market).toLowerCase()}@bookTicker`;
    if (!this.registry.has(stream)) return;
    const { bid, ask } = this.top(market);
    const text = `${bid.join()}|${ask.join()}`;
    if (this.lastTop.get(market) === text) return;
    this.lastTop.set(market, text);
    const updateId = this.sequence.lastUpdateId(market.id);
    this.registry.publish(stream, () => bookTickerEvent(binanceSymbol(market), updateId, bid, ask));
  }

  /** Tickers and klines, every second for the markets that traded. */
  private flushSlow(): void {
    const now = this.clock.now();
    for (const market of this.tickers) {
      const lower = binanceSymbol(market).toLowerCase();
      this.registry.publish(`${lower}@ticker`, () => this.ticker(market, now));
      this.registry.publish(`${lower}@miniTicker`, () => this.miniTicker(market, now));
    }
    this.tickers.clear();
    for (const { market, period, closed } of this.klines.values()) {
      const symbol = binanceSymbol(market);
      for (const [interval, intervalPeriod] of INTERVALS) {
        if (intervalPeriod !== period) continue;
        const stream = `${symbol.toLowerCase()}@kline_${interval}`;
        if (!this.registry.has(stream)) continue;
        for (const bar of closed)
          this.registry.publish(stream, () => this.kline(symbol, interval, bar, true, now));
        const latest = this.spot.klines.latest(market.id, period);
        if (latest) this.registry.publish(stream, () => this.kline(symbol, interval, latest, false, now));
      }
    }
    this.klines.clear();
  }

  ticker(market: Market, now: number) {
    return tickerEvent(binanceSymbol(market), now, this.tickerFacts(market));
  }

  miniTicker(market: Market, now: number) {
    return miniTickerEvent(binanceSymbol(market), now, this.tickerFacts(market));
  }

  private tickerFacts(market: Market): TickerFacts {
    const quotation = this.spot.quotation(market);
    const open = Decimal.parse(quotation.open);
    const last = Decimal.parse(quotation.close);
    const volume = Decimal.parse(quotation.volume);
    const amount = Decimal.parse(quotation.amount);
    const recent = this.spot.recentTrades(market.id)[0];
    const { bid, ask } = this.top(market);
    return {
      open: quotation.open,
      high: quotation.high,
      low: quotation.low,
      last: quotation.close,
      lastQuantity: recent?.amount ?? '0',
      volume: quotation.volume,
      quoteVolume: quotation.amount,
      change: last.sub(open).toString(),
      changePercent: quotation.change,
      weightedAverage: volume.isZero() ? '0' : amount.div(volume, market.priceDecimals, 'half-up').toString(),
      bestBid: bid,
      bestAsk: ask,
      lastTradeId: recent?.id ?? -1,
    };
  }

  private kline(symbol: string, interval: string, bar: BarView, closed: boolean, now: number) {
    const period = bar.period as Period;
    // The next bucket starts within 1.2 lengths of this one for every period (months included).
    const closeTime = bucketStart(bar.time + PERIOD_MS[period] * 1.2, period, this.timeZone) - 1;
    return klineEvent(symbol, interval, now, {
      openTime: bar.time,
      closeTime,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: bar.volume,
      quoteVolume: bar.amount,
      closed,
    });
  }

  /**
   * A new subscriber's first frame of the streams that hold a state (partial books, tickers, the
   * current bar), so a quiet market still answers; diffs and trades start with the next change.
   */
  greet(client: StreamSocket, streams: string[]): void {
    const now = this.clock.now();
    for (const name of streams) {
      const stream = parseStreamName(name);
      const market = stream && marketOfSymbol(this.spot.markets, stream.symbol);
      if (!stream || !market) continue;
      const symbol = binanceSymbol(market);
      let event: unknown;
      if (stream.kind === 'partialDepth') event = this.partialBook(market, stream.levels);
      else if (stream.kind === 'ticker') event = this.ticker(market, now);
      else if (stream.kind === 'miniTicker') event = this.miniTicker(market, now);
      else if (stream.kind === 'bookTicker') {
        const { bid, ask } = this.top(market);
        event = bookTickerEvent(symbol, this.sequence.lastUpdateId(market.id), bid, ask);
      } else if (stream.kind === 'kline') {
        const latest = this.spot.klines.latest(market.id, stream.period);
        if (latest) event = this.kline(symbol, stream.interval, latest, false, now);
      }
      if (event !== undefined) this.registry.sendEvent(client, name, event);
    }
  }

  close(): void {
    this.stopListening();
    for (const timer of this.timers) clearInterval(timer);
  }
}
