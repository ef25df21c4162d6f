import { Decimal } from '@oex/protocol';

/**
 * The rules of a leveraged position (docs/leverage.md), pure and exact: prices from the public mark with
 * the spread, margin, fees, profit, TP/SL, the hazard rate, overnight days and how a close is
 * paid. No I/O, no clock of its own; the service and the risk engine build on these.
 *
 * Rounding is stated per rule: what a user pays (margin, fees) rounds up to the quote currency's
 * decimals, prices carrying the spread round against the user to the market's price decimals, and
 * profit is exact (price and quantity decimals together stay within 18).
 */

export const LONG = 1;
export const SHORT = 2;
export type LeverSide = typeof LONG | typeof SHORT;

const HUNDRED = Decimal.fromInt(100);

/** The price a position opens at: the mark moved by the spread (%) against the user. */
export function entryPrice(
  mark: Decimal,
  side: LeverSide,
  spreadPercent: Decimal,
  priceDecimals: number,
): Decimal {
  const spread = mark.mul(spreadPercent).div(HUNDRED);
  return side === LONG
    ? mark.add(spread).round(priceDecimals, 'up')
    : mark.sub(spread).round(priceDecimals, 'down');
}

/**
 * The lowest fixed price a position may wait for: the lowest whose entry price, with the spread
 * against the user and rounded to the market's decimals, is still above zero (a short's entry
 * rounds down, so one tick less the spread is zero). Null when no price can be (a spread of 100 %
 * or more).
 */
export function lowestTarget(side: LeverSide, spreadPercent: Decimal, priceDecimals: number): Decimal | null {
  const tick = Decimal.ONE.div(Decimal.fromInt(10n ** BigInt(priceDecimals)), priceDecimals, 'up');
  if (side === LONG) return tick;
  const kept = Decimal.ONE.sub(spreadPercent.div(HUNDRED));
  if (!kept.isPositive()) return null;
  let target = tick.div(kept, priceDecimals, 'up');
  while (!entryPrice(target, side, spreadPercent, priceDecimals).isPositive()) target = target.add(tick);
  return target;
}

/** The price a position closes at by the user: the mark moved by the spread against the user. */
export function exitPrice(
  mark: Decimal,
  side: LeverSide,
  spreadPercent: Decimal,
  priceDecimals: number,
): Decimal {
  return entryPrice(mark, side === LONG ? SHORT : LONG, spreadPercent, priceDecimals);
}

/** Units of base a position holds: hands × units per hand. */
export function quantityOf(hands: number, unitsPerHand: Decimal): Decimal {
  return unitsPerHand.mul(Decimal.fromInt(hands));
}

/** Margin held: entry × quantity ÷ multiple, rounded up to the quote currency's decimals. */
export function marginOf(entry: Decimal, quantity: Decimal, multiple: number, decimals: number): Decimal {
  return entry.mul(quantity).div(Decimal.fromInt(multiple), decimals, 'up');
}

/** The opening fee (and an overnight charge): entry × quantity × rate, rounded up to the currency's decimals. */
export function feeOf(entry: Decimal, quantity: Decimal, rate: Decimal, decimals: number): Decimal {
  return entry.mul(quantity).mul(rate, decimals, 'up');
}

/** Profit at a price: (price − entry) × quantity for a long, reversed for a short. Exact. */
export function profitAt(side: LeverSide, entry: Decimal, price: Decimal, quantity: Decimal): Decimal {
  const move = price.sub(entry).mul(quantity);
  return side === LONG ? move : move.neg();
}

/**
 * Why a take-profit or stop-loss is refused, as a message key; null when both are fine. Zero
 * clears one. Against the current mark: a long's TP above it and SL below it, a short's the reverse,
 * so neither would fire the moment it is set.
 */
export function stopProblem(
  side: LeverSide,
  mark: Decimal,
  takeProfit: Decimal,
  stopLoss: Decimal,
): string | null {
  if (takeProfit.isNegative() || stopLoss.isNegative()) return 'error.lever_stop_negative';
  const above = (price: Decimal) => price.isZero() || price.gt(mark);
  const below = (price: Decimal) => price.isZero() || price.lt(mark);
  if (!(side === LONG ? above(takeProfit) : below(takeProfit))) return 'error.lever_take_profit_side';
  if (!(side === LONG ? below(stopLoss) : above(stopLoss))) return 'error.lever_stop_loss_side';
  return null;
}

/** Which stop a mark sets off: a long's TP at or above it, SL at or below; a short's the reverse. */
export function stopTriggered(
  side: LeverSide,
  mark: Decimal,
  takeProfit: Decimal,
  stopLoss: Decimal,
): 'take_profit' | 'stop_loss' | null {
  const reached = (price: Decimal, up: boolean) =>
    price.isPositive() && (up ? mark.gte(price) : mark.lte(price));
  if (reached(takeProfit, side === LONG)) return 'take_profit';
  if (reached(stopLoss, side !== LONG)) return 'stop_loss';
  return null;
}

