import { Decimal, MAX_AMOUNT, type DepthEntry, type MarketView } from '@oex/protocol';
import { QUANTITY_DECIMALS } from '../../lib/format.js';
import type { TextKey } from '../../i18n/catalogs.js';

/**
 * The order-form arithmetic (docs/spot.md), on exact decimals, with each market's own precision
 * (`price_decimals`, `number_decimals`, `min_number` of market/currency_matches, the same fields the
 * server checks). Nothing here throws: a value too large to compute is refused, never a crash.
 */

/** The slider moves in steps of 25 %. */
export const SLIDER_STEPS = [0, 25, 50, 75, 100] as const;

/**
 * Digits a price or an amount may have in all, as the server allows: 15 digits of ticks or lots,
 * so BTC/USDT (2 price decimals) takes up to 13 digits before the point.
 */
export const MAX_DIGITS = 15;

export type Side = 'buy' | 'sell';
/** 0 limit, 1 market (the spec's default). */
export type OrderType = 0 | 1;

/** The fields of a market the forms follow. */
export type MarketPrecision = Pick<MarketView, 'price_decimals' | 'number_decimals' | 'min_number'>;

function parsed(text: string | null | undefined): Decimal | null {
  const value = text?.trim();
  return value ? Decimal.tryParse(value) : null;
}

/** a × b rounded to `decimals`, or null when the exact product is past MAX_AMOUNT. */
function product(a: Decimal, b: Decimal, decimals: number, rounding: 'down' | 'up'): Decimal | null {
  const units = (a.units * b.units) / Decimal.ONE.units;
  if (units > MAX_AMOUNT.units || units < -MAX_AMOUNT.units) return null;
  return a.mul(b, decimals, rounding);
}

/**
 * The quantity for a slider position: a buy spends `percent` of the quote balance at `price`; a
 * sell offers `percent` of the base balance. Rounded down to the market's quantity decimals;
 * '' without a price, or when the result would be too large to hold.
 */
export function sliderQuantity(
  side: Side,
  percent: number,
  balance: string,
  price: string,
  numberDecimals: number = QUANTITY_DECIMALS,
): string {
  const available = parsed(balance);
  if (!available || !available.isPositive()) return '0';
  // In units, so even the largest balance never leaves the Decimal range on its way.
  const share = Decimal.fromUnits((available.units * BigInt(percent)) / 100n);
  // No more digits before the point than the amount field takes (and the server allows).
  const wholeLimit = 10n ** BigInt(MAX_DIGITS - numberDecimals);
  if (side === 'sell') {
    return share.units / Decimal.ONE.units >= wholeLimit
      ? ''
      : share.round(numberDecimals, 'down').toString();
  }
  const at = parsed(price);
  if (!at || !at.isPositive()) return '';
  // share / price: past the Decimal range only for an absurdly small price; no quantity then.
  if (share.units / at.units >= wholeLimit) return '';
  return share.div(at, numberDecimals, 'down').toString();
}

/**
 * Price × quantity, rounded up to 6 decimals; '' when either is missing or the total
 * is past the maximum an order may have (orderProblem says so).
 */
export function orderTotal(price: string, quantity: string): string {
  const at = parsed(price);
  const amount = parsed(quantity);
  if (!at || !amount) return '';
  return product(at, amount, QUANTITY_DECIMALS, 'up')?.toString(QUANTITY_DECIMALS) ?? '';
}

export interface OrderForm {
  side: Side;
  type: OrderType;
  price: string;
  quantity: string;
  /** Best ask for a buy, best bid for a sell; null when that side of the book is empty. */
  bestPrice: string | null;
  sellDisabled: boolean;
}

export interface Problem {
  key: TextKey;
  params?: Record<string, string>;
}

/** The spec's client checks, in its order, then the market's minimum and the maximum total. */
export function orderProblem(form: OrderForm, market: MarketPrecision): Problem | null {
  if (form.side === 'sell' && form.sellDisabled) return { key: 'trade.sellDisabled' };
  const price = parsed(form.price);
  if (form.type === 0 && (!price || !price.isPositive())) return { key: 'trade.priceRequired' };
  if (form.type === 1 && form.bestPrice === null) return { key: 'trade.noBestPrice' };
  const quantity = parsed(form.quantity);
  if (!quantity || !quantity.isPositive()) return { key: 'trade.quantityRequired' };
  const minimum = parsed(market.min_number);
  if (minimum && quantity.lt(minimum))
    return { key: 'trade.belowMinimum', params: { min: minimum.toString() } };
  const at = form.type === 0 ? price : parsed(form.bestPrice);
  if (at && product(at, quantity, 18, 'up') === null) {
    return { key: 'trade.totalTooLarge', params: { max: MAX_AMOUNT.toString() } };
  }
  return null;
}

