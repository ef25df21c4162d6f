const formatters = new Map<string, Intl.DateTimeFormat>();

/** A zone's wall clock, all fields two digits (four for the year), cached per zone. */
export function wallClock(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * `YYYY-MM-DD HH:mm:ss` in the exchange time zone, the shape the front end shows. From the zone's
 * cached offset, not a formatter per call: it is on every order's answer and every row of a list.
 */
export function formatDateTime(epochMs: number, timeZone: string): string {
  const seconds = Math.floor((epochMs + zoneOffset(epochMs, timeZone)) / 1000);
  const days = Math.floor(seconds / 86_400);
  const ofDay = seconds - days * 86_400;
  const { year, month, day } = civilDate(days);
  return (
    `${year}-${two(month)}-${two(day)} ` +
    `${two(Math.floor(ofDay / 3600))}:${two(Math.floor(ofDay / 60) % 60)}:${two(ofDay % 60)}`
  );
}

const two = (value: number) => (value < 10 ? `0${value}` : `${value}`);

/** The proleptic Gregorian date of a count of days since 1970-01-01 (H. Hinnant's civil_from_days). */
function civilDate(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Offsets by zone, then by half hour: zones change offset only on whole or half hours. */
const offsets = new Map<string, Map<number, number>>();

/** Milliseconds the zone's wall clock is ahead of UTC at `time`. */
export function zoneOffset(time: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  // Half-hour slots, so a zone that changes offset on a half hour is still right.
  const slot = Math.floor(time / (HOUR / 2));
  let offset = zone.get(slot);
  if (offset === undefined) {
    offset = computeOffset(time, timeZone);
    if (zone.size > 100_000) zone.clear();
    zone.set(slot, offset);
  }
  return offset;
}

function computeOffset(time: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(time)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(time / 1000) * 1000;
}

/** "HH:MM" (a time-of-day setting) → minutes after midnight; a malformed value falls back to midnight. */
export function minutesOfDay(time: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return 0;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < 24 * 60 ? minutes : 0;
}
