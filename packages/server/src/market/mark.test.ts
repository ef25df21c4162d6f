import { Decimal } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { shouldRecord } from './mark.js';

const d = (text: string) => Decimal.parse(text);
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
