import { Decimal } from '@oex/protocol';

/**
 * The rules of fixed-term savings, without I/O: a day's interest, the instants it is paid, what a
 * purchase may not do, and the reserve that makes every promised payment payable.
 */

const HOUR = 3_600_000;
const HUNDRED = Decimal.fromInt(100);

/** One day's interest: principal × daily rate (%) ÷ 100, cut down to the currency's decimals. */
export function dailyInterest(principal: Decimal, ratePercent: Decimal, decimals: number): Decimal {
  return principal.mul(ratePercent).div(HUNDRED, decimals, 'down');
}

/**
 * The instants a holding's interest is paid, one per day of its term: each local day's
 * `payMinute` (minutes after midnight in the exchange's zone) strictly after the purchase.
 * `dayStartOf` gives the start of the local day holding an instant; days of 23 or 25 hours (a
 * clock change) are found by the calendar, not by adding 24 hours.
 */
export function payInstants(
  boughtAt: number,
  days: number,
  payMinute: number,
  dayStartOf: (instant: number) => number,
): number[] {
  const instants: number[] = [];
  let dayStart = dayStartOf(boughtAt);
  while (instants.length < days) {
    const payAt = dayStart + payMinute * 60_000;
    if (payAt > boughtAt) instants.push(payAt);
    // 26 hours after a day's start is always inside the next day, however long this one is.
    dayStart = dayStartOf(dayStart + 26 * HOUR);
  }
  return instants;
}

/** The days of a term whose payment instant has come by `now` and that are not paid yet (1-based). */
export function daysDue(payAt: readonly number[], paidDays: number, now: number): number[] {
  const due: number[] = [];
  for (let day = paidDays + 1; day <= payAt.length && payAt[day - 1]! <= now; day += 1) due.push(day);
  return due;
}

/** Interest a holding has yet to earn. */
export function promisedInterest(daily: Decimal, days: number, paidDays: number): Decimal {
  return daily.mul(Decimal.fromInt(days - paidDays));
}

/**
 * The reserve rule: a purchase is taken only when the interest account already holds every
 * payment promised to holdings in force plus all of the new one's, so no promised day ever finds
 * the account short.
 */
export function reserveCovers(balance: Decimal, promised: Decimal, newPromise: Decimal): boolean {
  return balance.gte(promised.add(newPromise));
}

export interface ProductTerms {
  isOpen: boolean;
  saleEndsAt: number | null;
  minNumber: Decimal;
  maxNumber: Decimal;
  totalQuota: Decimal;
  sold: Decimal;
}

export type PurchaseProblemKey =
  | 'error.earn_closed'
  | 'error.earn_sale_ended'
  | 'error.amount_positive'
  | 'error.amount_decimals'
  | 'error.earn_below_min'
  | 'error.earn_above_max'
  | 'error.earn_quota';

/** Why a purchase is refused (a message key and its parameters), or null when it may go on. */
export function purchaseProblem(
  product: ProductTerms,
  amount: Decimal,
  heldByUser: Decimal,
  decimals: number,
  now: number,
): { key: PurchaseProblemKey; params?: Record<string, string> } | null {
  if (!product.isOpen) return { key: 'error.earn_closed' };
  if (product.saleEndsAt !== null && now >= product.saleEndsAt) return { key: 'error.earn_sale_ended' };
  if (!amount.isPositive()) return { key: 'error.amount_positive' };
  if (amount.decimalPlaces() > decimals)
    return { key: 'error.amount_decimals', params: { decimals: String(decimals) } };
  if (amount.lt(product.minNumber))
    return { key: 'error.earn_below_min', params: { min: product.minNumber.toString() } };
  if (heldByUser.add(amount).gt(product.maxNumber)) {
    return {
      key: 'error.earn_above_max',
      params: {
        max: product.maxNumber.toString(),
        left: Decimal.max(Decimal.ZERO, product.maxNumber.sub(heldByUser)).toString(),
      },
    };
  }
  if (product.sold.add(amount).gt(product.totalQuota)) {
    return {
      key: 'error.earn_quota',
      params: { left: Decimal.max(Decimal.ZERO, product.totalQuota.sub(product.sold)).toString() },
    };
  }
  return null;
}
