import {
  Decimal,
  type LeverPositionView,
  type MarkPriceView,
  type MarketView,
  type Paged,
  type QuoteGroup,
} from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import {
  actionsOf,
  verifyChecks,
  acceptHands,
  chosenMarket,
  chosenMultiple,
  closedReasonKey,
  covers,
  dealWithTrades,
  entryPrice,
  expectedAt,
  hazardBand,
  leverGroups,
  leverMarkets,
  leverPreview,
  mergeTrades,
  orderProblem,
  percentText,
  previewCost,
  pushQuote,
  removeClosed,
  signedProfit,
  statusKey,
  stepHands,
  stopProblem,
  stopText,
  stopValue,
  viewHolds,
  wholeHands,
  withStops,
  type LeverDealState,
} from '../src/features/lever/rules.js';

const market = (id: number, patch: Partial<MarketView> = {}) =>
  ({ id, symbol: `M${id}/USDT`, open_lever: 1, quote_currency_id: 1, ...patch }) as MarketView;

const position = (id: number, patch: Partial<LeverPositionView> = {}): LeverPositionView => ({
  id,
  type: 1,
  type_name: 'Long',
  status: 1,
  closed_type: 0,
  currency_match_id: 1,
  symbol: 'BTC/USDT',
  base_currency_id: 2,
  quote_currency_id: 1,
  quote_currency_code: 'USDT',
  share: 1,
  number: '0.01',
  multiple: 10,
  price: '100',
  target_price: null,
  origin_price: '100',
  update_price: '100',
  close_price: null,
  target_profit_price: '0',
  stop_loss_price: '0',
  caution_money: '0.1',
  origin_caution_money: '0.1',
  trade_fee: '0.0005',
  overnight_money: '0',
  profits: '0',
  user_loss: '0',
  insurance_cover: '0',
  time: 1_700_000_000_000,
  transaction_time: 1_700_000_000_000,
  complete_time: null,
  ...patch,
});

const paged = (rows: LeverPositionView[], patch: Partial<Paged<LeverPositionView>> = {}) => ({
  total: rows.length,
  per_page: 10,
  current_page: 1,
  last_page: 1,
  data: rows,
  ...patch,
});

const terms = { pointRate: '0.1', shareNum: '0.01', feeRate: '0.00033', priceDecimals: 2 };

describe('markets', () => {
  const groups = [
    { code: 'USDT', is_quote: 1, matches: [market(1), market(2, { open_lever: 0 }), market(3)] },
    { code: 'BTC', is_quote: 1, matches: [market(9)] },
  ] as unknown as QuoteGroup[];

  it('lists only the USDT group, and of it the markets open to leverage', () => {
    expect(leverMarkets(groups).map((m) => m.id)).toEqual([1, 3]);
    expect(leverMarkets([])).toEqual([]);
    const shown = leverGroups(groups);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.code).toBe('USDT');
    expect(shown[0]!.matches.map((m) => m.id)).toEqual([1, 3]);
  });

  it('remembers the last market, else the first', () => {
    const markets = leverMarkets(groups);
    expect(chosenMarket(markets, '3')?.id).toBe(3);
    expect(chosenMarket(markets, '2')?.id).toBe(1);
    expect(chosenMarket(markets, null)?.id).toBe(1);
    expect(chosenMarket([], '1')).toBeUndefined();
  });

  it('keeps the chosen multiple while the market offers it', () => {
    expect(chosenMultiple([5, 10, 20], 10)).toBe(10);
    expect(chosenMultiple([5, 10, 20], 50)).toBe(5);
    expect(chosenMultiple([5], null)).toBe(5);
    expect(chosenMultiple([], null)).toBeNull();
  });
});

