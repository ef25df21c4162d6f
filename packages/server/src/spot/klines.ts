import { Decimal, type KlineBar } from '@oex/protocol';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect.js';
import { bucketStart, PERIODS, type Period } from './periods.js';

export interface Bar {
  time: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
  amount: Decimal;
}

/** A bar as the wire carries it (protocol's KlineBar). */
export type BarView = KlineBar;

/**
 * A period whose open bar a trade changed; `closed` is the bar that trade ended by opening a newer
 * one, in its final state, so the live feed can send it before the new bar.
 */
export interface KlineChange {
  period: Period;
  closed?: BarView;
}

const WATERMARK = 'klines.trade_id';
/** The most bars one call answers. */
export const MAX_BARS = 2000;

const key = (marketId: number, period: Period) => `${marketId}|${period}`;

/**
 * Klines of every period, built from trades as they commit. The open bars live in memory and are
 * written every second together with the id of the last trade they include; at start the trades
 * after that id are replayed, so a crash loses nothing. Klines are derived data: they can always
 * be rebuilt from the trades, which is why they are not written by the sequencer.
 */
export class KlineStore {
  private readonly current = new Map<string, Bar>();
  private readonly dirty = new Set<string>();
  /** Bars a newer bucket replaced before they were written. */
  private closed: { marketId: number; period: Period; bar: Bar }[] = [];
  /** The flush under way, if any: the next one waits for it. */
  private flushing: Promise<void> = Promise.resolve();
  /** Bars of a flush not committed yet: still shown from memory until it is. */
  private writing: { marketId: number; period: Period; bar: Bar }[] = [];
  private watermark = 0;

  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  async load(marketIds: number[]): Promise<void> {
    const db = this.db.kysely;
    for (const marketId of marketIds) {
      for (const period of PERIODS) {
        const row = await db
          .selectFrom('klines')
          .selectAll()
          .where('currency_match_id', '=', marketId)
          .where('period', '=', period)
          .orderBy('time', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (row) this.current.set(key(marketId, period), fromRow(row));
      }
    }
    const mark = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', WATERMARK)
      .executeTakeFirst();
    this.watermark = Number(mark?.value ?? 0);
    const trades = await db
      .selectFrom('trades')
      .select(['id', 'currency_match_id', 'price', 'number', 'amount', 'created_at'])
      .where('id', '>', this.watermark)
      .orderBy('id')
      .execute();
    for (const trade of trades) {
      this.add(
        trade.currency_match_id,
        trade.id,
        trade.created_at,
        Decimal.parse(String(trade.price)),
        Decimal.parse(String(trade.number)),
        Decimal.parse(String(trade.amount)),
      );
    }
  }

  /** Adds a committed trade to the bars of every period; answers the periods whose bar changed. */
  add(
    marketId: number,
    tradeId: number,
    time: number,
    price: Decimal,
    quantity: Decimal,
    amount: Decimal,
  ): KlineChange[] {
    if (tradeId <= this.watermark) return [];
    this.watermark = tradeId;
    const changed: KlineChange[] = [];
    for (const period of PERIODS) {
      const start = bucketStart(time, period, this.timeZone);
      const k = key(marketId, period);
      const bar = this.current.get(k);
      if (bar && start < bar.time) continue; // older than the open bar: trades arrive in time order
      const change: KlineChange = { period };
      if (!bar || start > bar.time) {
        if (bar) change.closed = view(bar, period);
        if (bar && this.dirty.has(k)) this.closed.push({ marketId, period, bar });
        this.current.set(k, {
          time: start,
          open: price,
          high: price,
          low: price,
          close: price,
          volume: quantity,
          amount,
        });
      } else {
        if (price.gt(bar.high)) bar.high = price;
        if (price.lt(bar.low)) bar.low = price;
        bar.close = price;
        bar.volume = bar.volume.add(quantity);
        bar.amount = bar.amount.add(amount);
      }
      this.dirty.add(k);
      changed.push(change);
    }
    return changed;
  }

  /** The open bar of a market and period. */
  latest(marketId: number, period: Period): BarView | undefined {
    const bar = this.current.get(key(marketId, period));
    return bar ? view(bar, period) : undefined;
  }

  /**
   * Writes the changed bars and the watermark in one transaction. Flushes run one after another:
   * on PostgreSQL two overlapping ones could commit out of order (an older copy of a bar written
   * last) and the first to end would forget the bars the second was still writing.
   */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.flushOnce());
    this.flushing = next.catch(() => undefined);
    return next;
  }

  private async flushOnce(): Promise<void> {
    if (this.dirty.size === 0 && this.closed.length === 0) return;
    const db = this.db.kysely;
    const queries: CompiledQuery[] = [];
    const bars = [
      ...this.closed,
      ...[...this.dirty].map((k) => {
        const [marketId, period] = k.split('|') as [string, Period];
        return { marketId: Number(marketId), period, bar: this.current.get(k)! };
      }),
    ];
    for (const { marketId, period, bar } of bars) {
      const values = {
        open: bar.open.toString(),
        high: bar.high.toString(),
        low: bar.low.toString(),
        close: bar.close.toString(),
        volume: bar.volume.toString(),
        amount: bar.amount.toString(),
      };
      queries.push(
        db
          .insertInto('klines')
          .values({ currency_match_id: marketId, period, time: bar.time, ...values })
          .onConflict((oc) => oc.columns(['currency_match_id', 'period', 'time']).doUpdateSet(values))
          .compile(),
      );
    }
    queries.push(
      db
        .insertInto('settings')
        .values({ key: WATERMARK, value: String(this.watermark) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(this.watermark) }))
        .compile(),
    );
    const written = [...this.dirty];
    const closed = this.closed;
    this.dirty.clear();
    this.closed = [];
    // Copies, so later trades into the open bars do not change what this flush shows.
    this.writing = bars.map((entry) => ({ ...entry, bar: { ...entry.bar } }));
    try {
      await this.db.executeBatch(queries);
    } catch (error) {
      for (const k of written) this.dirty.add(k);
      this.closed = [...closed, ...this.closed];
      throw error;
    } finally {
      this.writing = [];
    }
  }

  /** Bars of [from, to], oldest first, the ones not written yet as they are in memory. */
  async bars(marketId: number, period: Period, from: number, to: number): Promise<BarView[]> {
    // Pending bars are taken before and after the read, so a flush that commits in between
    // is seen either in the table or in memory.
    const before = this.pending(marketId, period);
    const rows = await this.db.kysely
      .selectFrom('klines')
      .selectAll()
      .where('currency_match_id', '=', marketId)
      .where('period', '=', period)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time', 'desc')
      .limit(MAX_BARS)
      .execute();
    const byTime = new Map(rows.map((row) => [Number(row.time), view(fromRow(row), period)]));
    for (const bar of [...before, ...this.pending(marketId, period)]) {
      if (bar.time >= from && bar.time <= to) byTime.set(bar.time, view(bar, period));
    }
    return [...byTime.values()].sort((a, b) => a.time - b.time).slice(-MAX_BARS);
  }

  /** Bars of a market and period not in the table yet: being written, closed, open; oldest first. */
  private pending(marketId: number, period: Period): Bar[] {
    const bars = [...this.writing, ...this.closed]
      .filter((entry) => entry.marketId === marketId && entry.period === period)
      .map((entry) => ({ ...entry.bar }));
    const open = this.current.get(key(marketId, period));
    if (open) bars.push({ ...open });
    return bars;
  }
}

function fromRow(row: {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount: string;
}): Bar {
  const d = (value: string) => Decimal.parse(String(value));
  return {
    time: Number(row.time),
    open: d(row.open),
    high: d(row.high),
    low: d(row.low),
    close: d(row.close),
    volume: d(row.volume),
    amount: d(row.amount),
  };
}

function view(bar: Bar, period: Period): BarView {
  return {
    time: bar.time,
    open: bar.open.toString(),
    high: bar.high.toString(),
    low: bar.low.toString(),
    close: bar.close.toString(),
    volume: bar.volume.toString(),
    amount: bar.amount.toString(),
    period,
  };
}
