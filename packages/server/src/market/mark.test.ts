import { Decimal } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { markPrice, shouldRecord } from './mark.js';

const d = (text: string) => Decimal.parse(text);
const mark = (bid: string | null, ask: string | null, last: string | null) =>
  markPrice({
    bestBid: bid === null ? null : d(bid),
    bestAsk: ask === null ? null : d(ask),
    lastPrice: last === null ? null : d(last),
  })?.toString() ?? null;

describe('markPrice', () => {
  it('is the middle of bid, ask and last, whatever their order', () => {
    expect(mark('100', '101', '100.5')).toBe('100.5');
    expect(mark('100', '101', '250')).toBe('101');
    expect(mark('100', '101', '1')).toBe('100');
  });

  it('is the exact mean of two when one input is missing, the one alone, or nothing', () => {
    expect(mark(null, '101', '100')).toBe('100.5');
    expect(mark('0.00001', null, '0.00002')).toBe('0.000015');
    expect(mark(null, null, '7.25')).toBe('7.25');
    expect(mark(null, null, null)).toBeNull();
    expect(mark('0', null, null)).toBeNull();
  });
});

describe('shouldRecord', () => {
  const previous = { price: d('100'), time: 10_000 };
  it('records the first price, every change, and a heartbeat while unchanged', () => {
    expect(shouldRecord(undefined, d('100'), 0)).toBe(true);
    expect(shouldRecord(previous, d('100.01'), 11_000)).toBe(true);
    expect(shouldRecord(previous, d('100'), 11_000)).toBe(false);
    expect(shouldRecord(previous, d('100'), 70_000)).toBe(true);
  });

  it('never records twice for one instant or going back in time', () => {
    expect(shouldRecord(previous, d('101'), 10_000)).toBe(false);
    expect(shouldRecord(previous, d('101'), 9_000)).toBe(false);
  });
});
