import { Decimal } from '@oex/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryPrice, LONG, lowestTarget, SHORT } from './rules.js';

const d = Decimal.parse;

describe('the lowest fixed price', () => {
  it("is one tick for a long; for a short, the lowest whose entry after the spread is not zero (BTC/USDT's 0.02)", () => {
    expect(lowestTarget(LONG, d('0.05'), 2)).toEqual(d('0.01'));
    expect(lowestTarget(SHORT, d('0.05'), 2)).toEqual(d('0.02'));
    expect(entryPrice(d('0.01'), SHORT, d('0.05'), 2).isZero()).toBe(true);
    expect(entryPrice(d('0.02'), SHORT, d('0.05'), 2)).toEqual(d('0.01'));
    expect(lowestTarget(SHORT, d('0'), 0)).toEqual(d('1'));
    expect(lowestTarget(SHORT, d('50'), 2)).toEqual(d('0.02'));
    expect(lowestTarget(SHORT, d('100'), 2)).toBeNull();
  });

  it('for any spread below 100 % and any decimals: its entry is above zero, and one tick less is not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(LONG, SHORT),
        (hundredths, decimals, side) => {
          const spread = Decimal.fromInt(hundredths).div(Decimal.fromInt(100));
          const lowest = lowestTarget(side, spread, decimals)!;
          expect(entryPrice(lowest, side, spread, decimals).isPositive()).toBe(true);
          const tick = Decimal.ONE.div(Decimal.fromInt(10n ** BigInt(decimals)), decimals);
          const below = lowest.sub(tick);
          if (below.isPositive()) expect(entryPrice(below, side, spread, decimals).isPositive()).toBe(false);
        },
      ),
    );
  });
});
