import { Decimal } from '@oex/protocol';
import type { TextKey } from '../../i18n/catalogs.js';

/**
 * The pure rules of the fiat desk's pages (docs/p2p.md): what an order by coin or by fiat amount comes
 * to (the server's own rule, so the preview is what will be placed), the ad form's checks, which
 * actions an order offers to whom, and its countdowns. Amounts are exact decimal strings.
 */

/** Lists of the desk show 10 a page. */
export const P2P_PAGE_SIZE = 10;
/** Fiat is priced to the cent. */
export const FIAT_DECIMALS = 2;
/** The coin's decimals where its own are not known (every seeded currency has 8). */
export const COIN_DECIMALS = 8;
/** An appeal's text is at least this long. */
export const APPEAL_MIN_LENGTH = 10;
export const PAY_TYPES = ['bank', 'alipay', 'wxpay'] as const;
export type PayTypeCode = (typeof PAY_TYPES)[number];

/** Order states: 1 waiting payment … 7 confirmation postponed. */
export const ORDER_STATUSES = [1, 2, 3, 4, 5, 6, 7] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Ad states: 1 open, 2 suspended, 3 off shelf, 4 insufficient total (computed). */
export type AdStatus = 1 | 2 | 3 | 4;

function parse(value: string | null | undefined): Decimal | null {
  return value === null || value === undefined || value.trim() === '' ? null : Decimal.tryParse(value.trim());
}

/** number × price, rounded half-up to the cent: what the buyer pays for `number` coin. */
export function fiatOf(number: string, price: string): string | null {
  const n = parse(number);
  const p = parse(price);
  if (!n || !p || !n.isPositive() || !p.isPositive()) return null;
  return n.mul(p, FIAT_DECIMALS, 'half-up').toString(FIAT_DECIMALS);
}

/** fiat ÷ price cut down to the coin's decimals: the coin an order by fiat amount buys. */
export function numberOf(fiat: string, price: string, decimals = COIN_DECIMALS): string | null {
  const f = parse(fiat);
  const p = parse(price);
  if (!f || !p || !f.isPositive() || !p.isPositive()) return null;
  return f.div(p, decimals, 'down').toString();
}

export type OrderBy = 'number' | 'fiat';

/** What an order typed in the dialog comes to, or why it cannot be placed (a text key + values). */
export type OrderPreview =
  | { ok: true; number: string; fiat_amount: string }
  | { ok: false; key: TextKey; params?: Record<string, string> };

/**
 * The order the dialog would place on an ad: by coin amount (the fiat shown is number × price) or by
 * fiat amount (the coin is fiat ÷ price cut down, and the fiat shown is what that coin costs), checked
 * against the ad's min and max per order and what remains.
 */
export function orderPreview(
  ad: { price: string; min_number: string; max_number: string; remaining: string },
  by: OrderBy,
  typed: string,
  decimals = COIN_DECIMALS,
): OrderPreview {
  if (parse(typed) === null) return { ok: false, key: 'p2p.enterAmount' };
  const number = by === 'number' ? parse(typed)!.toString() : numberOf(typed, ad.price, decimals);
  const n = number === null ? null : parse(number);
  if (!n || !n.isPositive()) return { ok: false, key: 'p2p.tooSmall', params: { min: ad.min_number } };
  const min = parse(ad.min_number) ?? Decimal.ZERO;
  const max = Decimal.min(parse(ad.max_number) ?? n, parse(ad.remaining) ?? n);
  if (n.lt(min)) return { ok: false, key: 'p2p.tooSmall', params: { min: min.toString() } };
  if (n.gt(max)) return { ok: false, key: 'p2p.tooLarge', params: { max: max.toString() } };
  const fiat = fiatOf(n.toString(), ad.price);
  if (fiat === null) return { ok: false, key: 'p2p.enterAmount' };
  return { ok: true, number: n.toString(), fiat_amount: fiat };
}

/** The most one order on an ad can take: the lesser of its max per order and what remains. */
export function orderLimit(ad: { max_number: string; remaining: string }): string {
  const max = parse(ad.max_number);
  const remaining = parse(ad.remaining);
  if (!max || !remaining) return ad.max_number;
  return Decimal.min(max, remaining).toString();
}

