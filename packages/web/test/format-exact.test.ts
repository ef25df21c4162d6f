import { describe, expect, it } from 'vitest';
import { formatChartNumber, formatExact, formatNumber } from '../src/lib/format.js';

describe('one number formatter', () => {
  it('shows exact amounts with every digit, grouped, in the reader language', () => {
    expect(formatExact('1234567.891', 'en')).toBe('1,234,567.891');
    expect(formatExact('1234567.891', 'gm')).toBe('1.234.567,891');
    expect(formatExact('-0.000000000000000001', 'fr')).toBe('-0,000000000000000001');
    expect(formatExact(null, 'en')).toBe('—');
  });

  it('gives the chart its axis numbers in the reader language, with the digits the chart chose', () => {
    expect(formatChartNumber('69658.84', 'du')).toBe('69.658,84');
    expect(formatChartNumber('1.25K', 'fr')).toBe('1,25K');
    expect(formatChartNumber(12.5, 'en')).toBe('12.5');
  });

  it('cuts to the precision asked, as before', () => {
    expect(formatNumber('64015.249', 2, 'fr')).toBe('64\u202f015,24');
  });
});