describe('the cost preview (the spec’s form checks), exactly as the server charges', () => {
  it('moves the price by the spread against the user, rounded to the price decimals', () => {
    const mark = Decimal.parse('64402.14');
    const rate = Decimal.parse('0.1');
    // 64402.14 ± 64.40214
    expect(entryPrice(mark, 1, rate, 2).toString()).toBe('64466.55');
    expect(entryPrice(mark, 2, rate, 2).toString()).toBe('64337.73');
    expect(entryPrice(mark, 1, Decimal.ZERO, 2).toString()).toBe('64402.14');
  });

  it('prices a long: value, margin and fee rounded up at 8 decimals', () => {
    const preview = leverPreview({ ...terms, side: 1, basePrice: '64402.14', hands: '1', multiple: 7 });
    expect(preview).toEqual({
      price: '64466.55',
      number: '0.01',
      value: '644.6655',
      // 92.0950714285…
      margin: '92.09507143',
      // 0.212739615
      fee: '0.21273962',
    });
    expect(previewCost(preview!)).toBe('92.30781105');
  });

  it('prices a short from its own side, hands × units per hand', () => {
    const preview = leverPreview({
      ...terms,
      feeRate: '0.0005',
      side: 2,
      basePrice: '64402.14',
      hands: '3',
      multiple: 20,
    });
    expect(preview).toMatchObject({
      price: '64337.73',
      number: '0.03',
      value: '1930.1319',
      margin: '96.506595',
      fee: '0.96506595',
    });
  });

  it('has nothing to show without a price, whole hands or a multiple', () => {
    const base = { ...terms, side: 1 as const, basePrice: '100', hands: '1', multiple: 10 };
    expect(leverPreview(base)).not.toBeNull();
    expect(leverPreview({ ...base, basePrice: null })).toBeNull();
    expect(leverPreview({ ...base, basePrice: '0' })).toBeNull();
    expect(leverPreview({ ...base, hands: '1.5' })).toBeNull();
    expect(leverPreview({ ...base, hands: '' })).toBeNull();
    expect(leverPreview({ ...base, multiple: null })).toBeNull();
    expect(leverPreview({ ...base, feeRate: 'x' })).toBeNull();
  });
});

describe('the order form', () => {
  const limit = { min: 1, max: 100 };

  it('takes whole hands only and steps within the bounds', () => {
    expect(wholeHands('12')).toBe(12);
    expect(wholeHands(' 3 ')).toBe(3);
    expect(wholeHands('1.5')).toBeNull();
    expect(wholeHands('-1')).toBeNull();
    expect(acceptHands('12', '1')).toBe('12');
    expect(acceptHands('', '1')).toBe('');
    expect(acceptHands('1.', '1')).toBe('1');
    expect(acceptHands('1e3', '5')).toBe('5');
    expect(stepHands('1', 1, limit)).toBe('2');
    expect(stepHands('1', -1, limit)).toBe('1');
    expect(stepHands('100', 1, limit)).toBe('100');
    expect(stepHands('', 1, limit)).toBe('1');
    expect(stepHands('500', -1, limit)).toBe('100');
  });

  it('asks for a multiple, hands within the limits and, at a fixed price, a price (the spec’s envelope rules)', () => {
    const form = { fixed: false, hands: '1', multiple: 10, targetPrice: '', limit };
    expect(orderProblem(form)).toBeNull();
    expect(orderProblem({ ...form, multiple: null })?.key).toBe('lever.errors.multiple');
    expect(orderProblem({ ...form, hands: ' ' })?.key).toBe('lever.errors.hands');
    expect(orderProblem({ ...form, hands: '0' })).toEqual({
      key: 'lever.errors.handsRange',
      params: { min: 1, max: 100 },
    });
    expect(orderProblem({ ...form, hands: '101' })?.key).toBe('lever.errors.handsRange');
    expect(orderProblem({ ...form, fixed: true })?.key).toBe('lever.errors.price');
    expect(orderProblem({ ...form, fixed: true, targetPrice: '0' })?.key).toBe('lever.errors.price');
    expect(orderProblem({ ...form, fixed: true, targetPrice: '63000.5' })).toBeNull();
  });

  it('checks the balance against margin and fee', () => {
    expect(covers('100', '99.99')).toBe(true);
    expect(covers('100', '100')).toBe(true);
    expect(covers('100', '100.00000001')).toBe(false);
    expect(covers(null, '1')).toBeNull();
  });

  it('shows percents: the spread as given, the fee rate × 100', () => {
    expect(percentText('0.1', false)).toBe('0.1');
    expect(percentText('0.0005', true)).toBe('0.05');
    expect(percentText('', true)).toBe('—');
  });
});

