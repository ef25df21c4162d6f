import { Decimal } from '@oex/protocol';

/** The savings pages' arithmetic, for the preview only: the server computes what is paid. */

const HUNDRED = Decimal.fromInt(100);

/** One day's interest as the server pays it: principal × rate ÷ 100, cut to the currency's places. */
export function previewDaily(amount: string, ratePercent: string, decimals: number): Decimal | null {
  const principal = Decimal.tryParse(amount.trim());
  const rate = Decimal.tryParse(ratePercent);
  if (!principal || !rate || !principal.isPositive()) return null;
  return principal.mul(rate).div(HUNDRED, decimals, 'down');
}

/** The whole term's interest: each day's, times the days. */
export function previewTotal(daily: Decimal, days: number): Decimal {
  return daily.mul(Decimal.fromInt(days));
}

/** How full a product is, 0 to 100, for its quota bar. */
export function soldPercent(total: string, remaining: string): number {
  const quota = Decimal.tryParse(total);
  const left = Decimal.tryParse(remaining);
  if (!quota || !left || !quota.isPositive()) return 100;
  const sold = quota.sub(left).mul(HUNDRED).div(quota, 0, 'down');
  return Math.min(100, Math.max(0, Number(sold.toString())));
}

/** What the caller may still put in: the per-user room and the quota left, whichever is less. */
export function roomLeft(product: { max_number: string; my_number: string; remaining: string }): string {
  const room = Decimal.parse(product.max_number).sub(Decimal.parse(product.my_number));
  return Decimal.max(Decimal.ZERO, Decimal.min(room, Decimal.parse(product.remaining))).toString();
}
