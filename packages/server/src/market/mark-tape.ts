import { Decimal, type MarkPriceView, type Paged } from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Settings } from '../content/settings.js';
import { newestFirst } from '../db/paging.js';
import { paged } from '../http/envelope.js';
import type { Database, MarkPricesTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { Market } from '../spot/markets.js';
import type { SpotService } from '../spot/service.js';
import { markPrice, shouldRecord, type MarkInputs } from './mark.js';

const SECOND = 1000;
const DAY = 86_400_000;
/** How long after a second begins it is sampled: past the boundary, early enough to settle within it. */
const ALIGN_MS = 5;
/** A tape that has not sampled for this long is stale. */
const STALE_MS = 3000;

interface Sample extends MarkInputs {
  marketId: number;
  time: number;
  price: Decimal;
  lastTradeId: number | null;
}

/**
 * The public mark-price tape. Once a second it samples every market's best bid, best ask and last
 * trade, and records the mark price with those inputs when it changed (and once a minute while it
 * did not). Rows are never edited; nobody can write a price into it but this sampler, which reads
 * only the engine's books and trades. Seconds while the server was down are simply not on it.
 */
export class MarkTape {
  private readonly last = new Map<number, { price: Decimal; time: number }>();
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

  /** Loads each market's newest row, so a restart continues the tape without a duplicate. */
  async load(): Promise<void> {
    for (const market of this.spot.markets.all()) {
      const row = await this.db
        .selectFrom('mark_prices')
        .select(['price', 'time'])
        .where('currency_match_id', '=', market.id)
        .orderBy('time', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) this.last.set(market.id, { price: Decimal.parse(String(row.price)), time: Number(row.time) });
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
   * The price contracts open and close on: the market's row in force as of the last second sampled,
   * with that second. Null when there is none, or when the tape has not sampled for a while (after a
   * start, or stalled): nothing may trade on a stale price.
   */
  current(marketId: number): { price: Decimal; time: number; asOf: number } | null {
    const latest = this.last.get(marketId);
    const asOf = this.sampledUntil;
    if (!latest || asOf === undefined || this.clock.now() - asOf > STALE_MS) return null;
    return { ...latest, asOf };
  }

  /** The latest mark price of a market, as last recorded; null before its first price. */
  latest(marketId: number): { price: Decimal; time: number } | null {
    return this.last.get(marketId) ?? null;
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
    const samples = this.spot.markets
      .all()
      .map((market) => this.sample(market, time))
      .filter((sample): sample is Sample => sample !== null)
      .filter((sample) => shouldRecord(this.last.get(sample.marketId), sample.price, time));
    if (samples.length > 0) {
      const money = (value: Decimal | null) => (value === null ? null : value.toString());
      await this.db
        .insertInto('mark_prices')
        .values(
          samples.map((sample) => ({
            currency_match_id: sample.marketId,
            time: sample.time,
            price: sample.price.toString(),
            best_bid: money(sample.bestBid),
            best_ask: money(sample.bestAsk),
            last_price: money(sample.lastPrice),
            last_trade_id: sample.lastTradeId,
          })),
        )
        .onConflict((oc) => oc.columns(['currency_match_id', 'time']).doNothing())
        .execute();
      for (const sample of samples) this.last.set(sample.marketId, { price: sample.price, time });
    }
    // After the rows are written and with `last`, in one step: a reader sees both or neither.
    if (this.sampledUntil === undefined || time > this.sampledUntil) this.sampledUntil = time;
    for (const listener of this.tickListeners) await listener(this.sampledUntil);
    if (time >= this.pruneAt) await this.prune(time);
    return samples.length;
  }

  private sample(market: Market, time: number): Sample | null {
    const book = this.spot.orders.book(market.id);
    const bid = book.bestBid();
    const ask = book.bestAsk();
    const trade = this.spot.recentTrades(market.id)[0];
    const inputs: MarkInputs = {
      bestBid: bid === undefined ? null : market.price(bid),
      bestAsk: ask === undefined ? null : market.price(ask),
      lastPrice: trade ? Decimal.parse(trade.price) : null,
    };
    const price = markPrice(inputs);
    return price === null
      ? null
      : { ...inputs, marketId: market.id, time, price, lastTradeId: trade?.id ?? null };
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

  /** The tape row in force at an instant: the last at or before it; null when there is none. */
  async entryAt(marketId: number, time: number): Promise<MarkPriceView | null> {
    const row = await this.db
      .selectFrom('mark_prices')
      .selectAll()
      .where('currency_match_id', '=', marketId)
      .where('time', '<=', time)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? markPriceView(row) : null;
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

function markPriceView(row: Selectable<MarkPricesTable>): MarkPriceView {
  return {
    currency_match_id: row.currency_match_id,
    time: Number(row.time),
    price: money(row.price)!,
    best_bid: money(row.best_bid),
    best_ask: money(row.best_ask),
    last_price: money(row.last_price),
    last_trade_id: row.last_trade_id,
  };
}
