import {
  Decimal,
  LEVER_LONG,
  LEVER_SHORT,
  LeverClosedType,
  LeverStatus,
  type LeverDeal,
  type LeverPositionView,
  type LeverSide,
  type LeverTradePush,
  type LeverVerification,
  type LeverView,
  type MarketView,
  type MarkPriceView,
  type Paged,
  type QuoteGroup,
} from '@oex/protocol';
import { markMatches } from '../micro/rules.js';
import type { TextKey } from '../../i18n/catalogs.js';

/**
 * The pure rules of the leveraged contract page (docs/leverage.md): which markets it lists,
 * the cost preview as the server computes it, the order and stop checks, the hazard band, and how
 * the LEVER_TRADE and LEVER_CLOSED pushes change the lists. Exact decimal strings throughout.
 */

/** Lists show 10 a page. */
export const LEVER_PAGE_SIZE = 10;
/** Browser storage keys: the last market (like the micro page's secondData) and the chart period. */
export const MARKET_KEY = 'leverData';
export const PERIOD_KEY = 'leverPeriod';
/** The quote currency's decimals (every seeded currency has 8): margin and fees round up to them. */
export const QUOTE_DECIMALS = 8;
/** One hand by default. */
export const DEFAULT_HANDS = '1';

/** The bottom tabs in the spec's order: current positions, all positions, all pending, all closed, current delegation. */
export const VIEWS: readonly LeverView[] = [5, 1, 0, 3, 6];
/** Views of one market (the chosen one); the others cover every market. */
export const MARKET_VIEWS: readonly LeverView[] = [5, 6];
export const SIDES: readonly LeverSide[] = [LEVER_LONG, LEVER_SHORT];

const HUNDRED = Decimal.fromInt(100);

function parse(value: string | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  return text ? Decimal.tryParse(text) : null;
}

/** Only the USDT quote group, and of it the markets open to leverage (open_lever = 1). */
export function leverMarkets(groups: readonly QuoteGroup[]): MarketView[] {
  const usdt = groups.find((group) => group.code === 'USDT' && group.is_quote === 1);
  return usdt ? usdt.matches.filter((market) => market.open_lever === 1) : [];
}

/** The same as quote groups, for the spot page's market list: one USDT group of lever markets. */
export function leverGroups(groups: readonly QuoteGroup[]): QuoteGroup[] {
  const usdt = groups.find((group) => group.code === 'USDT' && group.is_quote === 1);
  return usdt ? [{ ...usdt, matches: leverMarkets(groups) }] : [];
}

/** The market last chosen (kept under `leverData` as its id), else the first listed. */
export function chosenMarket(markets: readonly MarketView[], saved: string | null): MarketView | undefined {
  const id = saved === null ? NaN : Number(saved);
  return markets.find((market) => market.id === id) ?? markets[0];
}

/**
 * The price a position opens at, as the server sets it: the base price moved by the spread
 * (lever_point_rate, a percent) against the user, rounded against the user to the market's price
 * decimals (a long up, a short down).
 */
export function entryPrice(
  base: Decimal,
  side: LeverSide,
  pointRate: Decimal,
  priceDecimals: number,
): Decimal {
  const spread = base.mul(pointRate).div(HUNDRED);
  return side === LEVER_LONG
    ? base.add(spread).round(priceDecimals, 'up')
    : base.sub(spread).round(priceDecimals, 'down');
}

export interface PreviewInput {
  side: LeverSide;
  /** The mark (last_price) at market, the target price at a fixed price. */
  basePrice: string | null;
  hands: string;
  multiple: number | null;
  pointRate: string;
  shareNum: string;
  feeRate: string;
  priceDecimals: number;
  decimals?: number;
}

/** The cost of an order before it is placed, exact, as the server will charge it. */
export interface LeverPreview {
  /** The entry price: the base shifted by the spread. */
  price: string;
  /** Units of base: hands × lever_share_num. */
  number: string;
  /** price × number. */
  value: string;
  /** value ÷ multiple, rounded up to the currency's decimals. */
  margin: string;
  /** value × fee rate, rounded up to the currency's decimals. */
  fee: string;
}

