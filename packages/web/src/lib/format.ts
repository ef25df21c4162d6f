import { Decimal, type Lang } from '@oex/protocol';
import { LOCALE_OF } from '../i18n/tags.js';

/**
 * Display filters of spec 000 §9 and the Intl formats of the page's language. Values arrive as
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
 * Spec 000 §9's 4 price and 6 quantity decimals: only a fallback now. Each market has its own
 * (`price_decimals`, `number_decimals` in market/currency_matches), and pages showing a market's
 * prices pass them; 6 stays the precision of balances.
 */
export const PRICE_DECIMALS = 4;
export const QUANTITY_DECIMALS = 6;

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Lang, decimals: number): Intl.NumberFormat {
  const key = `${lang}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[lang], {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      roundingMode: 'trunc',
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A decimal string truncated to `decimals` places, grouped and punctuated for the language. */
export function formatNumber(value: string | null | undefined, decimals: number, lang: Lang): string {
  const cut = truncate(value, decimals);
  if (!cut || !Decimal.isValid(cut)) return cut || '—';
  // Intl formats a numeric string exactly, without passing through a double.
  return numberFormat(lang, decimals).format(cut as `${number}`);
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

/** The sign of a change: at or above 0 counts as rising (spec 000 §2 shows "+0.00%"). */
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
