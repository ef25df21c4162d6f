import { Decimal } from './decimal.js';

/**
 * The mark price rule, pure and shared: the server computes the public tape with it and the web
 * recomputes any tape row with it in the browser.
 *
 * Per market and second:
 * - impact bid and impact ask: the average prices of selling and buying the market's impact
 *   notional (in the quote currency) against the book, best level first;
 * - trade price: the average price of the newest trades worth the same notional, newest first;
 * - sample: the median of the three (the mean of the two impact prices while the trades are worth
 *   less than the notional). No sample when either side of the book cannot fill the notional;
 * - mark: the average of the samples of the last `window` seconds, once all of them are there;
 *   until then (after a start, or a second with a thin book) the mark holds its last value.
 * Every average is rounded half-up to the market's price decimals plus MARK_EXTRA_DECIMALS.
 */
export const MARK_EXTRA_DECIMALS = 2;

/** A book level or a trade as the walk counts it: a price and an amount of the base currency. */
export interface PriceAmount {
  price: Decimal;
  amount: Decimal;
}

export interface MarkRule {
  /** The impact notional, in the quote currency. */
  notional: Decimal;
  /** How many seconds' samples the mark averages. */
  window: number;
  priceDecimals: number;
  amountDecimals: number;
}

export interface AverageWalk {
  price: Decimal;
  /** What the walk took: whole levels or trades, the last of them in part. */
  consumed: PriceAmount[];
}

export const markDecimals = (rule: Pick<MarkRule, 'priceDecimals'>) =>
  rule.priceDecimals + MARK_EXTRA_DECIMALS;

/**
 * Takes levels (or trades) in the order given until their value reaches the notional; the last one
 * counts in part, its amount rounded up to the market's amount decimals. The average is the value
 * taken over the amount taken. Null when all of them together are worth less than the notional.
 */
export function averageOver(fills: readonly PriceAmount[], rule: MarkRule): AverageWalk | null {
  const consumed: PriceAmount[] = [];
  let value = Decimal.ZERO;
  let amount = Decimal.ZERO;
  for (const fill of fills) {
    if (!fill.price.isPositive() || !fill.amount.isPositive()) continue;
    const left = rule.notional.sub(value);
    const whole = fill.price.mul(fill.amount);
    const part = whole.gte(left)
      ? Decimal.min(fill.amount, left.div(fill.price, rule.amountDecimals, 'up'))
      : fill.amount;
    consumed.push({ price: fill.price, amount: part });
    value = value.add(fill.price.mul(part));
    amount = amount.add(part);
    if (value.gte(rule.notional)) {
      return { price: value.div(amount, markDecimals(rule), 'half-up'), consumed };
    }
  }
  return null;
}

/** The median of the impact bid, the impact ask and the trade price; null on a thin book. */
export function markSample(
  impactBid: Decimal | null,
  impactAsk: Decimal | null,
  tradePrice: Decimal | null,
  rule: Pick<MarkRule, 'priceDecimals'>,
): Decimal | null {
  if (!impactBid || !impactAsk) return null;
  if (!tradePrice) return impactBid.add(impactAsk).div(Decimal.fromInt(2), markDecimals(rule), 'half-up');
  const sorted = [impactBid, impactAsk, tradePrice].sort((a, b) => a.cmp(b));
  return sorted[1]!;
}

/** The mean of a window's samples. */
export function windowAverage(samples: readonly Decimal[], rule: Pick<MarkRule, 'priceDecimals'>): Decimal {
  const sum = samples.reduce((total, sample) => total.add(sample), Decimal.ZERO);
  return sum.div(Decimal.fromInt(samples.length), markDecimals(rule), 'half-up');
}

/** What a tape row stores of the book and the trades: exactly what the walks consumed. */
export interface MarkInputsView {
  /** Bid levels consumed, best first: [price, amount]. */
  bids: [string, string][];
  asks: [string, string][];
  /** Trades consumed, newest first: [trade id, price, amount counted]. */
  trades: [number, string, string][];
}

