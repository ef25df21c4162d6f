import { describe, expect, it } from 'vitest';
import {
  estimateMarketFill,
  protectionPrice,
  sliderTotal,
  walkBook,
  farPrice,
  orderProblem,
  orderTotal,
  sliderQuantity,
  type OrderForm,
} from '../src/features/trade/form-rules.js';

// Typed prices and amounts: test/parse-number.test.ts (docs/spot.md).

describe('slider quantities (25 % steps, rounded down to the market decimals)', () => {
  it('a buy spends the share of the quote balance at the price', () => {
    expect(sliderQuantity('buy', 25, '1000', '3')).toBe('83.333333');
    expect(sliderQuantity('buy', 100, '10000', '64237.22', 6)).toBe('0.155672');
    expect(sliderQuantity('buy', 25, '1000', '0.12345', 1)).toBe('2025.1');
    expect(sliderQuantity('buy', 50, '0.000001', '3')).toBe('0');
  });
  it('a sell offers the share of the base balance', () => {
    expect(sliderQuantity('sell', 75, '0.5', '999')).toBe('0.375');
    expect(sliderQuantity('sell', 25, '0.0000009', '1')).toBe('0');
    expect(sliderQuantity('sell', 100, '1.23456789', '', 4)).toBe('1.2345');
  });
  it('a buy without a price has no quantity, nor one too large to hold; an empty balance gives 0', () => {
    expect(sliderQuantity('buy', 50, '100', '')).toBe('');
    expect(sliderQuantity('buy', 50, '0', '3')).toBe('0');
    expect(sliderQuantity('buy', 100, '999999999999999999', '0.000000000000000001')).toBe('');
    expect(sliderQuantity('sell', 100, '1000000000', '', 6)).toBe('');
    expect(sliderQuantity('sell', 100, '999999999.9999999', '', 6)).toBe('999999999.999999');
  });
});

describe('totals (rounded up to 6 decimals), never a crash', () => {
  it('rounds a total up, exactly', () => {
    expect(orderTotal('3456.7891', '1.000001')).toBe('3456.792557');
    expect(orderTotal('0.1317', '3')).toBe('0.395100');
    expect(orderTotal('', '3')).toBe('');
  });
  it('a total past the maximum is no total, not an exception (the app used to crash)', () => {
    // A 15-digit market buy at 64,402.14, and price 100 with a 26-digit amount.
    expect(orderTotal('64402.14', '123456789012345')).toBe('');
    expect(orderTotal('100', '1'.repeat(26))).toBe('');
    expect(orderTotal('1', '1000000000000000')).toBe('1000000000000000.000000');
  });
});

describe('order checks (the spec’s order of checks, then the market rules)', () => {
  const base: OrderForm = {
    side: 'buy',
    type: 0,
    price: '10',
    quantity: '1',
    bestPrice: '10',
    sellDisabled: false,
  };
  const btc = { price_decimals: 2, number_decimals: 6, min_number: '0.00001' };
  const key = (form: OrderForm) => orderProblem(form, btc)?.key ?? null;
  it('needs a price for a limit order and a best price for a market order', () => {
    expect(key({ ...base, price: '' })).toBe('trade.priceRequired');
    expect(key({ ...base, price: '0' })).toBe('trade.priceRequired');
    expect(key({ ...base, type: 1, price: '', bestPrice: null })).toBe('trade.noBestPrice');
    expect(key({ ...base, type: 1, price: '' })).toBeNull();
  });
  it('needs a quantity, and refuses a sell where selling is disabled', () => {
    expect(key({ ...base, quantity: '' })).toBe('trade.quantityRequired');
    expect(key({ ...base, quantity: '0.000000' })).toBe('trade.quantityRequired');
    expect(key({ ...base, side: 'sell', sellDisabled: true })).toBe('trade.sellDisabled');
    expect(key({ ...base, sellDisabled: true })).toBeNull();
  });
  it("the market's minimum order, and the maximum total", () => {
    expect(orderProblem({ ...base, quantity: '0.000009' }, btc)).toEqual({
      key: 'trade.belowMinimum',
      params: { min: '0.00001' },
    });
    expect(key({ ...base, quantity: '0.00001' })).toBeNull();
    expect(orderProblem({ ...base, price: '9999999999999.99', quantity: '999999999' }, btc)).toEqual({
      key: 'trade.totalTooLarge',
      params: { max: '1000000000000000' },
    });
    expect(key({ ...base, type: 1, bestPrice: '64402.14', quantity: '123456789012345' })).toBe(
      'trade.totalTooLarge',
    );
  });
});

