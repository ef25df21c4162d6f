import { Decimal } from '@oex/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustmentNotes,
  adjustmentValue,
  amountProblem,
  approvalProblem,
  percentOf,
  rejectionProblem,
  searchTerms,
  sumOf,
  takesTooMuch,
  TradeWindow,
  valuationPrice,
} from './rules.js';

const d = Decimal.parse;
const text = (units: bigint) => Decimal.unitsToString(units);

describe('what the user reads', () => {
  it('is the reference and the reason', () => {
    expect(adjustmentNotes(' CASE-7 ', 'refund of a double fee ')).toBe('CASE-7: refund of a double fee');
  });
});

describe('valuation', () => {
  it('takes the larger of the last price and the reference price', () => {
    expect(valuationPrice(d('65000'), d('60000')).toString()).toBe('65000');
    // A market traded down does not make an adjustment look smaller.
    expect(valuationPrice(d('1'), d('60000')).toString()).toBe('60000');
    expect(valuationPrice(null, d('2.5')).toString()).toBe('2.5');
    expect(valuationPrice(d('0'), d('1')).toString()).toBe('1');
  });

  it('values either sign by its size, rounded up to 4 decimals', () => {
    expect(text(adjustmentValue(d('-0.5'), d('60000')))).toBe('30000');
    expect(text(adjustmentValue(d('0.5'), d('60000')))).toBe('30000');
    expect(text(adjustmentValue(d('0.00000001'), d('1.23')))).toBe('0.0001');
    expect(text(adjustmentValue(d('3'), d('0.33333')))).toBe('1');
    expect(text(adjustmentValue(d('3'), d('0.3333')))).toBe('0.9999');
  });

  it('values amounts far past what a Decimal holds without failing', () => {
    const value = adjustmentValue(d('1000000000000000'), d('1000000000'));
    expect(Decimal.unitsInRange(value)).toBe(false);
  });

  it('never values below the exact product, and never more than 0.0001 above it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).filter((units) => units !== 0n),
        fc.bigInt({ min: 1n, max: 10n ** 25n }),
        (amountUnits, priceUnits) => {
          const exact = (amountUnits < 0n ? -amountUnits : amountUnits) * priceUnits; // units² of 10^-36
          const value = adjustmentValue(Decimal.fromUnits(amountUnits), Decimal.fromUnits(priceUnits));
          const scaled = value * 10n ** 18n;
          expect(scaled >= exact).toBe(true);
          expect(scaled - exact < 10n ** 14n * 10n ** 18n).toBe(true);
        },
      ),
    );
  });
});

describe('amounts', () => {
  it('refuses zero and more decimals than the currency has', () => {
    expect(amountProblem(d('0'), 8)).toBe('error.adjust_zero');
    expect(amountProblem(d('-0.000'), 8)).toBe('error.adjust_zero');
    expect(amountProblem(d('1.123456789'), 8)).toBe('error.amount_decimals');
    expect(amountProblem(d('-1.12345678'), 8)).toBeNull();
    expect(amountProblem(d('12'), 0)).toBeNull();
  });

  it('lets a negative adjustment take at most the available balance', () => {
    expect(takesTooMuch(d('-10'), d('10'))).toBe(false);
    expect(takesTooMuch(d('-10.000001'), d('10'))).toBe(true);
    expect(takesTooMuch(d('-1'), d('0'))).toBe(true);
    // A credit takes nothing.
    expect(takesTooMuch(d('5'), d('0'))).toBe(false);
  });
});

describe('four eyes', () => {
  it('refuses the proposer, and lets any other operator approve a pending adjustment', () => {
    expect(approvalProblem({ status: 'pending', proposedBy: 7 }, 7)).toBe('error.adjust_same_operator');
    expect(approvalProblem({ status: 'pending', proposedBy: 7 }, 8)).toBeNull();
  });

  it('counts the command line as one operator', () => {
    expect(approvalProblem({ status: 'pending', proposedBy: 0 }, 0)).toBe('error.adjust_same_operator');
    expect(approvalProblem({ status: 'pending', proposedBy: 0 }, 3)).toBeNull();
    expect(approvalProblem({ status: 'pending', proposedBy: 3 }, 0)).toBeNull();
  });

  it('decides an adjustment once: applied and rejected ones are neither approved nor rejected again', () => {
    for (const status of ['applied', 'rejected'] as const) {
      expect(approvalProblem({ status, proposedBy: 1 }, 2)).toBe('error.adjust_not_pending');
      expect(rejectionProblem({ status, proposedBy: 1 })).toBe('error.adjust_not_pending');
    }
    expect(rejectionProblem({ status: 'pending', proposedBy: 1 })).toBeNull();
  });
});