describe('take-profit and stop-loss', () => {
  it('reads empty as 0 and refuses what is not a price of the market', () => {
    expect(stopValue('', 2)?.toString()).toBe('0');
    expect(stopValue('101.5', 2)?.toString()).toBe('101.5');
    expect(stopValue('.5', 2)?.toString()).toBe('0.5');
    expect(stopValue('1.005', 2)).toBeNull();
    expect(stopValue('-1', 2)).toBeNull();
    expect(stopValue('abc', 2)).toBeNull();
    expect(stopText('', 2)).toBe('0');
    expect(stopText('110.50', 2)).toBe('110.5');
  });

  it('wants a long take-profit above the mark and its stop-loss below; 0 clears', () => {
    expect(stopProblem(1, '100', '110', '90', 2)).toBeNull();
    expect(stopProblem(1, '100', '0', '', 2)).toBeNull();
    expect(stopProblem(1, '100', '100', '90', 2)?.key).toBe('lever.errors.tpAbove');
    expect(stopProblem(1, '100', '110', '100', 2)?.key).toBe('lever.errors.slBelow');
    expect(stopProblem(1, '100', '110', '-1', 2)?.key).toBe('lever.errors.stopPrice');
  });

  it('wants a short the other way round, and a mark to check against', () => {
    expect(stopProblem(2, '100', '90', '110', 2)).toBeNull();
    expect(stopProblem(2, '100', '110', '', 2)?.key).toBe('lever.errors.tpBelow');
    expect(stopProblem(2, '100', '', '99', 2)?.key).toBe('lever.errors.slAbove');
    expect(stopProblem(2, null, '90', '110', 2)?.key).toBe('lever.errors.noMark');
  });

  it('shows the expected profit or loss only on its side of the entry, else 0.00', () => {
    expect(expectedAt('profit', 1, '100', '110', '0.5')).toBe('5');
    expect(expectedAt('profit', 1, '100', '90', '0.5')).toBe('0.00');
    expect(expectedAt('loss', 1, '100', '90', '0.5')).toBe('-5');
    expect(expectedAt('loss', 1, '100', '110', '0.5')).toBe('0.00');
    expect(expectedAt('profit', 2, '100', '90', '0.5')).toBe('5');
    expect(expectedAt('loss', 2, '100', '110.5', '0.5')).toBe('-5.25');
    expect(expectedAt('profit', 1, null, '110', '0.5')).toBe('0.00');
    expect(expectedAt('profit', 1, '100', '', '0.5')).toBe('0.00');
  });
});

describe('the hazard rate', () => {
  it('falls in bands: safe above 150, caution to 100, warning below, danger near liquidation', () => {
    expect(hazardBand(null, '20')).toBe('none');
    expect(hazardBand('150.01', '20')).toBe('safe');
    expect(hazardBand('150', '20')).toBe('caution');
    expect(hazardBand('100', '20')).toBe('caution');
    expect(hazardBand('99.99', '20')).toBe('warning');
    expect(hazardBand('40.01', '20')).toBe('warning');
    expect(hazardBand('40', '20')).toBe('danger');
    expect(hazardBand('12', '20')).toBe('danger');
    expect(hazardBand('60', null)).toBe('warning');
  });
});

