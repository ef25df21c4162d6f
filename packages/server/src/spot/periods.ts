/** Kline periods and their buckets in the exchange time zone. Pure. */
import { zoneOffset } from '../lib/time.js';

export { zoneOffset };

export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MINUTES: Partial<Record<Period, number>> = {
  '1min': 1,
  '5min': 5,
  '15min': 15,
  '30min': 30,
  '60min': 60,
};

/** A period's usual length, for default ranges (months and DST days vary). */
export const PERIOD_MS: Record<Period, number> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': 60 * MINUTE,
  '1day': DAY,
  '1week': 7 * DAY,
  '1mon': 30 * DAY,
};

export function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}

/** The start (epoch ms) of the bucket of `period` that holds `time`, on the zone's wall clock. */
export function bucketStart(time: number, period: Period, timeZone: string): number {
  const offset = zoneOffset(time, timeZone);
  const local = time + offset;
  const minutes = MINUTES[period];
  let start: number;
  if (minutes) start = Math.floor(local / (minutes * MINUTE)) * minutes * MINUTE;
  else {
    const day = Math.floor(local / DAY) * DAY;
    if (period === '1day') start = day;
    else if (period === '1week') start = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
    else {
      const date = new Date(day);
      start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    }
  }
  // Back to UTC with the offset in force at the bucket's start (it may differ across a DST change).
  return start - zoneOffset(start - offset, timeZone);
}
