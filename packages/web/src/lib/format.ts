import { Decimal, localizeDecimal, localizeLeadingDecimal, type Lang } from '@oex/protocol';
import { LOCALE_OF } from '../i18n/tags.js';

/**
 * Display filters of the product spec and the Intl formats of the page's language. Values arrive as
 * exact decimal strings and are cut on their digits, never through a float.
 */

/** The decimal-truncation filter: always rounds toward zero, to 2 places by default. */
export function truncate(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  if (!Decimal.isValid(text)) return text;
  return Decimal.parse(text).round(decimals, 'down').toString(decimals);
}

/** The text-shortening filter: '' for empty input; over 9 characters loses its last 4. */
export function shorten(text: string | null | undefined): string {
  if (!text) return '';
  return text.length > 9 ? text.slice(0, -4) : text;
}

/**
 * The spec's 4 price and 6 quantity decimals: only a fallback now. Each market has its own
 * (`price_decimals`, `number_decimals` in market/currency_matches), and pages showing a market's
 * prices pass them; 6 stays the precision of balances.
 */
export const PRICE_DECIMALS = 4;
export const QUANTITY_DECIMALS = 6;

/** A decimal string truncated to `decimals` places, grouped and punctuated for the language. */
export function formatNumber(value: string | null | undefined, decimals: number, lang: Lang): string {
  const cut = truncate(value, decimals);
  if (!cut || !Decimal.isValid(cut)) return cut || '—';
  // The one localizer of numbers, shared with the server's messages and the chart's axes.
  return localizeDecimal(cut, lang);
}

/**
 * A price as the pages show it: the market's price decimals (BTC/USDT: 64,402.14), cut, never
 * rounded up. The decimals are required, so no page can fall back to another market's precision.
 */
export function formatPrice(value: string | null | undefined, lang: Lang, decimals: number): string {
  return formatNumber(value, decimals, lang);
}

/** A quantity as the pages show it: the market's quantity decimals, or 6 for a balance; cut. */
export function formatQuantity(
  value: string | null | undefined,
  lang: Lang,
  decimals: number = QUANTITY_DECIMALS,
): string {
  return formatNumber(value, decimals, lang);
}

export type Direction = 'up' | 'down' | 'flat';

/** The sign of a change: at or above 0 counts as rising ("+0.00%"). */
export function directionOf(change: string | null | undefined): Direction {
  if (!change || !Decimal.isValid(change)) return 'flat';
  const value = Decimal.parse(change);
  return value.isNegative() ? 'down' : value.isZero() ? 'flat' : 'up';
}

/** A percent change rounded down to 2 places, always with its sign: "+1.25%", "-0.40%", "+0.00%". */
export function formatChange(change: string | null | undefined, lang: Lang): string {
  const text = formatNumber(change ?? '0', 2, lang);
  return directionOf(change) === 'down' ? `${text}%` : `+${text}%`;
}

/** The day of a server time ("2026-10-23 06:32:06", already in the exchange's zone) for the language. */
export function formatDay(serverTime: string, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(serverTime);
  if (!match) return serverTime;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(LOCALE_OF[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(day);
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * A large amount shortened for a table column ("9.68M", "968.42万"), cut toward zero, never rounded
 * up. Only for a figure read at a glance, such as a day's volume; exact amounts use formatNumber.
 */
export function formatCompact(value: string | null | undefined, lang: Lang): string {
  const cut = truncate(value, 2);
  if (!cut || !Decimal.isValid(cut)) return cut || '—';
  let format = compactFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[lang], {
      notation: 'compact',
      maximumFractionDigits: 2,
      roundingMode: 'trunc',
    });
    compactFormats.set(lang, format);
  }
  return format.format(cut as `${number}`);
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant (ms) as `YYYY-MM-DD HH:mm` (with `:ss` when asked) in the exchange's time zone; one
 * formatter per zone and form, not one per call.
 */
export function formatInZone(ms: number, timeZone: string, seconds = false): string {
  const key = `${timeZone}|${seconds}`;
  let clock = zoneClocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' as const } : {}),
      hourCycle: 'h23',
    });
    zoneClocks.set(key, clock);
  }
  return clock.format(ms);
}

/** The spec's zone, Asia/Shanghai: the exchange's until the server's settings name another. */
export const DEFAULT_EXCHANGE_ZONE = 'Asia/Shanghai';

let exchangeZone = DEFAULT_EXCHANGE_ZONE;

/** Sets the exchange's zone (EXCHANGE_TZ) once the server's settings arrive. */
export function setExchangeZone(timeZone: string | undefined): void {
  if (timeZone) exchangeZone = timeZone;
}

/** The exchange's zone, in which every time on the web and the console is shown. */
export function exchangeTimeZone(): string {
  return exchangeZone;
}

/**
 * A time as every page shows it: `YYYY-MM-DD HH:mm` (`:ss` when asked) in the exchange's zone.
 * Takes ms, a numeric string of ms, or a server time string already in the exchange's zone
 * ("2026-11-27 12:35:34"), which passes through cut to the same form.
 */
export function formatTime(value: number | string | null | undefined, seconds = false): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && !/^\d+$/.test(value)) {
    const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?/.exec(value);
    return match ? `${match[1]} ${match[2]}${seconds ? (match[3] ?? ':00') : ''}` : value;
  }
  const ms = Number(value);
  if (!Number.isFinite(ms)) return String(value);
  return formatInZone(ms, exchangeZone, seconds);
}

/** A zone's offset at an instant: "UTC+08:00", "UTC−05:00", "UTC". */
export function zoneOffset(timeZone: string, at: number = Date.now()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((piece) => piece.type === 'timeZoneName')?.value;
  return !part || part === 'GMT' ? 'UTC' : part.replace('GMT', 'UTC');
}

/** The zone as the pages name it: "Asia/Shanghai (UTC+08:00)". */
export function zoneLabel(timeZone: string = exchangeZone, at: number = Date.now()): string {
  return `${timeZone} (${zoneOffset(timeZone, at)})`;
}

/**
 * A number as the chart draws it (its own text: "69658.84", "1.25K", "3.5%"), in the reader's
 * grouping and decimal mark, with the digits the chart chose (the market's precision).
 */
export function formatChartNumber(value: string | number, lang: Lang): string {
  return localizeLeadingDecimal(String(value), lang);
}

/**
 * An exact amount with every digit it has (the console's ledgers and balances), grouped and with
 * the reader's decimal mark: "1234567.891" is "1.234.567,891" in German. Never cut, never rounded.
 */
export function formatExact(value: string | number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  const negative = text.startsWith('-');
  return negative ? `-${localizeDecimal(text.slice(1), lang)}` : localizeDecimal(text, lang);
}