describe('rows', () => {
  it('signs profits and names states and reasons', () => {
    expect(signedProfit('1.5')).toEqual({ text: '+1.5', direction: 'up' });
    expect(signedProfit('-0.25')).toEqual({ text: '-0.25', direction: 'down' });
    expect(signedProfit('0')).toEqual({ text: '0', direction: 'flat' });
    expect(signedProfit(null)).toEqual({ text: '—', direction: 'flat' });
    expect(statusKey({ status: 0 })).toBe('lever.status.pending');
    expect(statusKey({ status: 1 })).toBe('lever.status.trading');
    expect(statusKey({ status: 2 })).toBe('lever.status.closing');
    expect(statusKey({ status: 3 })).toBe('lever.status.closed');
    expect(statusKey({ status: 4 })).toBe('lever.status.cancelled');
    expect(closedReasonKey({ status: 3, closed_type: 2 })).toBe('lever.reason.liquidation');
    expect(closedReasonKey({ status: 3, closed_type: 3 })).toBe('lever.reason.takeProfit');
    expect(closedReasonKey({ status: 1, closed_type: 0 })).toBeNull();
  });

  it('offers close and stops on an open position, cancel on a pending order', () => {
    expect(actionsOf({ status: 1 })).toEqual({ close: true, cancel: false, stops: true });
    expect(actionsOf({ status: 0 })).toEqual({ close: false, cancel: true, stops: false });
    expect(actionsOf({ status: 3 })).toEqual({ close: false, cancel: false, stops: false });
  });

  it('knows which rows a view holds', () => {
    expect(viewHolds(5, 1, position(1))).toBe(true);
    expect(viewHolds(5, 2, position(1))).toBe(false);
    expect(viewHolds(1, null, position(1, { status: 2 }))).toBe(true);
    expect(viewHolds(0, null, position(1, { status: 0 }))).toBe(true);
    expect(viewHolds(6, 1, position(1))).toBe(false);
    expect(viewHolds(3, null, position(1, { status: 4 }))).toBe(true);
  });
});

describe('live pushes on the lists (the spec’s live rules)', () => {
  it('LEVER_TRADE replaces the pushed positions on an open list, other rows unchanged', () => {
    const page = paged([position(3), position(2), position(1)]);
    const moved = position(2, { update_price: '105', profits: '0.05' });
    const { page: next, reload } = mergeTrades(page, { trades_all: [moved] }, 5, 1);
    expect(reload).toBe(false);
    expect(next.data[1]).toBe(moved);
    expect(next.data[0]).toBe(page.data[0]);
    expect(next.data[2]).toBe(page.data[2]);
    expect(next.total).toBe(3);
  });

  it('keeps the page as it is when nothing it shows was pushed', () => {
    const page = paged([position(1)]);
    const { page: next, reload } = mergeTrades(
      page,
      { trades_all: [position(9, { currency_match_id: 2 })] },
      5,
      1,
    );
    expect(next).toBe(page);
    expect(reload).toBe(false);
  });

  it('reloads the first page for a new position that belongs on it', () => {
    const page = paged([position(2), position(1)]);
    expect(mergeTrades(page, { trades_all: [position(3)] }, 1, null).reload).toBe(true);
    // Of another market: not on a one-market view.
    expect(mergeTrades(page, { trades_all: [position(3, { currency_match_id: 2 })] }, 5, 1).reload).toBe(
      false,
    );
    // An older one on a full first page belongs further on.
    const full = paged(
      Array.from({ length: 10 }, (_, index) => position(20 - index)),
      { total: 12, last_page: 2 },
    );
    expect(mergeTrades(full, { trades_all: [position(5)] }, 1, null).reload).toBe(false);
    expect(mergeTrades({ ...page, current_page: 2 }, { trades_all: [position(3)] }, 1, null).reload).toBe(
      false,
    );
  });

  it('reloads a pending list when one of its orders opened; leaves the closed list alone', () => {
    const pending = paged([position(4, { status: 0, price: null })]);
    expect(mergeTrades(pending, { trades_all: [position(4)] }, 0, null).reload).toBe(true);
    expect(mergeTrades(pending, { trades_all: [position(5)] }, 6, 1).reload).toBe(false);
    const closed = paged([position(1, { status: 3 })]);
    expect(mergeTrades(closed, { trades_all: [position(1)] }, 3, null)).toEqual({
      page: closed,
      reload: false,
    });
  });

  it('LEVER_CLOSED removes the ended ids and counts them out', () => {
    const page = paged([position(3), position(2), position(1)]);
    const { page: next, reload } = removeClosed(page, [2, 99], 5);
    expect(next.data.map((row) => row.id)).toEqual([3, 1]);
    expect(next.total).toBe(2);
    expect(next.last_page).toBe(1);
    expect(reload).toBe(false);
    expect(removeClosed(page, [99], 1)).toEqual({ page, reload: false });
  });

  it('reloads when a later page has rows to move up, and the closed list for the final data', () => {
    const full = paged(
      Array.from({ length: 10 }, (_, index) => position(20 - index)),
      { total: 12, last_page: 2 },
    );
    const { page: next, reload } = removeClosed(full, [15], 1);
    expect(next.total).toBe(11);
    expect(next.data).toHaveLength(9);
    expect(reload).toBe(true);
    const closed = paged([position(1, { status: 3 })]);
    expect(removeClosed(closed, [7], 3).reload).toBe(true);
    expect(removeClosed({ ...closed, current_page: 2 }, [7], 3).reload).toBe(false);
  });

  it('shows new stops on the row at once', () => {
    const page = paged([position(1), position(2)]);
    const next = withStops(page, 2, { target_profit_price: '110', stop_loss_price: '0' });
    expect(next.data[1]).toMatchObject({ target_profit_price: '110', stop_loss_price: '0' });
    expect(next.data[0]).toBe(page.data[0]);
    expect(withStops(page, 9, { target_profit_price: '1', stop_loss_price: '1' })).toBe(page);
  });

  it('puts the pushed hazard rate, total profit and mark on the deal', () => {
    const deal = {
      currency_match_id: 1,
      last_price: '100',
      hazard_rate: null,
      liquidation_rate: '20',
    } as LeverDealState;
    const push = {
      currency_match_id: 2,
      trades_all: [
        position(1, { update_price: '101.5' }),
        position(2, { currency_match_id: 2, update_price: '7' }),
      ],
      hazard_rate: '512.25',
      profits_all: '-1.5',
    };
    expect(dealWithTrades(deal, push)).toMatchObject({
      last_price: '101.5',
      hazard_rate: '512.25',
      profits_all: '-1.5',
    });
    expect(dealWithTrades({ ...deal, currency_match_id: 3 }, push).last_price).toBe('100');
    expect(pushQuote(push, () => 7)).toBe(1);
    expect(pushQuote({ ...push, trades_all: [] }, (id) => (id === 2 ? 7 : undefined))).toBe(7);
  });
});

