import {
  averageOver,
  Decimal,
  markSample,
  windowAverage,
  windowSpanMs,
  type AverageWalk,
  type MarkInputsView,
  type MarkPriceView,
  type MarkRowFigures,
  type MarkRule,
  type Paged,
  type PriceAmount,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Settings } from '../platform/settings.js';
import { newestFirst } from '../db/paging.js';
import { paged } from '../lib/paged.js';
import type { Database, MarkPricesTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { Market } from './markets.js';
import type { SpotService } from '../spot/service.js';
import { shouldRecord } from './mark.js';

const SECOND = 1000;
const DAY = 86_400_000;
/** How long after a second begins it is sampled: past the boundary, early enough to settle within it. */
const ALIGN_MS = 5;
/** A tape that has not sampled for this long is stale. */
const STALE_MS = 3000;
/** Book levels read per side for a walk: far more than any impact notional needs on a live book. */
const WALK_LEVELS = 200;

/** One market's state between seconds: the last row written and the window's samples. */
interface MarketState {
  /** The mark; null while a market's first window fills. */
  price: Decimal | null;
  /** The second of the last row written (0: none yet). */
  time: number;
  sample: Decimal | null;
  window: MarkWindowEntry[];
}

interface MarkWindowEntry {
  time: number;
  sample: Decimal;
}

/** A market's second as sampled: every figure of its row. */
interface Sample {
  marketId: number;
  time: number;
  rule: MarkRule;
  bestBid: Decimal | null;
  bestAsk: Decimal | null;
  lastPrice: Decimal | null;
  lastTradeId: number | null;
  bid: AverageWalk | null;
  ask: AverageWalk | null;
  trade: AverageWalk | null;
  tradeIds: number[];
  sample: Decimal | null;
  window: MarkWindowEntry[];
  /** The mark: the window's average when full, else the mark held; null before any. */
  price: Decimal | null;
}

/** Why no new contract may open on a market's mark now. */
export type MarkUnavailable = 'stale' | 'thin' | 'warming';

/**
 * The public mark-price tape (docs/mark-price.md). Once a second it walks every market's book and
 * recent trades for the impact bid, impact ask and trade price, takes their median as the second's
 * sample, and records the mark (the average of the window's samples) with everything that decided
 * it whenever the mark or the sample changed (and once a minute while neither did). Rows are never
 * edited; nobody can write a price into it but this sampler, which reads only the engine's books
 * and trades. Seconds while the server was down are simply not on it.
 */
export class MarkTape {
  private readonly state = new Map<number, MarketState>();
  private readonly thin = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  /** Whether the sampler is scheduled (start until stop). */
  private scheduled = false;
  private pruneAt = 0;
  private running: Promise<void> = Promise.resolve();
  /** The last second every market was sampled at: the tape is complete up to it. */
  private sampledUntil: number | undefined;
  private readonly tickListeners: ((asOf: number) => Promise<void>)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly spot: SpotService,
    private readonly settings: Settings,
    private readonly clock: Clock,
  ) {}

  /** Loads each market's newest row and its window, so a restart continues the tape without a duplicate. */
  async load(): Promise<void> {
    for (const market of this.spot.markets.all()) {
      const row = await this.db
        .selectFrom('mark_prices')
        .select(['price', 'time', 'sample', 'window_samples'])
        .where('currency_match_id', '=', market.id)
        .orderBy('time', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) continue;
      const window = row.window_samples
        ? (JSON.parse(row.window_samples) as [number, string][]).map(([time, sample]) => ({
            time,
            sample: Decimal.parse(sample),
          }))
        : [];
      this.state.set(market.id, {
        price: Decimal.parse(String(row.price)),
        time: Number(row.time),
        sample: row.sample === null ? null : Decimal.parse(String(row.sample)),
        window,
      });
    }
  }

  /**
   * Samples just after each second begins (not at a drifting phase of the process's start), so
   * whatever ends at a second settles within a few milliseconds of it.
   */
  start(): void {
    this.scheduled = true;
    const schedule = () => {
      if (!this.scheduled) return;
      const wait = SECOND - (this.clock.now() % SECOND) + ALIGN_MS;
      this.timer = setTimeout(() => {
        this.tick().catch((error: Error) => console.error(`mark tape: ${error.message}`));
        schedule();
      }, wait);
      this.timer.unref();
    };
    schedule();
  }

  /**
   * Runs after each second's sampling, in the tape's own order, with that second: whatever settles
   * on the tape (contracts ending at or before it) sees every row up to it written.
   */
  onTick(listener: (asOf: number) => Promise<void>): void {
    this.tickListeners.push(listener);
  }

  /**
   * The price contracts open and close on: the market's mark in force as of the last second
   * sampled, with that second. Unavailable when the tape has not sampled for a while (after a
   * start, or stalled), when the book is too thin for the impact notional now, or while the window
   * is not yet full: nothing may open on a stale, thin or held price.
   */
  current(
    marketId: number,
  ): { price: Decimal; time: number; asOf: number } | { unavailable: MarkUnavailable } {
    const latest = this.state.get(marketId);
    const asOf = this.sampledUntil;
    if (!latest?.price || asOf === undefined || this.clock.now() - asOf > STALE_MS)
      return { unavailable: 'stale' };
    if (this.thin.has(marketId)) return { unavailable: 'thin' };
    const window = latest.window.at(-1);
    const size = this.spot.markets.market(marketId).row.mark_window;
    if (window?.time !== asOf || latest.window.length < size) return { unavailable: 'warming' };
    return { price: latest.price, time: latest.time, asOf };
  }

  /** The latest mark price of a market, as last recorded (held while thin); null before its first. */
  latest(marketId: number): { price: Decimal; time: number } | null {
    const state = this.state.get(marketId);
    return state?.price ? { price: state.price, time: state.time } : null;
  }

  /**
   * Samples every market now and records what changed; answers how many rows it wrote. Ticks run
   * one after another, whoever asks, so the tape's newest row and second only ever move forward.
   */
  tick(): Promise<number> {
    const result = this.running.then(() => this.sampleAll());
    this.running = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async sampleAll(): Promise<number> {
    const time = Math.floor(this.clock.now() / SECOND) * SECOND;
    // A second is sampled once: orders opened on it must find the same row later.
    if (this.sampledUntil !== undefined && time <= this.sampledUntil) return 0;
    const samples = this.spot.markets.all().map((market) => this.sample(market, time));
    const recorded = samples.filter((sample) => this.shouldWrite(sample));
    if (recorded.length > 0) {
      await this.db
        .insertInto('mark_prices')
        .values(recorded.map(rowOf))
        .onConflict((oc) => oc.columns(['currency_match_id', 'time']).doNothing())
        .execute();
    }
    // After the rows are written, in one step: a reader sees the new state and second together.
    for (const sample of samples) this.keep(sample, recorded.includes(sample));
    if (this.sampledUntil === undefined || time > this.sampledUntil) this.sampledUntil = time;
    for (const listener of this.tickListeners) await listener(this.sampledUntil);
    if (time >= this.pruneAt) await this.prune(time);
    return recorded.length;
  }

  /** A row is written when the mark or the sample changed, and once a heartbeat while neither did. */
  private shouldWrite(sample: Sample): boolean {
    if (sample.price === null) return false;
    const previous = this.state.get(sample.marketId);
    if (!previous?.price) return true;
    const sameSample =
      previous.sample === null
        ? sample.sample === null
        : sample.sample !== null && previous.sample.eq(sample.sample);
    const last = { price: previous.price, time: previous.time };
    return shouldRecord(last, sample.price, sample.time) || (sample.time > previous.time && !sameSample);
  }

  private keep(sample: Sample, written: boolean): void {
    if (sample.sample === null) this.thin.add(sample.marketId);
    else this.thin.delete(sample.marketId);
    const previous = this.state.get(sample.marketId);
    this.state.set(sample.marketId, {
      price: sample.price,
      time: written ? sample.time : (previous?.time ?? 0),
      sample: sample.sample,
      window: sample.window,
    });
  }

  private sample(market: Market, time: number): Sample {
    const row = market.row;
    const rule: MarkRule = {
      notional: Decimal.parse(String(row.mark_impact_notional)),
      window: row.mark_window,
      priceDecimals: market.priceDecimals,
      amountDecimals: market.numberDecimals,
    };
    const depth = this.spot.orders.book(market.id).depth(WALK_LEVELS);
    const levels = (side: typeof depth.bids): PriceAmount[] =>
      side.map((level) => ({ price: market.price(level.price), amount: market.quantity(level.quantity) }));
    const trades = this.spot.recentTrades(market.id);
    const bid = averageOver(levels(depth.bids), rule);
    const ask = averageOver(levels(depth.asks), rule);
    const trade = averageOver(
      trades.map((t) => ({ price: Decimal.parse(t.price), amount: Decimal.parse(t.amount) })),
      rule,
    );
    const sample = markSample(bid?.price ?? null, ask?.price ?? null, trade?.price ?? null, rule);
    const previous = this.state.get(market.id);
    const window =
      sample === null
        ? []
        : [
            ...(previous?.window ?? []).filter(
              (entry) => entry.time > time - windowSpanMs(rule.window) && entry.time < time,
            ),
            { time, sample },
          ].slice(-rule.window);
    const price =
      window.length === rule.window
        ? windowAverage(
            window.map((entry) => entry.sample),
            rule,
          )
        : (previous?.price ?? null);
    const first = (side: typeof depth.bids) => (side[0] ? market.price(side[0].price) : null);
    return {
      marketId: market.id,
      time,
      rule,
      bestBid: first(depth.bids),
      bestAsk: first(depth.asks),
      lastPrice: trades[0] ? Decimal.parse(trades[0].price) : null,
      lastTradeId: trades[0]?.id ?? null,
      bid,
      ask,
      trade,
      tradeIds: trades.slice(0, trade?.consumed.length ?? 0).map((t) => t.id),
      sample,
      window,
      price,
    };
  }

  /** Drops rows past the retention setting, once an hour. */
  private async prune(now: number): Promise<void> {
    this.pruneAt = now + DAY / 24;
    const days = Number(await this.settings.get('mark_price_retention_days'));
    if (!Number.isFinite(days) || days <= 0) return;
    await this.db
      .deleteFrom('mark_prices')
      .where('time', '<', now - days * DAY)
      .execute();
  }

  /**
   * The tape row in force at an instant (the last at or before it), with the mark before it for
   * checking a held mark; null when there is none.
   */
  async entryAt(marketId: number, time: number): Promise<MarkPriceView | null> {
    const row = await this.db
      .selectFrom('mark_prices')
      .selectAll()
      .where('currency_match_id', '=', marketId)
      .where('time', '<=', time)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    const previous = await this.db
      .selectFrom('mark_prices')
      .select('price')
      .where('currency_match_id', '=', marketId)
      .where('time', '<', Number(row.time))
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return { ...markPriceView(row), previous_price: previous ? money(String(previous.price)) : null };
  }

  /** A market's tape between two instants (ms), newest first, paged. */
  async list(
    marketId: number,
    from: number,
    to: number,
    page: number,
    perPage: number,
  ): Promise<Paged<MarkPriceView>> {
    const query = this.db
      .selectFrom('mark_prices')
      .where('currency_match_id', '=', marketId)
      .where('time', '>=', from)
      .where('time', '<=', to);
    const { total, rows } = await newestFirst(query, page, perPage, 'time');
    return paged(rows.map(markPriceView), total, page, perPage);
  }

  stop(): void {
    this.scheduled = false;
    clearTimeout(this.timer);
  }

  /** Waits for a tick under way, so a close never cuts a write. */
  async close(): Promise<void> {
    this.stop();
    await this.running;
  }
}

const money = (value: string | null) => (value === null ? null : Decimal.parse(String(value)).toString());
const text = (value: Decimal | null) => (value === null ? null : value.toString());
const pairs = (walk: AverageWalk | null): [string, string][] =>
  (walk?.consumed ?? []).map((fill) => [fill.price.toString(), fill.amount.toString()]);

function rowOf(sample: Sample) {
  const inputs: MarkInputsView = {
    bids: pairs(sample.bid),
    asks: pairs(sample.ask),
    trades: pairs(sample.trade).map(([price, amount], index) => [sample.tradeIds[index]!, price, amount]),
  };
  return {
    currency_match_id: sample.marketId,
    time: sample.time,
    price: sample.price!.toString(),
    best_bid: text(sample.bestBid),
    best_ask: text(sample.bestAsk),
    last_price: text(sample.lastPrice),
    last_trade_id: sample.lastTradeId,
    impact_bid: text(sample.bid?.price ?? null),
    impact_ask: text(sample.ask?.price ?? null),
    trade_price: text(sample.trade?.price ?? null),
    sample: text(sample.sample),
    impact_notional: sample.rule.notional.toString(),
    window_size: sample.rule.window,
    price_decimals: sample.rule.priceDecimals,
    number_decimals: sample.rule.amountDecimals,
    window_samples: JSON.stringify(sample.window.map((entry) => [entry.time, entry.sample.toString()])),
    inputs: JSON.stringify(inputs),
  };
}

function figuresOf(row: Selectable<MarkPricesTable>): MarkRowFigures | null {
  if (row.impact_notional === null || row.inputs === null || row.window_samples === null) return null;
  return {
    time: Number(row.time),
    impact_notional: money(row.impact_notional)!,
    window_size: row.window_size!,
    price_decimals: row.price_decimals!,
    number_decimals: row.number_decimals!,
    impact_bid: money(row.impact_bid),
    impact_ask: money(row.impact_ask),
    trade_price: money(row.trade_price),
    sample: money(row.sample),
    window: JSON.parse(row.window_samples) as [number, string][],
    price: money(row.price)!,
    inputs: JSON.parse(row.inputs) as MarkInputsView,
  };
}

function markPriceView(row: Selectable<MarkPricesTable>): MarkPriceView {
  return {
    currency_match_id: row.currency_match_id,
    time: Number(row.time),
    price: money(row.price)!,
    best_bid: money(row.best_bid),
    best_ask: money(row.best_ask),
    last_price: money(row.last_price),
    last_trade_id: row.last_trade_id,
    figures: figuresOf(row),
  };
}