export function leverPreview(input: PreviewInput): LeverPreview | null {
  const base = parse(input.basePrice);
  const hands = wholeHands(input.hands);
  const pointRate = parse(input.pointRate);
  const shareNum = parse(input.shareNum);
  const feeRate = parse(input.feeRate);
  const multiple = input.multiple;
  if (!base || !base.isPositive() || hands === null || !pointRate || !shareNum || !feeRate) return null;
  if (multiple === null || !Number.isInteger(multiple) || multiple < 1) return null;
  const decimals = input.decimals ?? QUOTE_DECIMALS;
  const price = entryPrice(base, input.side, pointRate, input.priceDecimals);
  const number = shareNum.mul(Decimal.fromInt(hands));
  const value = price.mul(number);
  return {
    price: price.toString(),
    number: number.toString(),
    value: value.toString(),
    margin: value.div(Decimal.fromInt(multiple), decimals, 'up').toString(),
    fee: value.mul(feeRate, decimals, 'up').toString(),
  };
}

/** margin + fee: what leaves the lever balance when the order opens. */
export function previewCost(preview: LeverPreview): string {
  return Decimal.parse(preview.margin).add(Decimal.parse(preview.fee)).toString();
}

/** A whole number of hands typed (digits only), or null. */
export function wholeHands(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Keeps a hands field to digits only; anything else leaves it as it was. */
export function acceptHands(typed: string, current: string): string {
  const text = typed.trim();
  return /^\d{0,9}$/.test(text) ? text : current;
}

/** One hand more or less, kept within the market's bounds. */
export function stepHands(current: string, step: 1 | -1, limit: { min: number; max: number }): string {
  const hands = wholeHands(current) ?? limit.min - step;
  return String(Math.min(limit.max, Math.max(limit.min, hands + step)));
}

export interface Problem {
  key: TextKey;
  params?: Record<string, string | number>;
}

/**
 * Why an order cannot be sent: a multiple must be chosen, hands entered (whole,
 * within the market's limits) and, at a fixed price, a price above zero.
 */
export function orderProblem(form: {
  fixed: boolean;
  hands: string;
  multiple: number | null;
  targetPrice: string;
  limit: { min: number; max: number };
}): Problem | null {
  if (form.multiple === null) return { key: 'lever.errors.multiple' };
  if (!form.hands.trim()) return { key: 'lever.errors.hands' };
  const hands = wholeHands(form.hands);
  if (hands === null || hands < form.limit.min || hands > form.limit.max) {
    return { key: 'lever.errors.handsRange', params: { min: form.limit.min, max: form.limit.max } };
  }
  if (form.fixed) {
    const price = parse(form.targetPrice);
    if (!price || !price.isPositive()) return { key: 'lever.errors.price' };
  }
  return null;
}

/** Whether the balance covers a cost; null while either is unknown. */
export function covers(balance: string | null | undefined, cost: string | null | undefined): boolean | null {
  const available = parse(balance);
  const needed = parse(cost);
  if (!available || !needed) return null;
  return available.gte(needed);
}

/** Profit at a price: (price − entry) × number for a long, reversed for a short. Exact. */
export function profitAt(side: LeverSide, entry: Decimal, price: Decimal, number: Decimal): Decimal {
  const move = price.sub(entry).mul(number);
  return side === LEVER_LONG ? move : move.neg();
}

/**
 * The expected profit at a take-profit, or loss at a stop-loss, shown only when the
 * price is on that side of the entry price; otherwise (or with no price) "0.00".
 */
export function expectedAt(
  kind: 'profit' | 'loss',
  side: LeverSide,
  entry: string | null,
  price: string,
  number: string,
): string {
  const from = parse(entry);
  const at = parse(price);
  const units = parse(number);
  if (!from || !at || !units || !at.isPositive()) return '0.00';
  const result = profitAt(side, from, at, units);
  if (kind === 'profit' ? !result.isPositive() : !result.isNegative()) return '0.00';
  return result.toString();
}

/**
 * A stop field's value: empty is 0 (no stop), otherwise a decimal of at most the market's price
 * decimals; null when it cannot be one (the minimum is 0).
 */
export function stopValue(text: string, priceDecimals: number): Decimal | null {
  const trimmed = text.trim();
  if (!trimmed) return Decimal.ZERO;
  if (!/^\d*\.?\d*$/.test(trimmed) || trimmed === '.') return null;
  const value = Decimal.tryParse(trimmed.startsWith('.') ? `0${trimmed}` : trimmed);
  if (!value || value.decimalPlaces() > priceDecimals) return null;
  return value;
}

/**
 * Why a take-profit or stop-loss is refused, as the server checks it: against the current mark, a
 * long's take-profit above it and stop-loss below it, a short's the reverse; 0 clears one.
 */
export function stopProblem(
  side: LeverSide,
  mark: string | null,
  takeProfit: string,
  stopLoss: string,
  priceDecimals: number,
): Problem | null {
  const tp = stopValue(takeProfit, priceDecimals);
  const sl = stopValue(stopLoss, priceDecimals);
  if (tp === null) return { key: 'lever.errors.stopPrice', params: { places: priceDecimals } };
  if (sl === null) return { key: 'lever.errors.stopPrice', params: { places: priceDecimals } };
  const now = parse(mark);
  if (!now) return { key: 'lever.errors.noMark' };
  const above = (price: Decimal) => price.isZero() || price.gt(now);
  const below = (price: Decimal) => price.isZero() || price.lt(now);
  if (!(side === LEVER_LONG ? above(tp) : below(tp))) {
    return { key: side === LEVER_LONG ? 'lever.errors.tpAbove' : 'lever.errors.tpBelow' };
  }
  if (!(side === LEVER_LONG ? below(sl) : above(sl))) {
    return { key: side === LEVER_LONG ? 'lever.errors.slBelow' : 'lever.errors.slAbove' };
  }
  return null;
}

/** A stop as sent and shown: "0" when empty or zero. */
export function stopText(text: string, priceDecimals: number): string {
  return stopValue(text, priceDecimals)?.toString() ?? '0';
}

export type HazardBand = 'none' | 'safe' | 'caution' | 'warning' | 'danger';

/**
 * How safe the positions of a currency are by their hazard rate (%): above 150 safe, 100 to 150
 * caution, below 100 (losses are eating the margin) warning, and danger within twice the
 * liquidation rate, where a plain warning says what happens at the rate. None without positions.
 */
export function hazardBand(
  hazard: string | null | undefined,
  liquidation: string | null | undefined,
): HazardBand {
  const rate = parse(hazard);
  if (!rate) return 'none';
  const limit = parse(liquidation);
  if (limit && rate.lte(limit.mul(Decimal.fromInt(2)))) return 'danger';
  if (rate.gt(Decimal.fromInt(150))) return 'safe';
  if (rate.gte(HUNDRED)) return 'caution';
  return 'warning';
}

export { signedProfit, type Direction } from '../contracts/rules.js';

/** The side's sign: ▲ long, ▼ short. */
export function sideSign(side: LeverSide): '▲' | '▼' {
  return side === LEVER_LONG ? '▲' : '▼';
}

/** A position's state as a text key (the spec's labels: pending, trading, closing, closed, cancelled). */
export function statusKey(position: Pick<LeverPositionView, 'status'>): TextKey {
  switch (position.status) {
    case LeverStatus.PENDING:
      return 'lever.status.pending';
    case LeverStatus.OPEN:
      return 'lever.status.trading';
    case LeverStatus.CLOSING:
      return 'lever.status.closing';
    case LeverStatus.CLOSED:
      return 'lever.status.closed';
    default:
      return 'lever.status.cancelled';
  }
}

/** Why a closed position closed, as a text key; null while it is not closed. */
export function closedReasonKey(position: Pick<LeverPositionView, 'status' | 'closed_type'>): TextKey | null {
  if (position.status !== LeverStatus.CLOSED) return null;
  switch (position.closed_type) {
    case LeverClosedType.USER:
      return 'lever.reason.user';
    case LeverClosedType.LIQUIDATION:
      return 'lever.reason.liquidation';
    case LeverClosedType.TAKE_PROFIT:
      return 'lever.reason.takeProfit';
    case LeverClosedType.STOP_LOSS:
      return 'lever.reason.stopLoss';
    default:
      return null;
  }
}

/** What a row offers: close an open position and set its stops, cancel a pending order. */
export function actionsOf(position: Pick<LeverPositionView, 'status'>): {
  close: boolean;
  cancel: boolean;
  stops: boolean;
} {
  return {
    close: position.status === LeverStatus.OPEN,
    cancel: position.status === LeverStatus.PENDING,
    stops: position.status === LeverStatus.OPEN,
  };
}

/** Which rows a view lists: open positions (5, 1) or pending orders (0, 6), one market (5, 6) or all. */
export function viewHolds(
  view: LeverView,
  matchId: number | null,
  position: Pick<LeverPositionView, 'status' | 'currency_match_id'>,
): boolean {
  if (matchId !== null && position.currency_match_id !== matchId) return false;
  if (view === 5 || view === 1)
    return position.status === LeverStatus.OPEN || position.status === LeverStatus.CLOSING;
  if (view === 0 || view === 6) return position.status === LeverStatus.PENDING;
  return position.status === LeverStatus.CLOSED || position.status === LeverStatus.CANCELLED;
}

/** A list page, and whether it should be loaded again (a row belongs on it that the push cannot place). */
export interface Merged<P> {
  page: P;
  reload: boolean;
}

function withTotal<P extends Paged<LeverPositionView>>(page: P, data: LeverPositionView[], total: number): P {
  return { ...page, data, total, last_page: Math.max(1, Math.ceil(total / page.per_page)) };
}

/**
 * A LEVER_TRADE push on a page of a list (live events replace updated positions). The
 * push holds the user's open positions of one quote currency: each one on an open-positions page
 * takes the pushed data. An open position the page should show first but does not have (placed
 * elsewhere, or a pending order that just opened) makes the page reload; so does a row of a pending
 * list that is open now.
 */
export function mergeTrades<P extends Paged<LeverPositionView>>(
  page: P,
  push: Pick<LeverTradePush, 'trades_all'>,
  view: LeverView,
  matchId: number | null,
): Merged<P> {
  const pushed = new Map(push.trades_all.map((position) => [position.id, position]));
  if (view === 0 || view === 6) {
    return { page, reload: page.data.some((row) => pushed.has(row.id)) };
  }
  if (view === 3) return { page, reload: false };
  let changed = false;
  const data = page.data.map((row) => {
    const next = pushed.get(row.id);
    if (!next || next === row) return row;
    changed = true;
    return next;
  });
  const shown = new Set(page.data.map((row) => row.id));
  const newest = page.data.reduce((max, row) => Math.max(max, row.id), 0);
  const missing = push.trades_all.some(
    (position) =>
      !shown.has(position.id) &&
      viewHolds(view, matchId, position) &&
      page.current_page === 1 &&
      (position.id > newest || page.data.length < page.per_page),
  );
  return { page: changed ? { ...page, data } : page, reload: missing };
}

/**
 * A LEVER_CLOSED push on a page of an open or pending list: the ended ids leave it.
 * When a later page has rows to move up, the page reloads; a closed list's first page reloads to
 * show the positions with their final data.
 */
export function removeClosed<P extends Paged<LeverPositionView>>(
  page: P,
  ids: readonly number[],
  view: LeverView,
): Merged<P> {
  const ended = new Set(ids);
  if (view === 3) return { page, reload: page.current_page === 1 && ids.length > 0 };
  const data = page.data.filter((row) => !ended.has(row.id));
  if (data.length === page.data.length) return { page, reload: false };
  const total = Math.max(0, page.total - (page.data.length - data.length));
  const next = withTotal(page, data, total);
  return { page: next, reload: total > (page.current_page - 1) * page.per_page + data.length };
}

/** After the stops are set, the row shows them at once, before the list reloads. */
export function withStops<P extends Paged<LeverPositionView>>(
  page: P,
  id: number,
  stops: { target_profit_price: string; stop_loss_price: string },
): P {
  if (!page.data.some((row) => row.id === id)) return page;
  return { ...page, data: page.data.map((row) => (row.id === id ? { ...row, ...stops } : row)) };
}

/** The quote currency a push is about: its positions', else its market's. */
export function pushQuote(
  push: Pick<LeverTradePush, 'trades_all' | 'currency_match_id'>,
  quoteOf: (matchId: number) => number | undefined,
): number | undefined {
  return push.trades_all[0]?.quote_currency_id ?? quoteOf(push.currency_match_id);
}

/** A deal as the page keeps it: the answer, with the live profit of the currency's positions. */
export type LeverDealState = LeverDeal & { profits_all?: string };

/**
 * A LEVER_TRADE push on a market's deal of the same quote currency: the hazard rate and the total
 * profit are the pushed ones, and the mark (the deal's last_price) the one a position of this market
 * carries, so the preview follows the mark while positions are open.
 */
export function dealWithTrades(
  deal: LeverDealState,
  push: Pick<LeverTradePush, 'trades_all' | 'hazard_rate' | 'profits_all'>,
): LeverDealState {
  const mark = push.trades_all.find(
    (position) => position.currency_match_id === deal.currency_match_id,
  )?.update_price;
  return {
    ...deal,
    hazard_rate: push.hazard_rate,
    profits_all: push.profits_all,
    last_price: mark ?? deal.last_price,
  };
}

/** The multiple the form shows: the one chosen when the market offers it, else the market's first. */
export function chosenMultiple(offered: readonly number[], chosen: number | null): number | null {
  if (chosen !== null && offered.includes(chosen)) return chosen;
  return offered[0] ?? null;
}

/** A lever_point_rate (already a percent) or a fee rate (a fraction, × 100) as a percent text. */
export function percentText(value: string, fraction: boolean): string {
  const rate = parse(value);
  if (!rate) return '—';
  return (fraction ? rate.mul(HUNDRED) : rate).toString();
}

/** One of a position's two marks (open, close) checked against its tape row, in the browser. */
export interface MarkCheck {
  which: 'open' | 'close';
  /** The mark the position records: origin_price when it opened, update_price when it closed. */
  mark: string;
  /** The tape row's own price. */
  rowPrice: string;
  /** The row's price is the position's mark. */
  same: boolean;
  /** The row's price is what its own inputs give (markMatches). */
  recomputes: boolean;
}

function samePrice(a: string, b: string): boolean {
  const left = Decimal.tryParse(a);
  const right = Decimal.tryParse(b);
  return left !== null && right !== null && left.eq(right);
}

/**
 * lever/verify recomputed: the open row's price is the mark the position opened at (origin_price),
 * the close row's the mark it closed at (update_price), and each row recomputes from its inputs.
 * A row missing (the position is older than the tape) gives no check.
 */
export function verifyChecks(
  data: Pick<LeverVerification, 'position' | 'open_entry' | 'close_entry'>,
): MarkCheck[] {
  const checks: MarkCheck[] = [];
  const add = (which: MarkCheck['which'], entry: MarkPriceView | null, mark: string) => {
    if (!entry) return;
    checks.push({
      which,
      mark,
      rowPrice: entry.price,
      same: samePrice(entry.price, mark),
      recomputes: markMatches(entry),
    });
  };
  add('open', data.open_entry, data.position.origin_price);
  add('close', data.close_entry, data.position.update_price);
  return checks;
}
