import type { MarketView, QuoteGroup, Quotation } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { homeMarkets, sortMarkets, withQuotation } from '../src/features/markets/rules.js';

function quotation(id: number, change: string, volume = '0', close = '1'): Quotation {
  return { currency_match_id: id, open: '1', close, change, high: close, low: close, volume, amount: '0' };
}

function market(id: number, base: string, change: string, volume = '0', open_change: 0 | 1 = 1): MarketView {
  return {
    id,
    symbol: `${base}/USDT`,
    base_currency_code: base,
    quote_currency_code: 'USDT',
    open_change,
    currency_quotation: quotation(id, change, volume),
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
});
