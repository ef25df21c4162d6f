import type { Decimal } from '@oex/protocol';

/**
 * When the tape writes a row (the rule itself is `@oex/protocol`'s mark.ts, shared with the
 * browser): a market's first mark, every change, and at least once per heartbeat while unchanged.
 */
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