describe('a limit price far through the book', () => {
  it('warns a buy above the best ask, and a sell below the best bid, past the setting', () => {
    expect(farPrice('buy', '110', '100', '10')).toBeNull();
    expect(farPrice('buy', '110.01', '100', '10')).toBe('10.01');
    expect(farPrice('buy', '50', '100', '10')).toBeNull();
    expect(farPrice('sell', '90', '100', '10')).toBeNull();
    expect(farPrice('sell', '89.99', '100', '10')).toBe('10.01');
    expect(farPrice('sell', '150', '100', '10')).toBeNull();
    expect(farPrice('buy', '150', null, '10')).toBeNull();
    expect(farPrice('buy', '', '100', '10')).toBeNull();
    expect(farPrice('buy', '103', '100', '2.5')).toBe('3.00');
  });
});

describe('the estimated average price of a market order, from the visible book', () => {
  const asks = [
    { price: '100.00', amount: '1' },
    { price: '101.00', amount: '2' },
    { price: '105.50', amount: '0.5' },
  ];
  it('walks the levels best first', () => {
    expect(estimateMarketFill(asks, '0.5', 2)).toEqual({
      average: '100.00',
      filled: '0.5',
      total: '50',
      complete: true,
    });
    // 1 × 100 + 2 × 101 = 302 for 3: 100.666… → 100.67.
    expect(estimateMarketFill(asks, '3', 2)).toEqual({
      average: '100.67',
      filled: '3',
      total: '302',
      complete: true,
    });
  });
  it('says when the visible book is thinner than the order', () => {
    expect(estimateMarketFill(asks, '10', 2)).toEqual({
      average: '101.36',
      filled: '3.5',
      total: '354.75',
      complete: false,
    });
  });
  it('has no estimate without a quantity, a book, or past the maximum', () => {
    expect(estimateMarketFill(asks, '', 2)).toBeNull();
    expect(estimateMarketFill([], '1', 2)).toBeNull();
    expect(
      estimateMarketFill([{ price: '9999999999999.99', amount: '999999999' }], '999999999', 2),
    ).toBeNull();
  });
});

describe('one walk of the book for the form and the confirmation', () => {
  const asks = [
    { price: '100.00', amount: '1' },
    { price: '101.00', amount: '2' },
    { price: '105.50', amount: '0.5' },
  ];
  const bids = [
    { price: '100.00', amount: '1' },
    { price: '96.00', amount: '2' },
    { price: '94.00', amount: '5' },
  ];
  it('a buy by total takes whole lots while the total lasts, never more than the total', () => {
    // 100 for 1 at 100, then 150 / 101 → 1.4851 at 101 = 149.9951; 0.0049 left.
    expect(walkBook('buy', asks, { total: '250', numberDecimals: 4 }, 2)).toEqual({
      average: '100.60',
      filled: '2.4851',
      total: '249.9951',
      complete: true,
    });
    expect(walkBook('buy', asks, { total: '0.001', numberDecimals: 4 }, 2)).toBeNull();
  });
  it('stops at the protection limit, on both sides', () => {
    expect(walkBook('buy', asks, { quantity: '3.5' }, 2, '105.00')).toMatchObject({
      filled: '3',
      complete: false,
    });
    // A sell of 8 walks to 94 without a limit; 5 % below 100 is 95: only 3 fill.
    expect(walkBook('sell', bids, { quantity: '8' }, 2)?.total).toBe('762');
    expect(walkBook('sell', bids, { quantity: '8' }, 2, '95.00')).toMatchObject({
      filled: '3',
      total: '292',
      complete: false,
    });
  });
  it('the limit is the server’s: rounded towards the best price', () => {
    expect(protectionPrice('buy', '9.95', '5', 2)).toBe('10.44');
    expect(protectionPrice('sell', '9.95', '5', 2)).toBe('9.46');
    expect(protectionPrice('buy', null, '5', 2)).toBeNull();
  });
  it('100 % spends exactly the balance', () => {
    expect(sliderTotal(100, '1234.56789')).toBe('1234.56789');
    expect(sliderTotal(25, '0.000001')).toBe('0.00000025');
    expect(sliderTotal(50, '0')).toBe('');
  });
});