/** Whether a fixed-price order opens at this mark: a long when the mark falls to its target, a short when it rises. */
export function targetReached(side: LeverSide, mark: Decimal, target: Decimal): boolean {
  return side === LONG ? mark.lte(target) : mark.gte(target);
}

/**
 * The hazard rate of one quote currency: (lever balance + Σ margin + Σ profit) ÷ Σ margin × 100, to
 * two decimals rounded down; null without open margin.
 */
export function hazardRate(
  balance: Decimal,
  positions: readonly { margin: Decimal; profit: Decimal }[],
): Decimal | null {
  let margin = Decimal.ZERO;
  let profit = Decimal.ZERO;
  for (const position of positions) {
    margin = margin.add(position.margin);
    profit = profit.add(position.profit);
  }
  if (!margin.isPositive()) return null;
  return balance.add(margin).add(profit).mul(HUNDRED).div(margin, 2, 'down');
}

/** Liquidation when the hazard rate is at or below the setting (%). */
export function mustLiquidate(hazard: Decimal | null, thresholdPercent: Decimal): boolean {
  return hazard !== null && hazard.lte(thresholdPercent);
}

/**
 * How a closed position is paid. Its margin comes back with the profit, from the pool; a loss is
 * taken from the margin, then from the user's balance, and what is left over goes to the insurance
 * account, so no user balance goes below zero.
 */
export function closeSettlement(
  margin: Decimal,
  profit: Decimal,
  balance: Decimal,
): { toUser: Decimal; toPool: Decimal; fromBalance: Decimal; fromInsurance: Decimal } {
  if (!profit.isNegative())
    return {
      toUser: margin.add(profit),
      toPool: profit.neg(),
      fromBalance: Decimal.ZERO,
      fromInsurance: Decimal.ZERO,
    };
  const loss = profit.neg();
  if (loss.lte(margin)) {
    return { toUser: margin.sub(loss), toPool: loss, fromBalance: Decimal.ZERO, fromInsurance: Decimal.ZERO };
  }
  const beyond = loss.sub(margin);
  const fromBalance = Decimal.min(beyond, balance);
  return { toUser: Decimal.ZERO, toPool: loss, fromBalance, fromInsurance: beyond.sub(fromBalance) };
}

/**
 * A closed position's loss as its owner bore it: the loss less what the insurance account covered
 * (`closeSettlement`'s fromInsurance), so "you lost" is what left the user's margin and balance.
 * Zero for a position that did not lose.
 */
export function closedLoss(
  profit: Decimal,
  insuranceCover: Decimal,
): { userLoss: Decimal; insuranceCover: Decimal } {
  if (!profit.isNegative()) return { userLoss: Decimal.ZERO, insuranceCover: Decimal.ZERO };
  return { userLoss: profit.neg().sub(insuranceCover), insuranceCover };
}

/** An overnight charge taken from the margin first, then the balance; what neither covers is short. */
export function overnightSplit(
  fee: Decimal,
  margin: Decimal,
  balance: Decimal,
): { fromMargin: Decimal; fromBalance: Decimal; short: Decimal } {
  const fromMargin = Decimal.min(fee, margin);
  const fromBalance = Decimal.min(fee.sub(fromMargin), balance);
  return { fromMargin, fromBalance, short: fee.sub(fromMargin).sub(fromBalance) };
}

/**
 * The overnight charge instants a position owes, oldest first: each day's charge time after the
 * position opened, after its last charge, and not after `now`. Each is charged once, by its day
 * (a unique key per position and day), so a restart or days missed while down charge each day once.
 * `chargeTimes` are the exchange's daily charge instants (ms) in order, from the caller's calendar.
 */
export function overnightDue(
  openedAt: number,
  lastChargedAt: number | null,
  now: number,
  chargeTimes: readonly number[],
): number[] {
  return chargeTimes.filter(
    (time) => time > openedAt && time <= now && (lastChargedAt === null || time > lastChargedAt),
  );
}

/** Hands offered as presets (lever/deal's `multiple.share`) when the market allows them. */
const HAND_PRESETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/**
 * The hands choices of lever/deal's `multiple.share` (`[{value, label}]`): the market's minimum,
 * the presets between its bounds, and its maximum, ascending. Any whole number within the bounds
 * may still be sent.
 */
export function handsChoices(min: number, max: number): { value: number; label: string }[] {
  const values = new Set([min, ...HAND_PRESETS.filter((hands) => hands > min && hands < max), max]);
  return [...values]
    .filter((hands) => hands >= min && hands <= max)
    .sort((a, b) => a - b)
    .map((value) => ({ value, label: String(value) }));
}
