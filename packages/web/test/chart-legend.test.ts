import { describe, expect, it } from 'vitest';
import { barChange, indicatorDigits } from '../src/features/trade/chart-legend.js';

describe('chart legend numbers', () => {
  it("gives a bar's change in percent, cut to 2 decimals, exactly", () => {
    expect(barChange({ open: '0.11816', close: '0.11804' })).toBe('-0.10');
    expect(barChange({ open: '100', close: '101.239' })).toBe('1.23');
    expect(barChange({ open: '0', close: '1' })).toBeNull();
  });
  it('writes small indicator values in plain digits, never folded or in exponents', () => {
    expect(indicatorDigits(0.000009, 7)).toBe('0.0000090');
    expect(indicatorDigits(1e-7, 8)).toBe('0.00000010');
    expect(indicatorDigits(-0.00000001, 4)).toBe('0.0000');
    expect(indicatorDigits(69710.764, 2)).toBe('69710.76');
    expect(indicatorDigits(undefined, 2)).toBeNull();
    expect(indicatorDigits(Number.NaN, 2)).toBeNull();
  });
});