/** The figures of a tape row that the rule decides, as the row states them. */
export interface MarkRowFigures {
  /** The second the row stands for, in ms. */
  time: number;
  impact_notional: string;
  window_size: number;
  price_decimals: number;
  number_decimals: number;
  impact_bid: string | null;
  impact_ask: string | null;
  trade_price: string | null;
  sample: string | null;
  /**
   * The window's samples up to this second, oldest first, as [second in ms, sample]: at most
   * `window_size` of them, none older than twice the window, the newest this row's own.
   */
  window: [number, string][];
  /** The mark: the window's average when full, else the mark held from the row before. */
  price: string;
  inputs: MarkInputsView;
}

export interface MarkCheck {
  field: 'impact_bid' | 'impact_ask' | 'trade_price' | 'sample' | 'window' | 'price';
  stated: string | null;
  recomputed: string | null;
}

const asFills = (pairs: readonly (readonly [string, string])[]): PriceAmount[] =>
  pairs.map(([price, amount]) => ({ price: Decimal.parse(price), amount: Decimal.parse(amount) }));

/**
 * Recomputes a row's figures from its own inputs and answers each that differs from what it states.
 * `previous` is the mark before this row (the row before it on the tape), used while the window is
 * not full. An empty answer means the row is what the rule says.
 */
export function checkMarkRow(row: MarkRowFigures, previous: string | null): MarkCheck[] {
  const rule: MarkRule = {
    notional: Decimal.parse(row.impact_notional),
    window: row.window_size,
    priceDecimals: row.price_decimals,
    amountDecimals: row.number_decimals,
  };
  const problems: MarkCheck[] = [];
  const check = (field: MarkCheck['field'], stated: string | null, recomputed: Decimal | null) => {
    const same =
      stated === null ? recomputed === null : recomputed !== null && Decimal.parse(stated).eq(recomputed);
    if (!same) problems.push({ field, stated, recomputed: recomputed?.toString() ?? null });
  };
  const bid = averageOver(asFills(row.inputs.bids), rule);
  const ask = averageOver(asFills(row.inputs.asks), rule);
  const trade = averageOver(
    asFills(row.inputs.trades.map(([, price, amount]) => [price, amount] as const)),
    rule,
  );
  check('impact_bid', row.impact_bid, bid && walkedExactly(bid, row.inputs.bids.length) ? bid.price : null);
  check('impact_ask', row.impact_ask, ask && walkedExactly(ask, row.inputs.asks.length) ? ask.price : null);
  check(
    'trade_price',
    row.trade_price,
    trade && walkedExactly(trade, row.inputs.trades.length) ? trade.price : null,
  );
  const sample = markSample(bid?.price ?? null, ask?.price ?? null, trade?.price ?? null, rule);
  check('sample', row.sample, sample);
  if (!windowHolds(row, sample)) {
    problems.push({
      field: 'window',
      stated: JSON.stringify(row.window),
      recomputed: sample?.toString() ?? null,
    });
  }
  const full = row.window.length === rule.window;
  const mark = full
    ? windowAverage(
        row.window.map(([, value]) => Decimal.parse(value)),
        rule,
      )
    : null;
  check('price', row.price, mark ?? (previous === null ? null : Decimal.parse(previous)));
  return problems;
}

/**
 * The window ends with this second's sample (or is empty on a thin second), holds at most
 * `window_size` samples in time order, and none older than twice the window.
 */
function windowHolds(row: MarkRowFigures, sample: Decimal | null): boolean {
  if (sample === null) return row.window.length === 0;
  const last = row.window.at(-1);
  if (!last || last[0] !== row.time || !Decimal.parse(last[1]).eq(sample)) return false;
  if (row.window.length > row.window_size) return false;
  const oldest = row.time - windowSpanMs(row.window_size);
  return row.window.every(
    ([time], index) => time > oldest && (index === 0 || time > row.window[index - 1]![0]),
  );
}

/** Samples older than this (ms) have left the window: a window survives a missed second, not a stop. */
export const windowSpanMs = (windowSize: number) => 2 * windowSize * 1000;

/** A walk stated on a row must have consumed all its listed inputs: no extra level padded in. */
function walkedExactly(walk: AverageWalk, listed: number): boolean {
  return walk.consumed.length === listed;
}
