import { Decimal, type Lang, type MicroSide } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import { shownDecimals } from '../../features/assets/rules.js';
import { DEFAULT_DECIMALS, sideSign, signedProfit } from '../../features/micro/rules.js';
import { formatNumber } from '../../lib/format.js';

/** Shared pieces of the seconds-contract page. */

/** An amount in full (its own places, at least 2, at most the currency's), grouped for the language. */
export function formatAmount(value: string | null, lang: Lang, decimals = DEFAULT_DECIMALS): string {
  if (value === null) return '—';
  return formatNumber(value, shownDecimals(value, decimals), lang);
}

/** A preset amount as written, no padding: "10", "0.0002". */
export function formatPlain(value: string, lang: Lang): string {
  const places = Decimal.tryParse(value)?.decimalPlaces() ?? 0;
  return formatNumber(value, places, lang);
}

/** A tape price in full: at least the market's places, more when the tape has them (a mean of two). */
export function formatMark(value: string | null, lang: Lang, priceDecimals: number): string {
  if (value === null) return '—';
  const places = Decimal.tryParse(value)?.decimalPlaces() ?? 0;
  return formatNumber(value, Math.max(priceDecimals, places), lang);
}

/** Up or down, by sign and colour both: "▲ Up" in green, "▼ Down" in red. */
export function SideLabel({ side }: { side: MicroSide }) {
  const { t } = useTranslation();
  return (
    <span className={`whitespace-nowrap ${side === 1 ? 'text-up' : 'text-down'}`} data-side={side}>
      <span aria-hidden="true">{sideSign(side)} </span>
      {t(side === 1 ? 'micro.up' : 'micro.down')}
    </span>
  );
}

/** A profit with its sign and colour; the exact value in data-value. */
export function Profit({ value, lang, currency }: { value: string | null; lang: Lang; currency?: string }) {
  const { text, direction } = signedProfit(value);
  const shown = value === null ? '—' : formatAmount(text.replace(/^[+-]/, ''), lang);
  const sign = direction === 'up' ? '+' : direction === 'down' ? '−' : '';
  return (
    <span
      className={`whitespace-nowrap tabular-nums ${direction === 'up' ? 'text-up' : direction === 'down' ? 'text-down' : ''}`}
      data-value={value ?? ''}
    >
      {sign}
      {shown}
      {currency ? ` ${currency}` : ''}
    </span>
  );
}
