import {
  api,
  checkMarkRow,
  Decimal,
  MICRO_DOWN,
  MICRO_UP,
  type MarketView,
  type MarkPriceView,
  type MicroOrderView,
  type MicroOutcome,
  type MicroSide,
  type Paged,
  type QuoteGroup,
} from '@oex/protocol';
import { formatInZone } from '../../lib/format.js';

/**
 * The pure rules of the seconds-contract page (docs/seconds-contracts.md): which pairs it lists, the
 * profit rate as a percent, the stake's fee and payout, the countdown, and how a MICRO_CLOSED push
 * changes a page of orders. Amounts are exact decimal strings throughout, never floats.
 */

/** The micro lists show 10 a page. */
export const MICRO_PAGE_SIZE = 10;
/** A settled order leaves the in-progress list this long after its push. */
export const CLOSED_LEAVE_MS = 500;
/** Browser storage keys: the last pair and the chart period. */
export const PAIR_KEY = 'secondData';
export const PERIOD_KEY = 'secondPeriod';
/** The decimals of a currency whose own are not known here (every seeded currency has 8). */
export const DEFAULT_DECIMALS = 8;

const HUNDRED = Decimal.fromInt(100);

function parse(value: string | null | undefined): Decimal | null {
  return value === null || value === undefined ? null : Decimal.tryParse(value);
}

/** Only the USDT quote group is listed, and of it the pairs open to micro (open_microtrade = 1). */
export function microMarkets(groups: readonly QuoteGroup[]): MarketView[] {
  const usdt = groups.find((group) => group.code === 'USDT' && group.is_quote === 1);
  return usdt ? usdt.matches.filter((market) => market.open_microtrade === 1) : [];
}

/** The pair last chosen (kept under `secondData` as its market id), else the first listed. */
export function chosenPair(markets: readonly MarketView[], saved: string | null): MarketView | undefined {
  const id = saved === null ? NaN : Number(saved);
  return markets.find((market) => market.id === id) ?? markets[0];
}

/** A fraction shown × 100, exactly and without trailing zeros: "0.85" → "85", "0.875" → "87.5". */
export function ratioPercent(ratio: string): string {
  const value = parse(ratio);
  return value ? value.mul(HUNDRED).toString() : '—';
}

/** What a stake costs and may bring, as the server computes it, rounded down to the currency's decimals. */
export interface StakePreview {
  /** stake × fee rate, paid on top of the stake at submit. */
  fee: string;
  /** stake + fee: what leaves the micro account at submit. */
  cost: string;
  /** stake × profit ratio: the profit of a win. */
  profit: string;
  /** stake + profit: what a win pays back. */
  payout: string;
}

export function stakePreview(
  stake: string,
  ratio: string,
  feeRate: string,
  decimals: number = DEFAULT_DECIMALS,
): StakePreview | null {
  const amount = parse(stake);
  const profitRatio = parse(ratio);
  const rate = parse(feeRate);
  if (!amount || !profitRatio || !rate) return null;
  const fee = amount.mul(rate, decimals, 'down');
  const profit = amount.mul(profitRatio, decimals, 'down');
  return {
    fee: fee.toString(),
    cost: amount.add(fee).toString(),
    profit: profit.toString(),
    payout: amount.add(profit).toString(),
  };
}

/** Whether the balance covers a cost; unknown (null) while the balance has not loaded. */
export function covers(balance: string | null, cost: string): boolean | null {
  const available = parse(balance);
  const needed = parse(cost);
  if (!available || !needed) return null;
  return available.gte(needed);
}

/** An order in progress may win stake × ratio and may lose the stake. */
export function potential(
  order: Pick<MicroOrderView, 'number' | 'profit_ratio'>,
  decimals: number = DEFAULT_DECIMALS,
): { profit: string; loss: string } {
  const stake = parse(order.number) ?? Decimal.ZERO;
  const ratio = parse(order.profit_ratio) ?? Decimal.ZERO;
  return { profit: stake.mul(ratio, decimals, 'down').toString(), loss: stake.toString() };
}

/** A page of orders as loaded, with the moment it arrived: the countdowns run from there. */
export type MicroPage = Paged<MicroOrderView> & { received_at: number };

/**
 * The time left of an order at `now`: its remain_milli_seconds counted down from when the page
 * arrived (so a clock set wrong on this device does not matter), never below 0; 0 once settled.
 */
