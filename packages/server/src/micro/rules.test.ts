import { Decimal, MICRO_DOWN, MICRO_UP } from '@oex/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choiceProblem, feeOf, outcomeOf, poolCanTake, remainingMs, settle, worstCase } from './rules.js';

const d = Decimal.parse;

const decimal = (max: number, decimals: number) =>
  fc
    .integer({ min: 1, max: max * 10 ** decimals })
    .map((n) => Decimal.fromUnits(BigInt(n) * 10n ** BigInt(18 - decimals)));

describe('seconds contract outcome', () => {
  it('up wins above the open, down wins below, equal is a tie for both', () => {
    expect(outcomeOf(MICRO_UP, d('7.25'), d('7.26'))).toBe('win');
    expect(outcomeOf(MICRO_UP, d('7.25'), d('7.24'))).toBe('loss');
    expect(outcomeOf(MICRO_DOWN, d('7.25'), d('7.24'))).toBe('win');
    expect(outcomeOf(MICRO_DOWN, d('7.25'), d('7.26'))).toBe('loss');
    expect(outcomeOf(MICRO_UP, d('7.25'), d('7.250'))).toBe('tie');
    expect(outcomeOf(MICRO_DOWN, d('7.25'), d('7.25'))).toBe('tie');
  });

  it('pays stake × (1 + ratio) on a win, the stake on a tie, nothing on a loss; profit is +stake × ratio, 0 or −stake', () => {
    expect(settle(MICRO_UP, d('100'), d('0.85'), 8, d('1'), d('2'))).toEqual({
      outcome: 'win',
      payout: d('185'),
      factProfits: d('85'),
    });
    expect(settle(MICRO_UP, d('100'), d('0.85'), 8, d('1'), d('1'))).toEqual({
      outcome: 'tie',
      payout: d('100'),
      factProfits: d('0'),
    });
    expect(settle(MICRO_DOWN, d('100'), d('0.85'), 8, d('1'), d('2'))).toEqual({
      outcome: 'loss',
      payout: d('0'),
      factProfits: d('-100'),
    });
  });

  it('rounds a win’s profit and the fee down to the currency’s decimals', () => {
    expect(settle(MICRO_UP, d('0.0003'), d('0.85'), 4, d('1'), d('2')).payout.toString()).toBe('0.0005');
    expect(feeOf(d('0.0003'), d('0.001'), 8).toString()).toBe('0.0000003');
    expect(feeOf(d('0.0003'), d('0.001'), 6).toString()).toBe('0');
  });

  it('property: the outcome is a function of side and the two prices only, and the payout never exceeds the worst case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(MICRO_UP, MICRO_DOWN),
        decimal(100_000, 4),
        decimal(100_000, 4),
        decimal(10_000, 2),
        decimal(1, 2),
        (side, open, end, stake, ratio) => {
          const result = settle(side, stake, ratio, 8, open, end);
          const opposite = settle(side === MICRO_UP ? MICRO_DOWN : MICRO_UP, stake, ratio, 8, open, end);
          // Up and down on the same prices: one wins and one loses, or both tie.
          if (result.outcome === 'tie') expect(opposite.outcome).toBe('tie');
          else expect(new Set([result.outcome, opposite.outcome])).toEqual(new Set(['win', 'loss']));
          expect(result.payout.lte(worstCase(stake, ratio, 8))).toBe(true);
          expect(result.payout.sub(stake).eq(result.factProfits)).toBe(true);
        },
      ),
    );
  });
});

describe('the pool’s reserve rule', () => {
  it('takes an order exactly while balance + stake covers every open worst case and this one', () => {
    expect(poolCanTake(d('1000000'), d('0'), d('1250000'), d('2250000'))).toBe(true);
    expect(poolCanTake(d('999999.99'), d('0'), d('1250000'), d('2250000'))).toBe(false);
    expect(poolCanTake(d('2250000'), d('2250000'), d('10'), d('18'))).toBe(false);
    expect(poolCanTake(d('2250008'), d('2250000'), d('10'), d('18'))).toBe(true);
  });

  it('property: orders the rule admits can all win and the pool stays at or above zero', () => {
    fc.assert(
      fc.property(
        decimal(10_000, 2),
        fc.array(fc.tuple(decimal(1000, 2), decimal(1, 2)), { maxLength: 50 }),
        (funding, orders) => {
          let balance = funding;
          let owed = Decimal.ZERO;
          for (const [stake, ratio] of orders) {
            const worst = worstCase(stake, ratio, 8);
            if (!poolCanTake(balance, owed, stake, worst)) continue;
            balance = balance.add(stake);
            owed = owed.add(worst);
          }
          expect(balance.sub(owed).isNegative()).toBe(false);
        },
      ),
    );
  });
});

describe('what is on offer', () => {
  const terms = {
    seconds: [{ seconds: 30, profitRatio: d('0.8') }],
    currency: { numbers: [d('10'), d('50')], min: d('10'), max: d('40') },
  };
  it('names the first problem, or none', () => {
    expect(choiceProblem(terms, 30, d('10'))).toBeNull();
    expect(choiceProblem(terms, 30, d('10.0'))).toBeNull();
    expect(choiceProblem(terms, 31, d('10'))).toBe('error.micro_seconds');
    expect(choiceProblem(terms, 30, d('20'))).toBe('error.micro_number');
    expect(choiceProblem(terms, 30, d('50'))).toBe('error.micro_number_range');
    expect(choiceProblem({ ...terms, currency: undefined }, 30, d('10'))).toBe('error.micro_currency');
  });

  it('counts down to zero, never below', () => {
    expect(remainingMs(31_000, 1_000)).toBe(30_000);
    expect(remainingMs(31_000, 40_000)).toBe(0);
  });
});
