import { Decimal, type DepthEntry } from '@oex/protocol';

/** The order book's display rules: grouping prices into steps and the cumulative depth. */

export interface BookRow {
  price: string;
  amount: string;
  /** The sum of amounts from the best price to this row. */
  cumulative: string;
  /** cumulative / the side's total over the shown rows, from 0 to 1, for the depth bar. */
  share: number;
}

/**
 * Grouping steps: the market's tick and 10, 100 and 1000 times it, so a market with 2 price
 * decimals (BTC/USDT) offers 0.01, 0.1, 1 and 10.
 */
export function groupSteps(priceDecimals: number): string[] {
  return [0, 1, 2, 3].map((k) => {
    const exponent = k - priceDecimals;
    const power = Decimal.fromInt(10n ** BigInt(Math.abs(exponent)));
    return (exponent >= 0 ? power : Decimal.ONE.div(power)).toString();
  });
}

/**
 * Groups one side of the book into multiples of `step`: asks round up and bids round down, so a
 * grouped price is never better than any order in it. Best prices first; at most `rows` rows.
 */
export function groupLevels(
  entries: DepthEntry[],
  step: string,
  side: 'ask' | 'bid',
  rows: number,
): BookRow[] {
  const size = Decimal.parse(step);
  const buckets = new Map<string, Decimal>();
  const order: string[] = [];
  for (const entry of entries) {
    const price = Decimal.parse(entry.price);
    const units = price.div(size, 0, side === 'ask' ? 'up' : 'down');
    const key = units.mul(size).toString();
    const sum = buckets.get(key);
    if (!sum) {
      if (order.length === rows) break;
      order.push(key);
    }
    buckets.set(key, (sum ?? Decimal.ZERO).add(Decimal.parse(entry.amount)));
  }
  let running = Decimal.ZERO;
  const result = order.map((price) => {
    running = running.add(buckets.get(price)!);
    return { price, amount: buckets.get(price)!.toString(), cumulative: running.toString(), share: 0 };
  });
  const total = Number(running.toString());
  for (const row of result) row.share = total > 0 ? Number(row.cumulative) / total : 0;
  return result;
}

/** Levels a side shows on a desktop screen at least (docs/spot.md). */
export const MIN_DESKTOP_ROWS = 15;

/**
 * How many levels a side shows: as many as fit in `height` pixels of rows (both sides and the
 * spread row between them share it), and never fewer than `least`.
 */
export function rowsThatFit(height: number, rowHeight: number, spreadHeight: number, least: number): number {
  const fit = Math.floor((height - spreadHeight) / 2 / rowHeight);
  return Math.max(least, Number.isFinite(fit) ? fit : 0);
}

export interface Spread {
  /** Best ask minus best bid, exact. */
  absolute: string;
  /**
   * The spread as a percent of the mid price, rounded half up to 3 decimals, or to as many as 6 when
   * 3 would show a real spread as zero (a one-tick spread on BTC/USDT is 0.00002 %).
   */
  percent: string;
}

/** The gap between the best ask and the best bid, or null while a side is empty. */
export function spreadOf(bestBid: string | undefined, bestAsk: string | undefined): Spread | null {
  const bid = bestBid ? Decimal.tryParse(bestBid) : null;
  const ask = bestAsk ? Decimal.tryParse(bestAsk) : null;
  if (!bid || !ask) return null;
  const absolute = ask.sub(bid);
  const mid = ask.add(bid);
  if (!mid.isPositive()) return null;
  // (ask - bid) / ((ask + bid) / 2) * 100 = (ask - bid) * 200 / (ask + bid)
  const percentAt = (decimals: number) => absolute.mul(Decimal.fromInt(200)).div(mid, decimals, 'half-up');
  let decimals = 3;
  while (decimals < 6 && percentAt(decimals).isZero() && !absolute.isZero()) decimals += 1;
  return { absolute: absolute.toString(), percent: percentAt(decimals).toString(decimals) };
}

/**
 * Which way the last price moved: the newest trade against the newest one at another price
 * (trades newest first); 'flat' when no earlier trade had another price.
 */
export function lastMove(trades: { price: string }[]): 'up' | 'down' | 'flat' {
  const last = trades[0] && Decimal.tryParse(trades[0].price);
  if (!last) return 'flat';
  for (const trade of trades.slice(1)) {
    const price = Decimal.tryParse(trade.price);
    if (price && !price.eq(last)) return last.gt(price) ? 'up' : 'down';
  }
  return 'flat';
}

export interface DepthPoint {
  price: string;
  /** The sum of amounts from the best price to this level, exact. */
  cumulative: string;
}

/** One side's cumulative depth, best price first. */
export function depthPoints(entries: DepthEntry[]): DepthPoint[] {
  let sum = Decimal.ZERO;
  return entries.map((entry) => {
    sum = sum.add(Decimal.parse(entry.amount));
    return { price: entry.price, cumulative: sum.toString() };
  });
}

/**
 * About `count` round axis values (1, 2 or 5 times a power of ten apart) from `low` to `high`, for
 * a chart's axis (display only, so plain numbers), with the decimals their step needs.
 */
export function axisTicks(low: number, high: number, count: number): { values: number[]; decimals: number } {
  if (!(high > low) || count < 1) return { values: [low], decimals: 0 };
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  let factor = [1, 2, 5, 10].find((candidate) => candidate * power >= rough) ?? 10;
  // A round step can leave one tick in a narrow range (100.3–101.9 by 1); a finer one gives two.
  for (;;) {
    const ticks = ticksBy(low, high, factor * power);
    if (ticks.values.length >= 2 || factor <= 0.1) return ticks;
    factor = factor === 10 ? 5 : factor === 5 ? 2 : factor === 2 ? 1 : factor / 2;
  }
}

function ticksBy(low: number, high: number, step: number): { values: number[]; decimals: number } {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const values: number[] = [];
  for (let value = Math.ceil(low / step) * step; value <= high + step * 1e-9; value += step)
    values.push(Number(value.toFixed(decimals)));
  return { values, decimals };
}
