import type { MarketView, QuoteGroup, Quotation } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { homeMarkets, inOrder, sortMarkets, withQuotation } from '../src/features/markets/rules.js';

/** `amount` is the day's volume in the quote currency; the base quantity is left at 0. */
function quotation(id: number, change: string, amount = '0', close = '1'): Quotation {
  return { currency_match_id: id, open: '1', close, change, high: close, low: close, volume: '0', amount };
}

function market(id: number, base: string, change: string, amount = '0', open_change: 0 | 1 = 1): MarketView {
  return {
    id,
    symbol: `${base}/USDT`,
    base_currency_code: base,
    quote_currency_code: 'USDT',
    open_change,
    currency_quotation: quotation(id, change, amount),
  } as MarketView;
}

/** The USDT quote group holding these markets. */
const usdt = (matches: MarketView[]) => ({ id: 1, code: 'USDT', matches }) as QuoteGroup;

const markets = [
  market(1, 'BTC', '1.5', '10'),
  market(2, 'ETH', '-2', '9007199254740993.1'),
  market(3, 'TRX', '0', '9007199254740993.05'),
  market(4, 'DOT', '12.25', '3'),
  market(5, 'FAIR', '-0.01', '1'),
  market(6, 'XYZ', '99', '1'),
];

describe('market tables', () => {
  it('home: the listed coins only, by change, highest first', () => {
    expect(homeMarkets([usdt(markets)], 'BTC,ETH,TRX,DOT,FAIR').map((m) => m.base_currency_code)).toEqual([
      'DOT',
      'BTC',
      'TRX',
      'FAIR',
      'ETH',
    ]);
  });

  it('home: draws only from the USDT group', () => {
    const other = { id: 2, code: 'BTC', matches: [market(9, 'ETH', '80')] } as QuoteGroup;
    expect(homeMarkets([other, usdt(markets)], 'ETH').map((m) => m.id)).toEqual([2]);
  });

  it('home: leaves out a coin closed for trading', () => {
    const closed = [...markets, market(7, 'ADA', '50', '1', 0)];
    expect(homeMarkets([usdt(closed)], 'ADA, btc').map((m) => m.base_currency_code)).toEqual(['BTC']);
  });

  it('sorts decimals exactly, beyond a double, either way', () => {
    const byVolume = sortMarkets(markets, 'volume', true).map((m) => m.id);
    expect(byVolume).toEqual([2, 3, 1, 4, 5, 6]);
    expect(sortMarkets(markets, 'volume', false).map((m) => m.id)).toEqual([5, 6, 4, 1, 3, 2]);
    expect(sortMarkets(markets, 'symbol', false).map((m) => m.base_currency_code)).toEqual([
      'BTC',
      'DOT',
      'ETH',
      'FAIR',
      'TRX',
      'XYZ',
    ]);
  });

  it('patches one market from a DAY_MARKET push, leaving the others as they were', () => {
    const groups = [{ id: 1, code: 'USDT', matches: markets } as QuoteGroup];
    const next = withQuotation(groups, {
      currency_match_id: 4,
      symbol: 'DOT/USDT',
      quotation: quotation(4, '-3'),
    });
    expect(next[0]!.matches[3]!.currency_quotation.change).toBe('-3');
    expect(next[0]!.matches[0]).toBe(markets[0]);
    expect(markets[3]!.currency_quotation.change).toBe('12.25');
    expect(
      withQuotation(groups, { currency_match_id: 99, symbol: 'X', quotation: quotation(99, '1') })[0],
    ).toBe(groups[0]);
  });

  it('sorts by volume in the quote currency, so pairs of different coins compare', () => {
    const btc = market(1, 'BTC', '0');
    btc.currency_quotation = { ...btc.currency_quotation, volume: '16.5', amount: '1140000' };
    const trx = market(2, 'TRX', '0');
    trx.currency_quotation = { ...trx.currency_quotation, volume: '9684226', amount: '1129000' };
    expect(sortMarkets([trx, btc], 'volume', true).map((m) => m.base_currency_code)).toEqual(['BTC', 'TRX']);
  });

  it('keeps rows in their order while live pushes change the values, appending newly listed markets', () => {
    const groups = [usdt(markets)];
    const order = homeMarkets(groups, 'BTC,ETH,TRX,DOT,FAIR').map((m) => m.id);
    expect(order).toEqual([4, 1, 3, 5, 2]);
    // ETH, last by change, jumps to the top: the table keeps its rows where they were.
    const pushed = withQuotation(groups, {
      currency_match_id: 2,
      symbol: 'ETH/USDT',
      quotation: quotation(2, '40'),
    });
    const rows = inOrder(homeMarkets(pushed, 'BTC,ETH,TRX,DOT,FAIR'), order);
    expect(rows.map((m) => m.id)).toEqual([4, 1, 3, 5, 2]);
    expect(rows[4]!.currency_quotation.change).toBe('40');
    // A user's sort orders again by the values now shown.
    expect(sortMarkets(rows, 'change', true).map((m) => m.id)).toEqual([2, 4, 1, 3, 5]);
    // A market listed since goes last; one delisted leaves.
    expect(inOrder([markets[1]!, market(8, 'NEW', '50'), markets[0]!], [1, 2, 3]).map((m) => m.id)).toEqual([
      1, 2, 8,
    ]);
  });
});
