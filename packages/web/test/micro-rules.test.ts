import type { MarketView, MarkPriceView, MicroOrderView, QuoteGroup } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import {
  addClosed,
  chosenPair,
  countdownText,
  covers,
  formatTime,
  inList,
  markMatches,
  markOf,
  microMarkets,
  outcomeOf,
  potential,
  ratioPercent,
  remainingMs,
  removeOrder,
  replaceOrder,
  signedProfit,
  stakePreview,
  tapeLink,
  type MicroPage,
} from '../src/features/micro/rules.js';

const market = (id: number, patch: Partial<MarketView> = {}) =>
  ({ id, symbol: `M${id}/USDT`, open_microtrade: 1, ...patch }) as MarketView;

const order = (id: number, patch: Partial<MicroOrderView> = {}): MicroOrderView => ({
  id,
  currency_match_id: 1,
  symbol_name: 'BTC/USDT',
  type: 1,
  status: 1,
  seconds: 30,
  number: '10',
  currency_id: 1,
  currency_name: 'USDT',
  fee: '0.1',
  profit_ratio: '0.8',
  open_price: '100',
  end_price: null,
  created_at: 0,
  open_time: 0,
  ends_at: 30_000,
  settled_at: null,
  outcome: null,
  payout: null,
  fact_profits: null,
  remain_milli_seconds: 30_000,
  ...patch,
});

const page = (rows: MicroOrderView[], patch: Partial<MicroPage> = {}): MicroPage => ({
  data: rows,
  total: rows.length,
  per_page: 10,
  current_page: 1,
  last_page: 1,
  received_at: 1000,
  ...patch,
});

describe('pairs on the micro page (the spec’s seconds-contract page and calls)', () => {
  const groups = [
    { code: 'BTC', is_quote: 1, matches: [market(9)] },
    { code: 'USDT', is_quote: 1, matches: [market(1), market(2, { open_microtrade: 0 }), market(3)] },
  ] as QuoteGroup[];

  it('lists only the USDT quote group, and of it only the pairs open to micro', () => {
    expect(microMarkets(groups).map((m) => m.id)).toEqual([1, 3]);
    expect(microMarkets([])).toEqual([]);
  });

  it('remembers the last pair, and falls back to the first for an unknown or missing one', () => {
    const markets = microMarkets(groups);
    expect(chosenPair(markets, '3')?.id).toBe(3);
    expect(chosenPair(markets, '2')?.id).toBe(1);
    expect(chosenPair(markets, 'rubbish')?.id).toBe(1);
    expect(chosenPair(markets, null)?.id).toBe(1);
    expect(chosenPair([], '1')).toBeUndefined();
  });
});

describe('profit rate, fee and payout, exactly', () => {
  it('shows a fraction × 100 without float noise', () => {
    expect(ratioPercent('0.85')).toBe('85');
    expect(ratioPercent('0.80')).toBe('80');
    expect(ratioPercent('0.875')).toBe('87.5');
    // 0.07 × 100 is 7.000000000000001 in floating point.
    expect(ratioPercent('0.07')).toBe('7');
    expect(ratioPercent('0.29')).toBe('29');
    expect(ratioPercent('1')).toBe('100');
    expect(ratioPercent('x')).toBe('—');
  });

  it('previews fee, cost, profit and payout as the server rounds them (down, currency decimals)', () => {
    expect(stakePreview('10', '0.8', '0.01')).toEqual({
      fee: '0.1',
      cost: '10.1',
      profit: '8',
      payout: '18',
    });
    expect(stakePreview('0.0002', '0.85', '0.001')).toEqual({
      fee: '0.0000002',
      cost: '0.0002002',
      profit: '0.00017',
      payout: '0.00037',
    });
    // Rounded down to the currency's places, never up.
    expect(stakePreview('0.00000003', '0.5', '0.5', 8)).toEqual({
      fee: '0.00000001',
      cost: '0.00000004',
      profit: '0.00000001',
      payout: '0.00000004',
    });
    expect(stakePreview('', '0.8', '0.01')).toBeNull();
  });

  it('knows whether the balance covers stake and fee', () => {
    expect(covers('10.1', '10.1')).toBe(true);
    expect(covers('10.09', '10.1')).toBe(false);
    expect(covers(null, '10.1')).toBeNull();
  });

  it('an order in progress may win stake × ratio and may lose the stake (the spec’s number formats)', () => {
    expect(potential({ number: '50', profit_ratio: '0.85' })).toEqual({ profit: '42.5', loss: '50' });
    expect(potential({ number: '0.001', profit_ratio: '0.88' })).toEqual({
      profit: '0.00088',
      loss: '0.001',
    });
  });

  it('signs a profit: + for a win, − for a loss, 0 for a tie', () => {
    expect(signedProfit('8')).toEqual({ text: '+8', direction: 'up' });
    expect(signedProfit('-10')).toEqual({ text: '-10', direction: 'down' });
    expect(signedProfit('0')).toEqual({ text: '0', direction: 'flat' });
    expect(signedProfit(null)).toEqual({ text: '—', direction: 'flat' });
  });
});

