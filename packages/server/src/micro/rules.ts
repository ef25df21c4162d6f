import { Decimal, MICRO_UP, type MicroOutcome, type MicroSide } from '@oex/protocol';

/**
 * The rules of a seconds contract, pure and exact. Nothing here takes a user, an order id or an
 * operator's choice: an outcome is a function of the side and the two tape prices alone, and the
 * payout a function of the stake, the ratio fixed at submit and that outcome.
 */

/** Up wins when the end price is above the open price, down when below; equal is a tie. */
export function outcomeOf(side: MicroSide, openPrice: Decimal, endPrice: Decimal): MicroOutcome {
  const move = endPrice.cmp(openPrice);
  if (move === 0) return 'tie';
  return move > 0 === (side === MICRO_UP) ? 'win' : 'loss';
}

/** A win's profit: stake × ratio, rounded down to the currency's decimals (the remainder stays in the pool). */
export function winProfit(stake: Decimal, ratio: Decimal, decimals: number): Decimal {
  return stake.mul(ratio, decimals, 'down');
}

/** The fee paid on top of the stake at submit: stake × rate, rounded down to the currency's decimals. */
export function feeOf(stake: Decimal, rate: Decimal, decimals: number): Decimal {
  return stake.mul(rate, decimals, 'down');
}

export interface Settlement {
  outcome: MicroOutcome;
  /** What the pool pays back to the user: stake + profit, the stake, or nothing. */
  payout: Decimal;
  /** The user's profit on the stake: +profit, 0 or −stake (the fee is apart). */
  factProfits: Decimal;
}

export function settle(
  side: MicroSide,
  stake: Decimal,
  ratio: Decimal,
  decimals: number,
  openPrice: Decimal,
  endPrice: Decimal,
): Settlement {
  const outcome = outcomeOf(side, openPrice, endPrice);
  if (outcome === 'tie') return { outcome, payout: stake, factProfits: Decimal.ZERO };
  if (outcome === 'loss') return { outcome, payout: Decimal.ZERO, factProfits: stake.neg() };
  const profit = winProfit(stake, ratio, decimals);
  return { outcome, payout: stake.add(profit), factProfits: profit };
}

/** The most the pool could owe an order: its stake and a win's profit. */
export function worstCase(stake: Decimal, ratio: Decimal, decimals: number): Decimal {
  return stake.add(winProfit(stake, ratio, decimals));
}

/**
 * The pool takes a new order only if, with its stake in, it could still pay every open order a
 * win: balance + stake ≥ open worst case + the new order's worst case. So no win is ever unpaid
 * and the pool never goes below zero, whatever the prices do.
 */
export function poolCanTake(
  poolBalance: Decimal,
  openWorstCase: Decimal,
  stake: Decimal,
  orderWorstCase: Decimal,
): boolean {
  return poolBalance.add(stake).gte(openWorstCase.add(orderWorstCase));
}

export interface MicroTerms {
  seconds: readonly { seconds: number; profitRatio: Decimal }[];
  currency: { numbers: readonly Decimal[]; min: Decimal; max: Decimal } | undefined;
}

/** Why a choice is not on offer, as a message key; null when it is. */
export function choiceProblem(terms: MicroTerms, seconds: number, stake: Decimal): string | null {
  if (!terms.currency) return 'error.micro_currency';
  if (!terms.seconds.some((option) => option.seconds === seconds)) return 'error.micro_seconds';
  if (!terms.currency.numbers.some((number) => number.eq(stake))) return 'error.micro_number';
  if (stake.lt(terms.currency.min) || stake.gt(terms.currency.max)) return 'error.micro_number_range';
  return null;
}

/** The remaining time of an open order at `now`, never negative. */
export function remainingMs(endsAt: number, now: number): number {
  return Math.max(0, endsAt - now);
}
