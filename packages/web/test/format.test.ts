import { describe, expect, it } from 'vitest';
import {
  directionOf,
  formatChange,
  formatCompact,
  formatDay,
  formatNumber,
  formatPrice,
  formatQuantity,
  shorten,
  truncate,
} from '../src/lib/format.js';

describe("prices and amounts in each market's precision", () => {
  it('BTC/USDT shows 2 price decimals, TRX/USDT 5; cut, never rounded up', () => {
    expect(formatPrice('64402.1404', 'en', 2)).toBe('64,402.14');
    expect(formatPrice('64402.149', 'en', 2)).toBe('64,402.14');
    expect(formatPrice('0.118359', 'en', 5)).toBe('0.11835');
    expect(formatPrice('64402.1', 'gm', 2)).toBe('64.402,10');
  });
  it('amounts in the market decimals, balances in 6', () => {
    expect(formatQuantity('1234.56', 'en', 1)).toBe('1,234.5');
    expect(formatQuantity('0.5', 'en')).toBe('0.500000');
  });
});

describe('truncate (the spec’s number formats)', () => {
  it('always rounds down, to 2 places by default', () => {
    expect(truncate('1.999')).toBe('1.99');
    expect(truncate('0.005')).toBe('0.00');
    expect(truncate('12')).toBe('12.00');
    expect(truncate('3.14159', 4)).toBe('3.1415');
    expect(truncate(2.5, 0)).toBe('2');
  });
  it('cuts toward zero for negatives and keeps exactness past a double', () => {
    expect(truncate('-1.239')).toBe('-1.23');
    expect(truncate('-0.001')).toBe('0.00');
    expect(truncate('123456789012345678.987654321', 6)).toBe('123456789012345678.987654');
  });
  it('passes empty and non-numeric input through', () => {
    expect(truncate('')).toBe('');
    expect(truncate(null)).toBe('');
    expect(truncate('abc')).toBe('abc');
  });
});

describe('shorten (the spec’s number formats)', () => {
  it('returns empty for empty input', () => {
    expect(shorten('')).toBe('');
    expect(shorten(undefined)).toBe('');
  });
  it('drops the last 4 characters of text longer than 9', () => {
    expect(shorten('0123456789')).toBe('012345');
    expect(shorten('2026-11-21 10:00:00')).toBe('2026-11-21 10:0');
  });
  it('leaves text of 9 characters or fewer unchanged', () => {
    expect(shorten('123456789')).toBe('123456789');
    expect(shorten('abc')).toBe('abc');
  });
});

describe('formatNumber', () => {
  it('groups and punctuates for the language, truncating', () => {
    expect(formatNumber('1234567.899', 2, 'en')).toBe('1,234,567.89');
    expect(formatNumber('1234567.899', 2, 'gm')).toBe('1.234.567,89');
    expect(formatNumber('1234567.899', 2, 'fr')).toMatch(/^1\s234\s567,89$/);
    expect(formatNumber('0.1', 4, 'jp')).toBe('0.1000');
  });
  it('formats beyond double precision exactly', () => {
    expect(formatNumber('9007199254740993.5', 1, 'en')).toBe('9,007,199,254,740,993.5');
  });
  it('shows a dash for a missing value', () => {
    expect(formatNumber(null, 2, 'en')).toBe('—');
  });
});

describe('formatChange', () => {
  it('always carries a sign; zero counts as rising', () => {
    expect(formatChange('1.256', 'en')).toBe('+1.25%');
    expect(formatChange('-0.409', 'en')).toBe('-0.40%');
    expect(formatChange('0', 'en')).toBe('+0.00%');
    expect(formatChange('-12.5', 'gm')).toBe('-12,50%');
  });
  it('tells the direction', () => {
    expect(directionOf('2')).toBe('up');
    expect(directionOf('-2')).toBe('down');
    expect(directionOf('0')).toBe('flat');
  });
});

describe('formatDay', () => {
  it('shows the day of a server time in the language, whatever the browser zone', () => {
    expect(formatDay('2026-10-23 06:32:06', 'en')).toBe('October 23, 2026');
    expect(formatDay('2026-10-23 23:59:59', 'jp')).toBe('2026年10月23日');
    expect(formatDay('2026-01-02 00:00:00', 'gm')).toBe('2. Januar 2026');
    expect(formatDay('not a date', 'en')).toBe('not a date');
  });
});

describe("formatCompact (a day's volume at a glance)", () => {
  it("shortens large amounts in the language's style, cut toward zero", () => {
    expect(formatCompact('9684226.20', 'en')).toBe('9.68M');
    expect(formatCompact('1999999999.999', 'en')).toBe('1.99B');
    expect(formatCompact('999.999', 'en')).toBe('999.99');
    expect(formatCompact('9684226.2', 'zh')).toBe('968.42万');
    expect(formatCompact('1153427.56', 'gm')).toBe('1,15\u00a0Mio.');
  });
  it('shows a dash for nothing', () => {
    expect(formatCompact(undefined, 'en')).toBe('—');
  });
});