describe('dashboard figures', () => {
  it('states a share as a percentage with 2 decimals, rounded down, and none of nothing', () => {
    expect(percentOf(d('3'), d('8'))).toBe('37.50');
    expect(percentOf(d('2'), d('3'))).toBe('66.66');
    expect(percentOf(d('5'), d('5'))).toBe('100.00');
    expect(percentOf(d('0'), d('5'))).toBe('0.00');
    expect(percentOf(d('0'), d('0'))).toBeNull();
  });

  it('sums money texts exactly', () => {
    expect(sumOf(['0.1', '0.2', '0.000000000000000001']).toString()).toBe('0.300000000000000001');
    expect(sumOf([]).toString()).toBe('0');
  });
});

describe('search', () => {
  it('reads digits as an id, short codes as an invite code, and anything as a piece of email or phone', () => {
    expect(searchTerms(' 42 ')).toEqual({ id: 42, inviteCode: null, like: '%42%' });
    expect(searchTerms('demo2026')).toMatchObject({ id: null, inviteCode: 'DEMO2026' });
    expect(searchTerms('Alice@Demo.test')).toEqual({ id: null, inviteCode: null, like: '%alice@demo.test%' });
  });

  it('matches LIKE wildcards in the text as themselves', () => {
    expect(searchTerms('a_b%c').like).toBe('%a\\_b\\%c%');
  });
});

describe('market figures', () => {
  const HOUSE = new Set([90, 91]);
  const NOW = Date.UTC(2026, 0, 10, 12, 30, 15);
  let id = 0;
  const trade = (
    marketId: number,
    number: string,
    amount: string,
    buyerId: number,
    sellerId: number,
    time = NOW,
  ) => ({
    id: (id += 1),
    marketId,
    number,
    amount,
    buyerId,
    sellerId,
    time,
  });

  it('splits each market’s volume by who was on the sides: a user, the house, or the house alone', () => {
    const window = new TradeWindow(HOUSE);
    window.add(
      [
        trade(1, '1.5', '150', 1, 2), // users only
        trade(1, '2', '200', 90, 2), // the maker sells to a user
        trade(1, '0.5', '50', 91, 90), // the maker and the taker: house only
        trade(2, '10', '5', 3, 91),
      ],
      NOW,
    );
    const figures = window.figures(NOW);
    const one = figures.get(1)!;
    expect([one.volume, one.amount, one.makerVolume, one.houseOnlyVolume].map(text)).toEqual([
      '4',
      '400',
      '2.5',
      '0.5',
    ]);
    expect(one.trades).toBe(3);
    expect(percentOf(Decimal.fromUnits(one.makerVolume), Decimal.fromUnits(one.volume))).toBe('62.50');
    expect(text(figures.get(2)!.makerVolume)).toBe('10');
    expect(figures.has(3)).toBe(false);
  });

  it('covers the last 1440 minutes, the current one included, and forgets what left it', () => {
    const MINUTE = 60_000;
    const minuteStart = Math.floor(NOW / MINUTE) * MINUTE;
    const firstMinute = minuteStart - 1439 * MINUTE;
    const window = new TradeWindow(HOUSE);
    window.add(
      [
        trade(1, '1', '1', 1, 2, firstMinute - 1), // just before the window: never counted
        trade(1, '2', '2', 1, 2, firstMinute),
        trade(1, '4', '4', 1, 2, minuteStart + 59_000),
      ],
      NOW,
    );
    expect(text(window.figures(NOW).get(1)!.volume)).toBe('6');
    // A minute later the oldest minute has left.
    expect(text(window.figures(NOW + MINUTE).get(1)!.volume)).toBe('4');
    expect(window.figures(NOW + 1440 * MINUTE).has(1)).toBe(false);
    expect(TradeWindow.start(NOW)).toBe(firstMinute);
  });

  it('remembers the last trade id it was fed, counted or not', () => {
    const window = new TradeWindow(HOUSE);
    window.add([trade(1, '1', '1', 1, 2, 0)], NOW);
    const last = id;
    expect(window.lastId).toBe(last);
    window.add([], NOW);
    expect(window.lastId).toBe(last);
  });

  it('adds up the same whether the trades come in one batch or many', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            marketId: fc.integer({ min: 1, max: 3 }),
            number: fc.integer({ min: 1, max: 10_000 }).map((n) => (n / 100).toFixed(2)),
            amount: fc.integer({ min: 1, max: 10_000 }).map(String),
            buyerId: fc.integer({ min: 89, max: 92 }),
            sellerId: fc.integer({ min: 89, max: 92 }),
            time: fc.integer({ min: NOW - 86_400_000, max: NOW }),
          }),
        ),
        fc.integer({ min: 1, max: 7 }),
        (rows, chunk) => {
          const trades = rows.map((row, index) => ({ ...row, id: index + 1 }));
          const whole = new TradeWindow(HOUSE);
          whole.add(trades, NOW);
          const pieces = new TradeWindow(HOUSE);
          for (let i = 0; i < trades.length; i += chunk) pieces.add(trades.slice(i, i + chunk), NOW);
          expect(pieces.figures(NOW)).toEqual(whole.figures(NOW));
          for (const market of whole.figures(NOW).values()) {
            expect(market.houseOnlyVolume <= market.makerVolume).toBe(true);
            expect(market.makerVolume <= market.volume).toBe(true);
          }
        },
      ),
    );
  });
});
