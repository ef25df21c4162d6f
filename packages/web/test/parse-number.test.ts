import { LANGS, type Lang } from '@oex/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../src/lib/format.js';
import { marksOf, parseNumber, toInputText } from '../src/lib/parse-number.js';

const value = (text: string, lang: Lang, decimals?: number) => {
  const result = parseNumber(text, lang, { decimals, maxDigits: decimals === undefined ? undefined : 15 });
  return 'value' in result ? result.value : result.problem;
};

describe('parseNumber: each language’s own marks', () => {
  it('knows the marks of the seven languages', () => {
    expect(LANGS.map((lang) => `${lang}:${marksOf(lang).decimal}${marksOf(lang).group}`)).toEqual([
      'en:.,',
      'zh:.,',
      'hk:.,',
      'jp:.,',
      'gm:,.',
      'du:,.',
      'fr:, ',
    ]);
  });

  it.each(['en', 'zh', 'hk', 'jp'] as const)('%s: 63,000.50 and 64,015.24 as the book shows them', (lang) => {
    expect(value('63,000.50', lang, 2)).toBe('63000.50');
    expect(value('64,015.24', lang, 2)).toBe('64015.24');
    expect(value('64,015', lang, 2)).toBe('64015');
    expect(value('1,234,567.8', lang, 2)).toBe('1234567.8');
    // A single comma that cannot group is a decimal comma (phone keyboards).
    expect(value('0,5', lang, 2)).toBe('0.5');
  });

  it.each(['gm', 'du'] as const)(
    '%s: 63.000,50, and a lone point that cannot group is the decimal point',
    (lang) => {
      expect(value('63.000,50', lang, 2)).toBe('63000.50');
      expect(value('64.015,24', lang, 2)).toBe('64015.24');
      expect(value('64.015', lang, 2)).toBe('64015');
      expect(value('1,5', lang, 2)).toBe('1.5');
      expect(value('0.5', lang, 2)).toBe('0.5');
      // The English book's format pasted on a German page: both marks, the last one decimal.
      expect(value('64,015.24', lang, 2)).toBe('64015.24');
    },
  );

  it('fr: 63 000,50 with any space, and the point', () => {
    expect(value('63\u202f000,50', 'fr', 2)).toBe('63000.50');
    expect(value('63\u00a0000,50', 'fr', 2)).toBe('63000.50');
    expect(value('63 000,50', 'fr', 2)).toBe('63000.50');
    expect(value('63000.5', 'fr', 2)).toBe('63000.5');
    expect(value('1,5', 'fr', 2)).toBe('1.5');
  });

  it('reads back every number as each language’s book shows it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGS),
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.integer({ min: 0, max: 8 }),
        (lang, units, decimals) => {
          const plain = (Number(units) / 10 ** decimals).toFixed(decimals);
          const shown = formatNumber(plain, decimals, lang);
          const read = parseNumber(shown, lang, { decimals, maxDigits: 30 });
          expect(read).toEqual({ value: plain });
          expect(parseNumber(toInputText(plain, lang), lang, { decimals })).toEqual({ value: plain });
        },
      ),
    );
  });
});

describe('parseNumber: refuses what is not a number, never changes it', () => {
  it.each([...LANGS])('%s', (lang) => {
    expect(value('1e5', lang)).toBe('chars');
    expect(value('-5', lang)).toBe('negative');
    expect(value('+5', lang)).toBe('chars');
    expect(value('abc', lang)).toBe('chars');
    expect(value('.', lang)).toBe('chars');
    expect(value('1.2.3,4', lang)).toBe('grouping');
    expect(value('12 34', lang)).toBe('grouping');
    expect(value('1,23,456.5', lang)).toBe('grouping');
    expect(value('0.123', lang, 2)).toBe('decimals');
    expect(value('1234567890123456', lang, 2)).toBe('digits');
    expect(value('', lang)).toBe('');
    expect(value('  7 ', lang)).toBe('7');
    expect(value('007.5', lang)).toBe('7.5');
    expect(value('.5', lang)).toBe('0.5');
    expect(value('5.', lang)).toBe('5');
  });
});
