import { describe, expect, it } from 'vitest';
import { BUY, SELL } from '../spot/engine.js';
import { LIMIT, MARKET, OrderStatus, type OpenOrder, type OrderOutcome } from '../spot/orders.js';
import { changedLevels } from './book-sequence.js';

const order = (type: number, way: number, priceTicks: number) =>
  ({ type, way, priceTicks }) as unknown as OpenOrder;
const outcome = (...touched: OpenOrder[]): OrderOutcome => ({
  order: touched[0]!,
  status: OrderStatus.OPEN,
  trades: [],
  touched: touched.map((entry) => ({ order: entry, status: OrderStatus.OPEN })),
});

describe('changedLevels', () => {
  it('names the levels of the limit orders an outcome touched, once each', () => {
    expect(
      changedLevels(
        outcome(
          order(MARKET, BUY, 0),
          order(LIMIT, SELL, 101),
          order(LIMIT, SELL, 101),
          order(LIMIT, SELL, 102),
        ),
      ),
    ).toEqual([
      { way: SELL, priceTicks: 101 },
      { way: SELL, priceTicks: 102 },
    ]);
  });

  it('finds no change in a market order that met nothing', () => {
    expect(changedLevels(outcome(order(MARKET, SELL, 0)))).toEqual([]);
  });

  it('counts a resting or cancelled limit order', () => {
    expect(changedLevels(outcome(order(LIMIT, BUY, 99)))).toEqual([{ way: BUY, priceTicks: 99 }]);
  });
});
