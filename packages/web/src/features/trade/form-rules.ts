import { Decimal, MAX_AMOUNT, type DepthEntry, type MarketView } from '@oex/protocol';
import { QUANTITY_DECIMALS } from '../../lib/format.js';

/**
 * The order-form arithmetic of spec 000 §§5, 9, on exact decimals, with each market's own precision
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

/** Why a keystroke or a paste was refused: a translation key and its values. */
export interface Refusal {
  key: 'trade.hint.chars' | 'trade.hint.decimals' | 'trade.hint.digits';
  params: { places: number };
}

/**
 * What a typed price or amount becomes. A text that could not be the number as typed (a letter, an
 * exponent, a sign, a second point, more decimals or digits than the market takes) is refused
 * whole, with the reason, so the field keeps its value: `1e5` never becomes `15`, nor `-5` `5`.
 * A comma is read as the decimal point (phone keyboards in many languages offer only a comma), and a
 * leading point gets a zero.
 */
export function acceptDecimalInput(
  typed: string,
  decimals: number,
): { value: string } | { refused: Refusal } {
  let text = typed.trim();
  if (!text.includes('.') && (text.match(/,/g) ?? []).length === 1) text = text.replace(',', '.');
  if (!/^\d*\.?\d*$/.test(text)) return { refused: { key: 'trade.hint.chars', params: { places: 0 } } };
  if (text.startsWith('.')) text = `0${text}`;
  const [whole = '', fraction] = text.split('.');
  if (fraction !== undefined && fraction.length > decimals) {
    return { refused: { key: 'trade.hint.decimals', params: { places: decimals } } };
  }
  const wholeDigits = MAX_DIGITS - decimals;
  if (whole.replace(/^0+(?=\d)/, '').length > wholeDigits) {
    return { refused: { key: 'trade.hint.digits', params: { places: wholeDigits } } };
  }
  return { value: text };
}

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
 * Price × quantity, rounded up to 6 decimals (spec 000 §5); '' when either is missing or the total
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
  key: string;
  params?: Record<string, string>;
}

/** The client checks of spec 000 §5, in order, then the market's minimum and the maximum total. */
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
  /** How much of the quantity the visible levels hold. */
  filled: string;
  /** Price × amount over the levels taken, exact. */
  total: string;
  /** Whether the visible levels hold the whole quantity. */
  complete: boolean;
}

/**
 * What a market order of `quantity` would fill at against the visible book: the levels of the
 * other side (asks for a buy, bids for a sell), best first, as market/deal and MARKET_DEPTH give
 * them. The server fills against the real book at that moment, so this is an estimate; null
 * without a quantity or any level, or past the maximum total.
 */
export function estimateMarketFill(
  levels: readonly DepthEntry[],
  quantity: string,
  priceDecimals: number,
): MarketFill | null {
  let left = parsed(quantity);
  if (!left || !left.isPositive() || levels.length === 0) return null;
  let filled = Decimal.ZERO;
  let total = Decimal.ZERO;
  for (const level of levels) {
    if (!left.isPositive()) break;
    const price = parsed(level.price);
    const amount = parsed(level.amount);
    if (!price || !amount || !amount.isPositive()) continue;
    const take = Decimal.min(left, amount);
    const cost = product(price, take, 18, 'up');
    if (cost === null || cost.add(total).gt(MAX_AMOUNT)) return null;
    total = total.add(cost);
    filled = filled.add(take);
    left = left.sub(take);
  }
  if (filled.isZero()) return null;
  return {
    average: total.div(filled, priceDecimals, 'half-up').toString(priceDecimals),
    filled: filled.toString(),
    total: total.toString(),
    complete: !left.isPositive(),
  };
}
