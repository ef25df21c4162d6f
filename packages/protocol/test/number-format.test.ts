import { describe, expect, it } from 'vitest';
import { localizeDecimal, localizeLeadingDecimal } from '../src/number-format.js';

describe('localizeDecimal', () => {
  it("groups and marks decimals in each reader's language, keeping every digit", () => {
    expect(localizeDecimal('64015.24', 'en')).toBe('64,015.24');
    expect(localizeDecimal('64015.24', 'gm')).toBe('64.015,24');
    expect(localizeDecimal('64015.24', 'du')).toBe('64.015,24');
    expect(localizeDecimal('64015.24', 'fr')).toBe('64\u202f015,24');
    expect(localizeDecimal('0.000000000000000001', 'fr')).toBe('0,000000000000000001');
    expect(localizeDecimal('123456789012345678.5', 'en')).toBe('123,456,789,012,345,678.5');
    expect(localizeDecimal('-0.50', 'gm')).toBe('-0,50');
  });

  it('leaves what is not a plain decimal as it is', () => {
    for (const text of [
      'DEMO2026',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '1e5',
      '',
      '1.2.3',
      'BTC/USDT',
    ])
      expect(localizeDecimal(text, 'fr')).toBe(text);
  });

  it('localizes the number before a suffix', () => {
    expect(localizeLeadingDecimal('1.25K', 'gm')).toBe('1,25K');
    expect(localizeLeadingDecimal('3.5%', 'fr')).toBe('3,5%');
  });
});
