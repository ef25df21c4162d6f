import { dec } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { Ticker } from './ticker.js';

const HOUR = 3_600_000;
const t0 = Date.UTC(2026, 0, 1);

describe('Ticker', () => {
  it('is the last price with zero volume before any trade in the window', () => {
    const ticker = new Ticker();
    ticker.setLast(dec('10'));
    expect(ticker.values(t0)).toMatchObject({
      open: dec('10'),
      close: dec('10'),
      volume: dec('0'),
      change: dec('0'),
    });
  });

  it('sums the last 24 hours and rounds the percent change down to 2 decimals', () => {
    const ticker = new Ticker();
    ticker.add(t0, dec('3'), dec('1'), dec('3'));
    ticker.add(t0 + HOUR, dec('4.5'), dec('2'), dec('9'));
    ticker.add(t0 + 2 * HOUR, dec('3.9999'), dec('1'), dec('3.9999'));
    const values = ticker.values(t0 + 3 * HOUR);
    expect(values.open.toString()).toBe('3');
    expect(values.high.toString()).toBe('4.5');
    expect(values.low.toString()).toBe('3');
    expect(values.volume.toString()).toBe('4');
    expect(values.amount.toString()).toBe('15.9999');
    // (3.9999 - 3) / 3 = 33.33 %
    expect(values.change.toString()).toBe('33.33');
  });

  it('forgets trades older than 24 hours, and a fall rounds toward zero', () => {
    const ticker = new Ticker();
    ticker.add(t0, dec('100'), dec('1'), dec('100'));
    ticker.add(t0 + 23 * HOUR, dec('90'), dec('1'), dec('90'));
    ticker.add(t0 + 24 * HOUR + 60_000, dec('89.99'), dec('1'), dec('89.99'));
    const values = ticker.values(t0 + 25 * HOUR);
    expect(values.open.toString()).toBe('90');
    expect(values.volume.toString()).toBe('2');
    // (89.99 - 90) / 90 = -0.0111 % -> -0.01
    expect(values.change.toString()).toBe('-0.01');
  });
});
