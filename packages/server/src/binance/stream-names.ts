import type { Period } from '../spot/periods.js';
import { INTERVALS } from './rules.js';

/** Binance's kline intervals that our periods serve: the REST klines' own table. */
export const KLINE_INTERVALS: Readonly<Record<string, Period>> = INTERVALS;

/** Partial book depths Binance offers (`<symbol>@depth5`). */
export const PARTIAL_LEVELS = [5, 10, 20] as const;
export type PartialLevels = (typeof PARTIAL_LEVELS)[number];

/** What a stream carries. `fast` streams are pushed every 100 ms, the others every second. */
export type StreamKind =
  | { kind: 'depth'; fast: boolean }
  | { kind: 'partialDepth'; levels: PartialLevels; fast: boolean }
  | { kind: 'trade' }
  | { kind: 'kline'; interval: string; period: Period }
  | { kind: 'ticker' }
  | { kind: 'miniTicker' }
  | { kind: 'bookTicker' };

/** A parsed stream name: its canonical text (lowercase symbol), the symbol, and what it carries. */
export type StreamName = StreamKind & { name: string; symbol: string };

const SYMBOL = /^[a-z0-9]{2,30}$/;

/**
 * Parses `btcusdt@depth@100ms`, `btcusdt@kline_1m` and the like; undefined when Binance would not
 * know the stream. The symbol is not checked against the markets here. Binance takes names in
 * lowercase only (the interval `1M` excepted); so do we.
 */
export function parseStreamName(text: string): StreamName | undefined {
  const [symbol = '', channel = '', speed, ...rest] = text.split('@');
  if (rest.length > 0 || !SYMBOL.test(symbol)) return undefined;
  const fast = speed === '100ms';
  if (speed !== undefined && !(fast || speed === '1000ms')) return undefined;
  const speedSuffix = speed === undefined ? '' : `@${speed}`;
  const base = `${symbol}@${channel}`;
  if (channel === 'depth') return { kind: 'depth', fast, name: base + speedSuffix, symbol };
  const partial = /^depth(\d+)$/.exec(channel);
  if (partial) {
    const levels = Number(partial[1]);
    if (!(PARTIAL_LEVELS as readonly number[]).includes(levels)) return undefined;
    return { kind: 'partialDepth', levels: levels as PartialLevels, fast, name: base + speedSuffix, symbol };
  }
  if (speed !== undefined) return undefined;
  if (channel === 'trade') return { kind: 'trade', name: base, symbol };
  if (channel === 'ticker') return { kind: 'ticker', name: base, symbol };
  if (channel === 'miniTicker') return { kind: 'miniTicker', name: base, symbol };
  if (channel === 'bookTicker') return { kind: 'bookTicker', name: base, symbol };
  const kline = /^kline_(\w+)$/.exec(channel);
  const interval = kline?.[1];
  if (interval !== undefined && Object.hasOwn(KLINE_INTERVALS, interval)) {
    return { kind: 'kline', interval, period: KLINE_INTERVALS[interval]!, name: base, symbol };
  }
  return undefined;
}
