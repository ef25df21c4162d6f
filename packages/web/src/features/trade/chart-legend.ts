import { Decimal, type KlineBar } from '@oex/protocol';

/** The chart legend's numbers: what the hovered (or the latest) bar says, in plain digits. */

/** A bar's change from its open to its close, in percent, cut to 2 decimals; null without an open. */
export function barChange(bar: Pick<KlineBar, 'open' | 'close'>): string | null {
  const open = Decimal.tryParse(bar.open);
  const close = Decimal.tryParse(bar.close);
  if (!open || !close || open.isZero()) return null;
  return close.sub(open).mul(Decimal.fromInt(100)).div(open, 2, 'down').toString(2);
}

/**
 * An indicator value (a float the chart library computed, display only) as plain digits with
 * `decimals` places: never an exponent, never the library's folded `0.0{3}9`; null when missing.
 */
export function indicatorDigits(value: unknown, decimals: number): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  // toFixed writes plain digits below 1e21, far beyond any price here.
  const text = value.toFixed(Math.min(decimals, 18));
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}
