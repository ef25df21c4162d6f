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

/** `YYYY-MM-DD HH:mm:ss` in the exchange time zone, the shape the front end shows. */
export function formatDateTime(epochMs: number, timeZone: string): string {
  return wallClock(timeZone).format(new Date(epochMs));
}

/** "HH:MM" (a time-of-day setting) → minutes after midnight; a malformed value falls back to midnight. */
export function minutesOfDay(time: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return 0;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < 24 * 60 ? minutes : 0;
}
