import { Decimal } from '@oex/protocol';

/**
 * The mark price (DESIGN.md §1): per market, the median of the best bid, the best ask and the last
 * trade price as they stood at one instant. One odd trade on a thin book cannot move it alone.
 * Pure rules, no I/O: anyone can recompute a tape row from the inputs recorded beside it.
 */
export interface MarkInputs {
  bestBid: Decimal | null;
  bestAsk: Decimal | null;
  lastPrice: Decimal | null;
}

const TWO = Decimal.fromInt(2);

/**
 * The median of the inputs that exist: the middle of three, the mean of two (exact: half of a
 * price has one decimal more), the one of one; null when the market has no price at all.
 */
export function markPrice(inputs: MarkInputs): Decimal | null {
  const present = [inputs.bestBid, inputs.bestAsk, inputs.lastPrice]
    .filter((value): value is Decimal => value !== null && value.isPositive())
    .sort((a, b) => a.cmp(b));
  if (present.length === 0) return null;
  if (present.length === 2) return present[0]!.add(present[1]!).div(TWO);
  return present[Math.floor(present.length / 2)]!;
}

/** A tape keeps a row when the price changed, and at least once per heartbeat while unchanged. */
export const HEARTBEAT_MS = 60_000;

export function shouldRecord(
  previous: { price: Decimal; time: number } | undefined,
  price: Decimal,
  time: number,
  heartbeatMs = HEARTBEAT_MS,
): boolean {
  if (!previous) return true;
  if (time <= previous.time) return false;
  return !previous.price.eq(price) || time - previous.time >= heartbeatMs;
}
