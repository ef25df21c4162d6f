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

/** Grouping steps: the market's tick and 10 and 100 times it. */
export function groupSteps(priceDecimals: number): string[] {
  return [0, 1, 2]
    .map((k) => priceDecimals - k)
    .filter((decimals) => decimals >= 0)
    .map((decimals) => Decimal.ONE.div(Decimal.fromInt(10n ** BigInt(decimals))).toString());
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
