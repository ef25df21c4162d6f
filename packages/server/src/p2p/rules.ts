import {
  Decimal,
  P2P_AD_OPEN,
  P2P_DAILY_CANCEL_LIMIT,
  P2P_FIAT_DECIMALS,
  P2P_ORDER_ABNORMAL,
  P2P_ORDER_APPEAL,
  P2P_ORDER_CANCELLED,
  P2P_ORDER_COMPLETED,
  P2P_ORDER_PAID,
  P2P_ORDER_POSTPONED,
  P2P_ORDER_WAITING,
  type P2pOrderStatus,
  type P2pSide,
} from '@oex/protocol';
import type { MessageKey } from '../platform/messages/index.js';

/**
 * The P2P desk's pure rules: the order state machine, the fiat rounding, and the checks of a new
 * order and of an ad. No I/O: the sequencer commands call these with the state they hold.
 */

export type P2pActor = 'buyer' | 'seller' | 'system' | 'admin';

/** What may happen to an order. */
export type P2pAction =
  | 'paid'
  | 'cancel'
  | 'timeout_cancel'
  | 'postpone'
  | 'confirm'
  | 'auto_confirm'
  | 'appeal'
  | 'release_to_buyer'
  | 'return_to_seller';

interface Rule {
  from: readonly P2pOrderStatus[];
  by: readonly P2pActor[];
  to: P2pOrderStatus;
}

const RULES: Record<P2pAction, Rule> = {
  paid: { from: [P2P_ORDER_WAITING], by: ['buyer'], to: P2P_ORDER_PAID },
  cancel: { from: [P2P_ORDER_WAITING], by: ['buyer'], to: P2P_ORDER_CANCELLED },
  timeout_cancel: { from: [P2P_ORDER_WAITING], by: ['system'], to: P2P_ORDER_CANCELLED },
  postpone: { from: [P2P_ORDER_PAID], by: ['system'], to: P2P_ORDER_POSTPONED },
  confirm: { from: [P2P_ORDER_PAID, P2P_ORDER_POSTPONED], by: ['seller'], to: P2P_ORDER_COMPLETED },
  auto_confirm: { from: [P2P_ORDER_POSTPONED], by: ['system'], to: P2P_ORDER_COMPLETED },
  appeal: { from: [P2P_ORDER_PAID, P2P_ORDER_POSTPONED], by: ['buyer', 'seller'], to: P2P_ORDER_APPEAL },
  release_to_buyer: { from: [P2P_ORDER_APPEAL], by: ['admin'], to: P2P_ORDER_COMPLETED },
  return_to_seller: { from: [P2P_ORDER_APPEAL], by: ['admin'], to: P2P_ORDER_ABNORMAL },
};

export const P2P_ACTIONS = Object.keys(RULES) as P2pAction[];

/** Orders in these states hold escrow; the others are final. */
export const OPEN_ORDER_STATUSES: readonly P2pOrderStatus[] = [
  P2P_ORDER_WAITING,
  P2P_ORDER_PAID,
  P2P_ORDER_APPEAL,
  P2P_ORDER_POSTPONED,
];

export function isOpenOrder(status: number): boolean {
  return (OPEN_ORDER_STATUSES as readonly number[]).includes(status);
}

export type Transition = { to: P2pOrderStatus } | { refused: MessageKey };

/**
 * The next state of an order, or the message key of why not: the wrong party (`error.p2p_not_party`),
 * or a state the action does not start from (`error.p2p_state`).
 */
export function transition(status: P2pOrderStatus, action: P2pAction, actor: P2pActor): Transition {
  const rule = RULES[action];
  if (!rule.by.includes(actor)) return { refused: 'error.p2p_not_party' };
  if (!rule.from.includes(status)) return { refused: 'error.p2p_state' };
  return { to: rule.to };
}

/** Whether the escrow goes back to the seller (true), to the buyer (false), or stays (null). */
export function escrowOutcome(to: P2pOrderStatus): 'seller' | 'buyer' | null {
  if (to === P2P_ORDER_CANCELLED || to === P2P_ORDER_ABNORMAL) return 'seller';
  if (to === P2P_ORDER_COMPLETED) return 'buyer';
  return null;
}

/** fiat_amount = number × price, rounded half-up to 2 decimals (the exact product decides). */
export function fiatAmountOf(number: Decimal, price: Decimal): Decimal {
  return number.mul(price, 18, 'down').round(P2P_FIAT_DECIMALS, 'half-up');
}

