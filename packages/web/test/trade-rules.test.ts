import type { MarketView, QuoteGroup, SpotOrderView } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { groupLevels } from '../src/features/trade/book-rules.js';
import { chosenMarket } from '../src/features/trade/choose.js';
import { applyMatched, applySubmitted } from '../src/features/trade/order-rules.js';

describe('order book grouping', () => {
  const asks = [
    { price: '100.01', amount: '1' },
    { price: '100.05', amount: '2' },
    { price: '100.11', amount: '0.5' },
  ];
  const bids = [
    { price: '99.99', amount: '1' },
    { price: '99.91', amount: '3' },
    { price: '99.89', amount: '1.5' },
  ];
  it('rounds asks up and bids down into steps, summing exactly, with cumulative depth', () => {
    expect(groupLevels(asks, '0.1', 'ask', 10)).toEqual([
      { price: '100.1', amount: '3', cumulative: '3', share: 3 / 3.5 },
      { price: '100.2', amount: '0.5', cumulative: '3.5', share: 1 },
    ]);
    expect(groupLevels(bids, '0.1', 'bid', 10).map((row) => [row.price, row.amount])).toEqual([
      ['99.9', '4'],
      ['99.8', '1.5'],
    ]);
    expect(groupLevels(bids, '0.01', 'bid', 2).map((row) => row.price)).toEqual(['99.99', '99.91']);
  });
});

describe('orders panel live rules (the spec’s live rules)', () => {
  const order = (id: number, patch: Partial<SpotOrderView> = {}) =>
    ({
      id,
      way: 1,
      currency_match_id: 1,
      status: 1,
      number: '1',
      transacted_amount: '0',
      ...patch,
    }) as SpotOrderView;
  const page = { rows: [order(3), order(2), order(1)], total: 3 };

  const current = { view: 'current' as const, way: 1 as const, pageNumber: 1, marketId: 1 };

  it('a fill updates the amounts in place, and a finished order leaves the current view', () => {
    const filled = applyMatched(page, order(2, { transacted_amount: '0.4' }), current);
    expect(filled.rows[1]!.transacted_amount).toBe('0.4');
    const done = applyMatched(page, order(2, { status: 2, transacted_amount: '1' }), current);
    expect(done.rows.map((row) => row.id)).toEqual([3, 1]);
    expect(done.total).toBe(2);
    const inAll = applyMatched(page, order(2, { status: 2 }), { ...current, view: 'all' });
    expect(inAll.rows[1]!.status).toBe(2);
  });

  it('a filled order the page does not show joins page 1 where it belongs', () => {
    const instant = order(9, { status: 2, transacted_amount: '1' });
    expect(applyMatched(page, instant, current)).toBe(page);
    expect(applyMatched(page, instant, { ...current, view: 'all' }).rows[0]!.id).toBe(9);
    expect(applyMatched(page, instant, { ...current, view: 'history', way: 2 }).rows[0]!.id).toBe(9);
    expect(applyMatched(page, instant, { ...current, view: 'all', way: 2 })).toBe(page);
    expect(applyMatched(page, instant, { ...current, view: 'all', pageNumber: 2 })).toBe(page);
    const partial = order(10, { status: 1, transacted_amount: '0.5' });
    expect(applyMatched(page, partial, current).rows[0]!.id).toBe(10);
    expect(applyMatched(page, partial, { ...current, view: 'history' })).toBe(page);
  });

  it('a new order goes on top of page 1 of its side, never into history', () => {
    const context = { view: 'current' as const, way: 1 as const, pageNumber: 1, marketId: 1 };
    expect(applySubmitted(page, order(4), context).rows.map((row) => row.id)).toEqual([4, 3, 2, 1]);
    expect(applySubmitted(page, order(4, { way: 2 }), context)).toBe(page);
    expect(applySubmitted(page, order(4), { ...context, view: 'history' })).toBe(page);
    expect(applySubmitted(page, order(4), { ...context, pageNumber: 2 })).toBe(page);
    expect(applySubmitted(page, order(4, { currency_match_id: 2 }), context)).toBe(page);
    expect(applySubmitted(page, order(3), context)).toBe(page);
    const full = { rows: Array.from({ length: 10 }, (_, i) => order(20 - i)), total: 15 };
    const next = applySubmitted(full, order(30), context);
    expect(next.rows).toHaveLength(10);
    expect(next.total).toBe(16);
  });
});

describe('which market a trade link opens', () => {
  const market = (id: number, base: string, change: string, open_change: 0 | 1 = 1) =>
    ({
      id,
      symbol: `${base}/USDT`,
      base_currency_code: base,
      open_change,
      currency_quotation: { change },
    }) as MarketView;
  const groups = [
    {
      code: 'USDT',
      matches: [
        market(1, 'BTC', '1'),
        market(2, 'ETH', '3'),
        market(3, 'TRX', '-1'),
        market(6, 'XYZ', '9', 0),
      ],
    } as QuoteGroup,
  ];
  const coins = 'BTC,ETH,TRX';
  it('takes match first, then the home row index, then the first open market', () => {
    expect(chosenMarket(groups, new URLSearchParams('match=3&id=0'), coins)?.id).toBe(3);
    expect(chosenMarket(groups, new URLSearchParams('id=0'), coins)?.id).toBe(2);
    expect(chosenMarket(groups, new URLSearchParams('id=2'), coins)?.id).toBe(3);
    expect(chosenMarket(groups, new URLSearchParams('id=9'), coins)?.id).toBe(1);
    expect(chosenMarket(groups, new URLSearchParams(''), coins)?.id).toBe(1);
  });
  it('never opens a market closed for trading', () => {
    expect(chosenMarket(groups, new URLSearchParams('match=6'), coins)?.id).toBe(1);
  });
});