/**
 * The most fiat one order can be placed for: the order limit × price cut down to the cent, so that
 * the coin it buys (cut down again) never passes the limit.
 */
export function maxFiat(ad: { price: string; max_number: string; remaining: string }): string | null {
  const limit = parse(orderLimit(ad));
  const price = parse(ad.price);
  if (!limit || !price) return null;
  return limit.mul(price, FIAT_DECIMALS, 'down').toString(FIAT_DECIMALS);
}

/** The ad form as typed. */
export interface AdDraft {
  price: string;
  min_number: string;
  max_number: string;
  total: string;
  pay_types: readonly PayTypeCode[];
  terms: string;
}

export const TERMS_MAX = 500;

/**
 * The first problem of an ad form (a text key), or null when it can be sent: a positive price, min
 * and max positive with max ≥ min, a positive total not below min, at least one payment method,
 * each saved in the collection settings (`saved`).
 */
export function adProblem(draft: AdDraft, saved: ReadonlySet<PayTypeCode>): TextKey | null {
  const price = parse(draft.price);
  if (!price || !price.isPositive()) return 'shop.problem.price';
  const min = parse(draft.min_number);
  const max = parse(draft.max_number);
  if (!min || !min.isPositive()) return 'shop.problem.min';
  if (!max || !max.isPositive()) return 'shop.problem.max';
  if (max.lt(min)) return 'shop.problem.maxBelowMin';
  const total = parse(draft.total);
  if (!total || !total.isPositive()) return 'shop.problem.total';
  if (total.lt(min)) return 'shop.problem.totalBelowMin';
  if (draft.pay_types.length === 0) return 'shop.problem.payTypes';
  if (draft.pay_types.some((type) => !saved.has(type))) return 'shop.problem.payTypeNotSaved';
  if (draft.terms.length > TERMS_MAX) return 'shop.problem.terms';
  return null;
}

export type OrderAction = 'pay' | 'cancel' | 'confirm' | 'appeal';

/**
 * What the signed-in party may do with an order in its state: the buyer pays (with a voucher) or
 * cancels while it waits for payment; the seller confirms once paid or postponed; either side
 * appeals a paid or postponed order. Nobody acts on a final or frozen one.
 */
export function actionsOf(role: 'buyer' | 'seller', status: number): OrderAction[] {
  if (status === 1) return role === 'buyer' ? ['pay', 'cancel'] : [];
  if (status === 2 || status === 7) return role === 'seller' ? ['confirm', 'appeal'] : ['appeal'];
  return [];
}

/** Whether the seller's payment details may be on screen: only for the buyer, while the order is live. */
export function showsPayDetails(role: 'buyer' | 'seller', status: number): boolean {
  return role === 'buyer' && [1, 2, 6, 7].includes(status);
}

/**
 * The deadline an order is counting down to, if any: payment while waiting for it, confirmation
 * once paid.
 */
export function runningDeadline(order: {
  status: number;
  pay_deadline: number | null;
  confirm_deadline: number | null;
}): { kind: 'pay' | 'confirm'; at: number } | null {
  if (order.status === 1 && order.pay_deadline) return { kind: 'pay', at: order.pay_deadline };
  if (order.status === 2 && order.confirm_deadline) return { kind: 'confirm', at: order.confirm_deadline };
  return null;
}

/**
 * The time left to a server-time deadline at this device's `now`, with `offset` the server's clock
 * less this device's (so a device clock set wrong does not change it). Never below 0.
 */
export function leftMs(deadline: number, now: number, offset: number): number {
  return Math.max(0, deadline - (now + offset));
}

/** A countdown as m:ss (h:mm:ss past an hour), whole seconds rounded up. */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const ss = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** A completion rate (a fraction "0.9523") as a percent with at most one decimal: "95.2%". */
export function ratePercent(rate: string | null): string {
  const value = parse(rate);
  if (!value) return '—';
  return `${value.mul(Decimal.fromInt(100), 1, 'down').toString()}%`;
}

/** The appeal form's problem (a text key), or null. */
export function appealProblem(reason: string): TextKey | null {
  return reason.trim().length < APPEAL_MIN_LENGTH ? 'p2p.appealShort' : null;
}