describe('the verify view, recomputed in the browser', () => {
  const row = (time: number, price: string, patch: Partial<MarkPriceView> = {}): MarkPriceView => ({
    currency_match_id: 1,
    time,
    price,
    best_bid: '99',
    best_ask: '101',
    last_price: price,
    last_trade_id: null,
    figures: null,
    ...patch,
  });
  const closed = position(9, { status: 3, origin_price: '100.5', update_price: '100' });

  it('checks the open row against origin_price and the close row against update_price, exactly', () => {
    const checks = verifyChecks({
      position: closed,
      open_entry: row(1000, '100.50'),
      close_entry: row(9000, '100'),
    });
    expect(checks).toEqual([
      { which: 'open', mark: '100.5', rowPrice: '100.50', same: true, recomputes: true },
      { which: 'close', mark: '100', rowPrice: '100', same: true, recomputes: true },
    ]);
  });

  it('fails a row whose price is not the mark, or whose inputs give another price', () => {
    const [open, close] = verifyChecks({
      position: closed,
      open_entry: row(1000, '100.51'),
      close_entry: row(9000, '100', { last_price: '100.2' }),
    });
    expect(open).toMatchObject({ same: false, recomputes: true });
    expect(close).toMatchObject({ same: true, recomputes: false });
  });

  it('gives no check for a row the tape does not hold (a position older than the tape)', () => {
    expect(verifyChecks({ position: closed, open_entry: null, close_entry: null })).toEqual([]);
    expect(
      verifyChecks({ position: closed, open_entry: null, close_entry: row(9000, '100') }).map((c) => c.which),
    ).toEqual(['close']);
  });
});