describe('the countdown (the spec’s live rules)', () => {
  it('counts down from when the page arrived, to 0, whatever the device clock says', () => {
    const open = order(1, { remain_milli_seconds: 30_000 });
    expect(remainingMs(open, 1000, 1000)).toBe(30_000);
    expect(remainingMs(open, 1000, 11_500)).toBe(19_500);
    expect(remainingMs(open, 1000, 99_000)).toBe(0);
    // A clock that went back does not add time.
    expect(remainingMs(open, 1000, 0)).toBe(30_000);
    expect(remainingMs(order(1, { status: 3 }), 1000, 1000)).toBe(0);
  });

  it('shows m:ss, rounding whole seconds up so 0:00 means due', () => {
    expect(countdownText(30_000)).toBe('0:30');
    expect(countdownText(29_001)).toBe('0:30');
    expect(countdownText(29_000)).toBe('0:29');
    expect(countdownText(1)).toBe('0:01');
    expect(countdownText(0)).toBe('0:00');
    expect(countdownText(-5)).toBe('0:00');
    expect(countdownText(300_000)).toBe('5:00');
    expect(countdownText(61_000)).toBe('1:01');
  });
});

describe('MICRO_CLOSED on the lists (the spec’s live rules)', () => {
  const settled = order(2, {
    status: 3,
    end_price: '101',
    outcome: 'win',
    payout: '18',
    fact_profits: '8',
    remain_milli_seconds: 0,
  });

  it('replaces the matching row with the final data and leaves the others alone', () => {
    const before = page([order(3), order(2), order(1)]);
    const after = replaceOrder(before, settled);
    expect(after.data.map((row) => row.status)).toEqual([1, 3, 1]);
    expect(after.data[1]).toBe(settled);
    expect(after.received_at).toBe(1000);
    expect(replaceOrder(before, order(7, { status: 3 }))).toBe(before);
  });

  it('then removes it from the in-progress list, and the total with it', () => {
    const after = removeOrder(page([order(3), order(2), order(1)]), 2);
    expect(after.data.map((row) => row.id)).toEqual([3, 1]);
    expect(after.total).toBe(2);
    const unchanged = page([order(1)]);
    expect(removeOrder(unchanged, 9)).toBe(unchanged);
    const paged = removeOrder(page([order(12)], { total: 11, last_page: 2 }), 12);
    expect(paged.last_page).toBe(1);
  });

  it('adds it once at the top of the first closed page, keeping 10 a page', () => {
    const full = page(
      Array.from({ length: 10 }, (_, i) => order(20 - i, { status: 3 })),
      { total: 10 },
    );
    const after = addClosed(full, settled);
    expect(after.data[0]).toBe(settled);
    expect(after.data).toHaveLength(10);
    expect(after.total).toBe(11);
    expect(after.last_page).toBe(2);
    expect(addClosed(after, settled)).toBe(after);
    const second = page([], { current_page: 2 });
    expect(addClosed(second, settled)).toBe(second);
  });

  it('belongs to a list of all pairs, or of its own pair only', () => {
    expect(inList(settled, null)).toBe(true);
    expect(inList(settled, 1)).toBe(true);
    expect(inList(settled, 2)).toBe(false);
  });
});

describe('verification from the public tape', () => {
  const entry = (patch: Partial<MarkPriceView>): MarkPriceView => ({
    currency_match_id: 1,
    time: 0,
    price: '0',
    best_bid: null,
    best_ask: null,
    last_price: null,
    last_trade_id: null,
    figures: null,
    ...patch,
  });

  it('recomputes the mark price: median of three, mean of two, the one, or none', () => {
    expect(markOf(entry({ best_bid: '99', best_ask: '101', last_price: '100.5' }))).toBe('100.5');
    expect(markOf(entry({ best_bid: '99', best_ask: '101', last_price: '120' }))).toBe('101');
    expect(markOf(entry({ best_bid: '99', best_ask: '100' }))).toBe('99.5');
    expect(markOf(entry({ last_price: '64000.1' }))).toBe('64000.1');
    expect(markOf(entry({}))).toBeNull();
    expect(
      markMatches(entry({ price: '100.50', best_bid: '99', best_ask: '101', last_price: '100.5' })),
    ).toBe(true);
    expect(markMatches(entry({ price: '100', best_bid: '99', best_ask: '101', last_price: '100.5' }))).toBe(
      false,
    );
  });

  it('decides the outcome from the side and the two prices alone', () => {
    expect(outcomeOf(1, '100', '100.01')).toBe('win');
    expect(outcomeOf(2, '100', '100.01')).toBe('loss');
    expect(outcomeOf(2, '100', '99.99')).toBe('win');
    expect(outcomeOf(1, '100', '100.00')).toBe('tie');
    expect(outcomeOf(1, '100', 'x')).toBeNull();
  });

  it('links the raw tape between the two rows', () => {
    expect(tapeLink(2, 5000, 1000)).toBe('/api/market/mark_prices?currency_match_id=2&from=1000&to=5000');
  });

  it('shows times in the exchange zone', () => {
    expect(formatTime(Date.UTC(2026, 0, 2, 3, 4, 5), 'Asia/Shanghai')).toBe('2026-01-02 11:04:05');
    expect(formatTime(Date.UTC(2026, 0, 2, 16, 0, 0), 'Asia/Shanghai')).toBe('2026-01-03 00:00:00');
  });
});
