/** Kline periods and their buckets in the exchange time zone. Pure. */
import { wallClock } from '../lib/time.js';

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

const HOUR = 60 * MINUTE;
/** Offsets by zone and hour: zones change offset only on whole hours (and half hours, cached apart). */
const offsets = new Map<string, number>();

/** Milliseconds the zone's wall clock is ahead of UTC at `time`. */
export function zoneOffset(time: number, timeZone: string): number {
  // Half-hour slots, so a zone that changes offset on a half hour is still right.
  const slot = `${timeZone}|${Math.floor(time / (HOUR / 2))}`;
  let offset = offsets.get(slot);
  if (offset === undefined) {
    offset = computeOffset(time, timeZone);
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(slot, offset);
  }
  return offset;
}

function computeOffset(time: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(time)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(time / 1000) * 1000;
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
