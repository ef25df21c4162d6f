import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  depthPoints,
  groupSteps,
  lastMove,
  MIN_DESKTOP_ROWS,
  rowsThatFit,
  spreadOf,
} from '../src/features/trade/book-rules.js';

describe('order book grouping steps follow the market', () => {
  it('offers the tick and 10, 100 and 1000 times it, past 1 when the tick allows', () => {
    expect(groupSteps(2)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupSteps(5)).toEqual(['0.00001', '0.0001', '0.001', '0.01']);
    expect(groupSteps(0)).toEqual(['1', '10', '100', '1000']);
  });
});

describe('levels that fit', () => {
  it('fills the height with rows on both sides of the spread row, never fewer than asked', () => {
    // 15 rows a side of 20 px and a 28 px spread row need 628 px.
    expect(rowsThatFit(628, 20, 28, MIN_DESKTOP_ROWS)).toBe(15);
    expect(rowsThatFit(900, 20, 28, MIN_DESKTOP_ROWS)).toBe(21);
    expect(rowsThatFit(0, 20, 28, MIN_DESKTOP_ROWS)).toBe(15);
    expect(rowsThatFit(300, 20, 28, 10)).toBe(10);
  });
});

describe('the spread', () => {
  it('is the best ask minus the best bid, exactly, and its percent of the mid price', () => {
    expect(spreadOf('64402.14', '64402.15')).toEqual({ absolute: '0.01', percent: '0.00002' });
    expect(spreadOf('64402.14', '64402.14')).toEqual({ absolute: '0', percent: '0.000' });
    expect(spreadOf('99', '101')).toEqual({ absolute: '2', percent: '2.000' });
    expect(spreadOf('0.11790', '0.11810')).toEqual({ absolute: '0.0002', percent: '0.169' });
    expect(spreadOf(undefined, '1')).toBeNull();
    expect(spreadOf('1', undefined)).toBeNull();
  });
});

describe("the last price's direction", () => {
  it('compares the newest trade with the newest one at another price', () => {
    expect(lastMove([{ price: '10' }, { price: '10' }, { price: '9.5' }])).toBe('up');
    expect(lastMove([{ price: '10' }, { price: '10.01' }])).toBe('down');
    expect(lastMove([{ price: '10' }, { price: '10' }])).toBe('flat');
    expect(lastMove([])).toBe('flat');
  });
});

describe('depth chart', () => {
  it('sums each side exactly from the best price outward', () => {
    expect(
      depthPoints([
        { price: '100.01', amount: '0.1' },
        { price: '100.05', amount: '0.2' },
      ]),
    ).toEqual([
      { price: '100.01', cumulative: '0.1' },
      { price: '100.05', cumulative: '0.3' },
    ]);
  });
  it('puts round ticks on the axes, with the decimals their step needs', () => {
    expect(axisTicks(0, 10, 5)).toEqual({ values: [0, 2, 4, 6, 8, 10], decimals: 0 });
    expect(axisTicks(0.1171, 0.1189, 4)).toEqual({ values: [0.1175, 0.118, 0.1185], decimals: 4 });
    expect(axisTicks(64000, 64900, 3)).toEqual({ values: [64000, 64500], decimals: 0 });
    expect(axisTicks(5, 5, 3)).toEqual({ values: [5], decimals: 0 });
    // A round step that leaves one tick in range is made finer.
    expect(axisTicks(100.3, 101.9, 2)).toEqual({ values: [100.5, 101, 101.5], decimals: 1 });
    expect(axisTicks(64012.5, 64019.9, 2).values.length).toBeGreaterThanOrEqual(2);
  });
});