/** An order placed by fiat amount: number = fiat ÷ price, cut down to the coin's decimals. */
export function numberFromFiat(fiat: Decimal, price: Decimal, decimals: number): Decimal {
  return fiat.div(price, decimals, 'down');
}

/** Who buys and who sells on an order of an ad, given the ad's merchant and the taker. */
export function partiesOf(side: P2pSide, merchantId: number, takerId: number) {
  return side === 'sell'
    ? { buyerId: takerId, sellerId: merchantId }
    : { buyerId: merchantId, sellerId: takerId };
}

export interface AdTerms {
  userId: number;
  status: number;
  minNumber: Decimal;
  maxNumber: Decimal;
  remaining: Decimal;
}

export interface Refusal {
  key: MessageKey;
  params?: Record<string, string>;
}

/** Why an order of `number` on this ad by `takerId` is refused, or null. */
export function placeProblem(
  ad: AdTerms,
  takerId: number,
  number: Decimal,
  decimals: number,
  buyerCancelsToday: number,
  takerIsBuyer: boolean,
): Refusal | null {
  if (ad.status !== P2P_AD_OPEN) return { key: 'error.p2p_ad_closed' };
  if (ad.userId === takerId) return { key: 'error.p2p_own_ad' };
  if (takerIsBuyer && buyerCancelsToday >= P2P_DAILY_CANCEL_LIMIT) return { key: 'error.p2p_cancel_limit' };
  if (!number.isPositive()) return { key: 'error.p2p_amount_positive' };
  if (number.decimalPlaces() > decimals)
    return { key: 'error.p2p_decimals', params: { decimals: String(decimals) } };
  if (number.lt(ad.minNumber))
    return { key: 'error.p2p_under_min', params: { min: ad.minNumber.toString() } };
  if (number.gt(ad.maxNumber)) return { key: 'error.p2p_over_max', params: { max: ad.maxNumber.toString() } };
  if (number.gt(ad.remaining)) {
    return { key: 'error.p2p_over_remaining', params: { remaining: ad.remaining.toString() } };
  }
  return null;
}

export interface AdInput {
  price: Decimal;
  minNumber: Decimal;
  maxNumber: Decimal;
  total: Decimal;
}

/** Why an ad's numbers are refused, or null; `used` is what its orders already took (an edit). */
export function adProblem(ad: AdInput, decimals: number, used: Decimal = Decimal.ZERO): Refusal | null {
  if (!ad.price.isPositive()) return { key: 'error.p2p_price_positive' };
  if (ad.price.decimalPlaces() > P2P_FIAT_DECIMALS) {
    return { key: 'error.p2p_price_decimals', params: { decimals: String(P2P_FIAT_DECIMALS) } };
  }
  for (const value of [ad.minNumber, ad.maxNumber, ad.total]) {
    if (!value.isPositive()) return { key: 'error.p2p_amount_positive' };
    if (value.decimalPlaces() > decimals)
      return { key: 'error.p2p_decimals', params: { decimals: String(decimals) } };
  }
  if (ad.maxNumber.lt(ad.minNumber)) return { key: 'error.p2p_max_below_min' };
  if (ad.total.lt(ad.minNumber)) return { key: 'error.p2p_total_below_min' };
  if (ad.total.lt(used)) return { key: 'error.p2p_total_below_used', params: { used: used.toString() } };
  return null;
}

/** completed ÷ (completed + cancelled), 4 decimals cut down; "0" with neither. */
export function completionRate(completed: number, cancelled: number): string {
  const all = completed + cancelled;
  if (all === 0) return '0';
  return Decimal.fromInt(completed).div(Decimal.fromInt(all), 4, 'down').toString();
}

/** Merchant level: 3 an approved seller, 2 identity certified, 1 phone bound, 0 none. */
export function merchantLevel(user: {
  is_seller: number;
  review_status: number;
  mobile: string | null;
}): 0 | 1 | 2 | 3 {
  if (user.is_seller === 1) return 3;
  if (user.review_status === 2) return 2;
  if (user.mobile) return 1;
  return 0;
}

/** The day key (YYYY-MM-DD in the exchange time zone) a cancellation counts toward. */
export function dayKeyOf(epochMs: number, format: (ms: number) => string): string {
  return format(epochMs).slice(0, 10);
}
