const formatters = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:mm:ss` in the exchange time zone, the shape the front end shows. */
export function formatDateTime(epochMs: number, timeZone: string): string {
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
  return formatter.format(new Date(epochMs));
}