/**
 * How far a limit price goes through the best opposite price, in percent (2 decimals, rounded
 * down): a buy above the best ask, a sell below the best bid. Null when it does not go past it by
 * more than `limitPercent`, or when either price is missing.
 */
export function farPrice(
  side: Side,
  price: string,
  bestOpposite: string | null,
  limitPercent: string,
): string | null {
  const at = parsed(price);
  const best = parsed(bestOpposite);
  const limit = parsed(limitPercent);
  if (!at || !best || !limit || !best.isPositive()) return null;
  const through = side === 'buy' ? at.sub(best) : best.sub(at);
  if (!through.isPositive()) return null;
  const percent = through.mul(Decimal.fromInt(100)).div(best, 2, 'down');
  return percent.gt(limit) ? percent.toString(2) : null;
}

export interface MarketFill {
  /** Total / filled, to the market's price decimals (rounded half up): an estimate. */
  average: string;
  /** How much the order fills against the visible levels within its protection limit. */
  filled: string;
  /** Price × amount over the levels taken, exact. */
  total: string;
  /** Whether the visible levels within the limit hold the whole order (quantity, or total to spend). */
  complete: boolean;
}

/** What a market order asks for: an amount (base), or for a buy a total to spend (quote). */
export type MarketAsk = { quantity: string } | { total: string; numberDecimals: number };

/**
 * The one walk of the visible book for a market order, used by the form's total and by the
 * confirmation alike (docs/spot.md): the levels of the other side (asks for a buy, bids for a
 * sell), best first, as market/deal and MARKET_DEPTH give them, no further than the protection
 * limit. By total, it buys whole lots while the total lasts, as the server does. The server fills
 * against the real book at that moment, so this is an estimate; null without an amount or any
 * level, or past the maximum total.
 */
export function walkBook(
  side: Side,
  levels: readonly DepthEntry[],
  ask: MarketAsk,
  priceDecimals: number,
  limit?: string | null,
): MarketFill | null {
  const byTotal = 'total' in ask;
  let left = parsed(byTotal ? ask.total : ask.quantity);
  if (!left || !left.isPositive() || levels.length === 0) return null;
  const bound = parsed(limit);
  let filled = Decimal.ZERO;
  let total = Decimal.ZERO;
  for (const level of levels) {
    if (!left.isPositive()) break;
    const price = parsed(level.price);
    const amount = parsed(level.amount);
    if (!price || !amount || !amount.isPositive()) continue;
    if (bound && (side === 'buy' ? price.gt(bound) : price.lt(bound))) break;
    const take = byTotal
      ? Decimal.min(amount, left.div(price, ask.numberDecimals, 'down'))
      : Decimal.min(left, amount);
    if (!take.isPositive()) break;
    const cost = product(price, take, 18, 'up');
    if (cost === null || cost.add(total).gt(MAX_AMOUNT)) return null;
    total = total.add(cost);
    filled = filled.add(take);
    left = left.sub(byTotal ? cost : take);
    if (byTotal && take.lt(amount)) break;
  }
  if (filled.isZero()) return null;
  return {
    average: total.div(filled, priceDecimals, 'half-up').toString(priceDecimals),
    filled: filled.toString(),
    total: total.toString(),
    complete: byTotal ? true : !left.isPositive(),
  };
}

/** A market order of `quantity` against the visible book: walkBook by amount. */
export function estimateMarketFill(
  levels: readonly DepthEntry[],
  quantity: string,
  priceDecimals: number,
  side: Side = 'buy',
  limit?: string | null,
): MarketFill | null {
  return walkBook(side, levels, { quantity }, priceDecimals, limit);
}

/**
 * The furthest price a market order fills at (the server's price protection): `percent` from the
 * best opposite price, rounded towards it to the market's price decimals; null without a best price.
 */
export function protectionPrice(
  side: Side,
  best: string | null,
  percent: string | undefined,
  priceDecimals: number,
): string | null {
  const at = parsed(best);
  const rate = parsed(percent);
  if (!at || !rate || !at.isPositive()) return null;
  const hundred = Decimal.fromInt(100);
  const factor = side === 'buy' ? hundred.add(rate) : hundred.sub(rate);
  const scaled = at.mul(factor).div(hundred, priceDecimals, side === 'buy' ? 'down' : 'up');
  return scaled.toString(priceDecimals);
}

/** The share of a balance a buy by total spends: exact, never more than the balance. */
export function sliderTotal(percent: number, balance: string): string {
  const available = parsed(balance);
  if (!available || !available.isPositive()) return '';
  return Decimal.fromUnits((available.units * BigInt(percent)) / 100n).toString();
}
