import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, DecimalError, dec } from '../src/decimal.js';

/** Decimal text with up to 18 integer and 18 fraction digits. */
const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }),
    fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }),
  )
  .map(
    ([negative, whole, fraction]) =>
      `${negative ? '-' : ''}${whole}.${fraction.toString().padStart(18, '0')}`,
  );

describe('Decimal.parse', () => {
  it('reads plain decimals exactly', () => {
    expect(dec('0.1').add(dec('0.2')).toString()).toBe('0.3');
    expect(dec('123.450000').toString()).toBe('123.45');
    expect(dec('-0.000000000000000001').toString()).toBe('-0.000000000000000001');
    expect(dec('  7 ').toString()).toBe('7');
    expect(dec('+5').toString()).toBe('5');
    expect(dec('-0').toString()).toBe('0');
  });

  it.each([
    ['1e5'],
    ['NaN'],
    ['Infinity'],
    [''],
    ['1.2.3'],
    ['0x10'],
    ['1,000'],
    ['.5'],
    ['5.'],
    ['--1'],
    ['1e309'],
  ])('refuses %s', (text) => {
    expect(() => dec(text)).toThrow(DecimalError);
  });

  it('refuses more than 18 decimals and more than 18 integer digits', () => {
    expect(() => dec('0.0000000000000000001')).toThrow(/18 decimals/);
    expect(dec('0.1000000000000000000000').toString()).toBe('0.1');
    expect(() => dec('1000000000000000000')).toThrow(/range/);
    expect(dec('999999999999999999.999999999999999999').toString()).toBe(
      '999999999999999999.999999999999999999',
    );
  });

  it('round-trips any value through its text', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const value = dec(text);
        expect(dec(value.toString()).eq(value)).toBe(true);
      }),
    );
  });
});

describe('arithmetic', () => {
  it('adds and subtracts exactly: (a + b) - b = a', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const x = dec(a).div(dec('2'));
        const y = dec(b).div(dec('2'));
        expect(x.add(y).sub(y).eq(x)).toBe(true);
      }),
    );
  });

  it('multiplies with the chosen rounding', () => {
    expect(dec('1.005').mul(dec('3'), 2, 'down').toString()).toBe('3.01');
    expect(dec('1.005').mul(dec('3'), 2, 'up').toString()).toBe('3.02');
    expect(dec('0.333333').mul(dec('3')).toString()).toBe('0.999999');
    expect(dec('-1.5').mul(dec('1.5'), 1, 'down').toString()).toBe('-2.2');
    expect(dec('-1.5').mul(dec('1.5'), 1, 'up').toString()).toBe('-2.3');
  });

  it('divides with the chosen rounding', () => {
    expect(dec('1').div(dec('3'), 6, 'down').toString()).toBe('0.333333');
    expect(dec('1').div(dec('3'), 6, 'up').toString()).toBe('0.333334');
    expect(dec('2').div(dec('3'), 4, 'half-up').toString()).toBe('0.6667');
    expect(() => dec('1').div(Decimal.ZERO)).toThrow(/division by zero/);
  });

  it('rounds down never above and up never below the exact value', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 18 }), (text, places) => {
        const value = dec(text);
        const down = value.round(places, 'down');
        let up: Decimal;
        try {
          up = value.round(places, 'up');
        } catch (error) {
          // Only rounding the largest magnitudes up can leave the 18 integer digits.
          expect(error).toBeInstanceOf(DecimalError);
          expect((error as DecimalError).reason).toBe('range');
          expect(value.abs().gt(dec('999999999999999998'))).toBe(true);
          return;
        }
        expect(down.abs().lte(value.abs())).toBe(true);
        expect(up.abs().gte(value.abs())).toBe(true);
        expect(down.decimalPlaces()).toBeLessThanOrEqual(places);
        expect(up.decimalPlaces()).toBeLessThanOrEqual(places);
      }),
    );
  });

  it('formats with a fixed number of places, truncating', () => {
    expect(dec('1.23456').toString(4)).toBe('1.2345');
    expect(dec('2').toString(2)).toBe('2.00');
    expect(dec('-0.5').toString(0)).toBe('-0');
    expect(dec('12.5').decimalPlaces()).toBe(1);
    expect(JSON.stringify({ amount: dec('1.50') })).toBe('{"amount":"1.5"}');
  });
});
