import { Decimal } from '@oex/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUY, SELL } from './engine.js';
import { limitBuyExcess, loadProtection, protectionLimit } from './protection.js';

const pct = (text: string) => Decimal.parse(text);

describe('market-order price protection', () => {
  it('limits a buy to best × (1 + p) rounded down, a sell to best × (1 − p) rounded up', () => {
    expect(protectionLimit(BUY, 6_000_000, pct('5'))).toBe(6_300_000);
    expect(protectionLimit(SELL, 6_000_000, pct('5'))).toBe(5_700_000);
    // 995 × 1.05 = 1044.75 → 1044; 995 × 0.95 = 945.25 → 946: never past the percent.
    expect(protectionLimit(BUY, 995, pct('5'))).toBe(1044);
    expect(protectionLimit(SELL, 995, pct('5'))).toBe(946);
    expect(protectionLimit(SELL, 1, pct('99.9'))).toBe(1);
  });

  it('never lets a fill past the percent, and always lets the best price fill', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 15 - 1 }),
        fc.integer({ min: 1, max: 9999 }),
        (best, hundredths) => {
          const percent = Decimal.fromUnits((BigInt(hundredths) * Decimal.ONE.units) / 100n);
          const up = protectionLimit(BUY, best, percent);
          const down = protectionLimit(SELL, best, percent);
          expect(up).toBeGreaterThanOrEqual(best);
          expect(down).toBeLessThanOrEqual(best);
          // (limit − best) / best ≤ p, in exact integers.
          expect(BigInt(up - best) * 10_000n).toBeLessThanOrEqual(BigInt(best) * BigInt(hundredths));
          expect(BigInt(best - down) * 10_000n).toBeLessThanOrEqual(BigInt(best) * BigInt(hundredths));
        },
      ),
    );
  });

  it('reads each market’s percent from price-protection.json, with a default', () => {
    const of = loadProtection();
    expect(of('BTC/USDT').toString()).toBe('5');
    expect(of('NOPE/USDT').toString()).toBe('5');
  });
});

describe('a limit buy’s saving at a better fill', () => {
  it('is what it holds beyond its remainder at its own price', () => {
    // Buy 2 @ 10.05 holds 20.10; 1 filled @ 9.95 leaves 10.15 held where 10.05 is needed.
    expect(limitBuyExcess(pct('10.15'), pct('10.05')).toString()).toBe('0.1');
    expect(limitBuyExcess(pct('10.05'), pct('10.05')).isZero()).toBe(true);
    expect(() => limitBuyExcess(pct('10'), pct('10.05'))).toThrow();
  });
});
