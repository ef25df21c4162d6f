import { Decimal } from '@oex/protocol';

/** The order-form arithmetic of spec 000 §§5, 9, on exact decimals. */

import { PRICE_DECIMALS, QUANTITY_DECIMALS } from '../../lib/format.js';

export { PRICE_DECIMALS, QUANTITY_DECIMALS };
/** The slider moves in steps of 25 %. */
export const SLIDER_STEPS = [0, 25, 50, 75, 100] as const;

export type Side = 'buy' | 'sell';
/** 0 limit, 1 market (the spec's default). */
export type OrderType = 0 | 1;

/**
 * What a typed price or quantity becomes: digits and one point only (no e, minus or plus), cut to
 * `decimals` places. A leading point gets a zero.
 */
export function filterDecimalInput(text: string, decimals: number): string {
  let cleaned = text.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  if (point >= 0) {
    const fraction = cleaned
      .slice(point + 1)
      .replace(/\./g, '')
      .slice(0, decimals);
    cleaned = `${cleaned.slice(0, point)}.${decimals > 0 ? fraction : ''}`;
    if (decimals === 0) cleaned = cleaned.slice(0, -1);
  }
  return cleaned.startsWith('.') ? `0${cleaned}` : cleaned;
}

function parsed(text: string | null | undefined): Decimal | null {
  const value = text?.trim();
  return value && Decimal.isValid(value) ? Decimal.parse(value) : null;
}

/**
 * The quantity for a slider position: a buy spends `percent` of the quote balance at `price`; a
 * sell offers `percent` of the base balance. Rounded down to 6 decimals; '' without a price.
 */
export function sliderQuantity(side: Side, percent: number, balance: string, price: string): string {
  const available = parsed(balance);
  if (!available || !available.isPositive()) return '0';
  const share = available.mul(Decimal.fromInt(percent)).div(Decimal.fromInt(100));
  if (side === 'sell') return share.round(QUANTITY_DECIMALS, 'down').toString();
  const at = parsed(price);
  if (!at || !at.isPositive()) return '';
  return share.div(at, QUANTITY_DECIMALS, 'down').toString();
}

/** Price × quantity, rounded up to 6 decimals; '' when either is missing. */
export function orderTotal(price: string, quantity: string): string {
  const at = parsed(price);
  const amount = parsed(quantity);
  if (!at || !amount) return '';
  return at.mul(amount, QUANTITY_DECIMALS, 'up').toString(QUANTITY_DECIMALS);
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

/** The client checks of spec 000 §5, in order; returns a translation key or null. */
export function orderProblem(form: OrderForm): string | null {
  if (form.side === 'sell' && form.sellDisabled) return 'trade.sellDisabled';
  const price = parsed(form.price);
  if (form.type === 0 && (!price || !price.isPositive())) return 'trade.priceRequired';
  if (form.type === 1 && form.bestPrice === null) return 'trade.noBestPrice';
  const quantity = parsed(form.quantity);
  if (!quantity || !quantity.isPositive()) return 'trade.quantityRequired';
  return null;
}