export function remainingMs(
  order: Pick<MicroOrderView, 'remain_milli_seconds' | 'status'>,
  receivedAt: number,
  now: number,
): number {
  if (order.status !== 1) return 0;
  return Math.max(0, order.remain_milli_seconds - Math.max(0, now - receivedAt));
}

/** The countdown as m:ss, whole seconds rounded up (it shows 0:00 only when the time is up). */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A live MICRO_CLOSED push: the order's row, where the page shows it, takes the final data. */
export function replaceOrder<P extends Paged<MicroOrderView>>(page: P, order: MicroOrderView): P {
  if (!page.data.some((row) => row.id === order.id)) return page;
  return { ...page, data: page.data.map((row) => (row.id === order.id ? order : row)) };
}

/** Half a second later the settled order leaves the in-progress list. */
export function removeOrder<P extends Paged<MicroOrderView>>(page: P, id: number): P {
  if (!page.data.some((row) => row.id === id)) return page;
  const total = Math.max(0, page.total - 1);
  return {
    ...page,
    total,
    last_page: Math.max(1, Math.ceil(total / page.per_page)),
    data: page.data.filter((row) => row.id !== id),
  };
}

/** ...and joins the closed list at the top of its first page (newest first), once. */
export function addClosed<P extends Paged<MicroOrderView>>(page: P, order: MicroOrderView): P {
  if (page.current_page !== 1 || page.data.some((row) => row.id === order.id)) return page;
  const total = page.total + 1;
  return {
    ...page,
    total,
    last_page: Math.max(1, Math.ceil(total / page.per_page)),
    data: [order, ...page.data].slice(0, page.per_page),
  };
}

/** Whether a settled order belongs in a list filtered to one pair (null: all pairs). */
export function inList(order: Pick<MicroOrderView, 'currency_match_id'>, matchId: number | null): boolean {
  return matchId === null || order.currency_match_id === matchId;
}

export { signedProfit, type Direction } from '../contracts/rules.js';

/** The direction's sign: ▲ up, ▼ down. */
export function sideSign(side: MicroSide): '▲' | '▼' {
  return side === MICRO_UP ? '▲' : '▼';
}

export const SIDES: readonly MicroSide[] = [MICRO_UP, MICRO_DOWN];

/**
 * The tape's first rule, for rows written before the impact-price rule: the median of best bid,
 * best ask and last trade; with one missing the exact mean of the other two, with one alone that
 * one, with none no price.
 */
export function markOf(entry: Pick<MarkPriceView, 'best_bid' | 'best_ask' | 'last_price'>): string | null {
  const inputs = [entry.best_bid, entry.best_ask, entry.last_price]
    .map(parse)
    .filter((value): value is Decimal => value !== null)
    .sort((a, b) => a.cmp(b));
  if (inputs.length === 0) return null;
  if (inputs.length === 3) return inputs[1]!.toString();
  if (inputs.length === 1) return inputs[0]!.toString();
  return inputs[0]!.add(inputs[1]!).div(Decimal.fromInt(2)).toString();
}

/**
 * Whether a tape row's figures are what its own inputs give (checked in the browser, from public
 * data): the impact-price rule for rows that carry their figures, the older median otherwise.
 */
export function markMatches(entry: MarkPriceView): boolean {
  if (entry.figures) return checkMarkRow(entry.figures, entry.previous_price ?? null).length === 0;
  const mark = markOf(entry);
  const price = parse(entry.price);
  return mark !== null && price !== null && Decimal.parse(mark).eq(price);
}

/** The outcome of a side between two prices: up wins above, down below, equal is a tie. */
export function outcomeOf(side: MicroSide, openPrice: string, endPrice: string): MicroOutcome | null {
  const open = parse(openPrice);
  const end = parse(endPrice);
  if (!open || !end) return null;
  const move = end.cmp(open);
  if (move === 0) return 'tie';
  return move > 0 === (side === MICRO_UP) ? 'win' : 'loss';
}

/** The public tape between an order's two rows (ms), for anyone to read raw. */
export function tapeLink(marketId: number, from: number, to: number): string {
  const query = new URLSearchParams({
    currency_match_id: String(marketId),
    from: String(Math.min(from, to)),
    to: String(Math.max(from, to)),
  });
  return `/api/${api.market.markPrices.path}?${query.toString()}`;
}

/** An instant (ms) as YYYY-MM-DD HH:mm:ss in the exchange's time zone. */
export function formatTime(ms: number, timeZone: string): string {
  return formatInZone(ms, timeZone, true);
}
