import { Decimal } from '@oex/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closeSettlement,
  entryPrice,
  handsChoices,
  exitPrice,
  feeOf,
  hazardRate,
  LONG,
  marginOf,
  mustLiquidate,
  overnightDue,
  overnightSplit,
  profitAt,
  quantityOf,
  SHORT,
  stopProblem,
  stopTriggered,
  targetReached,
  closedLoss,
} from './rules.js';

const d = Decimal.parse;
const decimal = (max: number, decimals: number) =>
  fc
    .integer({ min: 1, max: max * 10 ** decimals })
    .map((n) => Decimal.fromUnits(BigInt(n) * 10n ** BigInt(18 - decimals)));

describe('opening a position', () => {
  it('enters at the mark moved by the spread against the user, rounded against the user', () => {
    expect(entryPrice(d('60000'), LONG, d('0.1'), 2).toString()).toBe('60060');
    expect(entryPrice(d('60000'), SHORT, d('0.1'), 2).toString()).toBe('59940');
    expect(entryPrice(d('0.33333'), LONG, d('0.1'), 4).toString()).toBe('0.3337');
    expect(entryPrice(d('0.33333'), SHORT, d('0.1'), 4).toString()).toBe('0.3329');
    expect(exitPrice(d('60000'), LONG, d('0.1'), 2).toString()).toBe('59940');
    expect(exitPrice(d('60000'), SHORT, d('0.1'), 2).toString()).toBe('60060');
  });

  it('holds entry × quantity ÷ multiple as margin and charges entry × quantity × rate, both rounded up', () => {
    const quantity = quantityOf(3, d('0.01'));
    expect(quantity.toString()).toBe('0.03');
    expect(marginOf(d('60060'), quantity, 10, 8).toString()).toBe('180.18');
    expect(marginOf(d('100'), d('1'), 3, 8).toString()).toBe('33.33333334');
    expect(feeOf(d('60060'), quantity, d('0.0005'), 8).toString()).toBe('0.9009');
    expect(feeOf(d('0.3337'), d('1'), d('0.00031'), 8).toString()).toBe('0.00010345');
  });

  it('opens a fixed-price long when the mark falls to its target, a short when it rises to it', () => {
    expect(targetReached(LONG, d('99'), d('100'))).toBe(true);
    expect(targetReached(LONG, d('101'), d('100'))).toBe(false);
    expect(targetReached(SHORT, d('100'), d('100'))).toBe(true);
    expect(targetReached(SHORT, d('99'), d('100'))).toBe(false);
  });
});

describe('profit, stops and the hazard rate', () => {
  it('profit is (mark − entry) × quantity for a long, reversed for a short, exactly', () => {
    expect(profitAt(LONG, d('60060'), d('61000'), d('0.03')).toString()).toBe('28.2');
    expect(profitAt(SHORT, d('59940'), d('61000'), d('0.03')).toString()).toBe('-31.8');
  });

  it('takes TP on the profitable side and SL on the losing side of the mark; zero clears one', () => {
    expect(stopProblem(LONG, d('100'), d('110'), d('90'))).toBeNull();
    expect(stopProblem(LONG, d('100'), d('0'), d('0'))).toBeNull();
    expect(stopProblem(LONG, d('100'), d('95'), d('90'))).toBe('error.lever_take_profit_side');
    expect(stopProblem(LONG, d('100'), d('110'), d('105'))).toBe('error.lever_stop_loss_side');
    expect(stopProblem(SHORT, d('100'), d('90'), d('110'))).toBeNull();
    expect(stopProblem(SHORT, d('100'), d('110'), d('0'))).toBe('error.lever_take_profit_side');
    expect(stopProblem(SHORT, d('100'), d('-1'), d('0'))).toBe('error.lever_stop_negative');
  });

  it('fires a long’s TP at or above it and SL at or below it; a short the reverse', () => {
    expect(stopTriggered(LONG, d('110'), d('110'), d('90'))).toBe('take_profit');
    expect(stopTriggered(LONG, d('90'), d('110'), d('90'))).toBe('stop_loss');
    expect(stopTriggered(LONG, d('100'), d('110'), d('90'))).toBeNull();
    expect(stopTriggered(SHORT, d('90'), d('90'), d('110'))).toBe('take_profit');
    expect(stopTriggered(SHORT, d('111'), d('90'), d('110'))).toBe('stop_loss');
    expect(stopTriggered(LONG, d('1'), d('0'), d('0'))).toBeNull();
  });

  it('hazard rate = (balance + Σ margin + Σ profit) ÷ Σ margin × 100; liquidation at or below the setting', () => {
    const positions = [
      { margin: d('100'), profit: d('-30') },
      { margin: d('50'), profit: d('10') },
    ];
    expect(hazardRate(d('20'), positions)!.toString()).toBe('100');
    expect(hazardRate(d('0'), [{ margin: d('100'), profit: d('-80') }])!.toString()).toBe('20');
    expect(hazardRate(d('5'), [])).toBeNull();
    expect(mustLiquidate(d('20'), d('20'))).toBe(true);
    expect(mustLiquidate(d('20.01'), d('20'))).toBe(false);
    expect(mustLiquidate(null, d('20'))).toBe(false);
  });
});

describe('paying a close', () => {
  it("says what the user lost apart from what insurance covered (the issue's 13.2218 = 13.1570 + 0.0648)", () => {
    const paid = closeSettlement(d('10'), d('-13.2218'), d('3.157'));
    expect(paid.fromInsurance).toEqual(d('0.0648'));
    expect(closedLoss(d('-13.2218'), paid.fromInsurance)).toEqual({
      userLoss: d('13.157'),
      insuranceCover: d('0.0648'),
    });
    // A loss the margin bore alone: all the user's, nothing covered.
    expect(closedLoss(d('-3'), d('0'))).toEqual({ userLoss: d('3'), insuranceCover: d('0') });
    // A profit: no loss at all.
    expect(closedLoss(d('5'), d('0'))).toEqual({ userLoss: d('0'), insuranceCover: d('0') });
  });
  it('returns margin and profit; takes a loss from margin, then balance, then the insurance account', () => {
    expect(closeSettlement(d('100'), d('30'), d('5'))).toEqual({
      toUser: d('130'),
      toPool: d('-30'),
      fromBalance: d('0'),
      fromInsurance: d('0'),
    });
    expect(closeSettlement(d('100'), d('-30'), d('5'))).toEqual({
      toUser: d('70'),
      toPool: d('30'),
      fromBalance: d('0'),
      fromInsurance: d('0'),
    });
    expect(closeSettlement(d('100'), d('-130'), d('20'))).toEqual({
      toUser: d('0'),
      toPool: d('130'),
      fromBalance: d('20'),
      fromInsurance: d('10'),
    });
  });

  it('property: the user, the pool and insurance always balance, and nobody goes below zero', () => {
    fc.assert(
      fc.property(
        decimal(10_000, 2),
        decimal(20_000, 2),
        fc.boolean(),
        decimal(10_000, 2),
        (margin, move, up, balance) => {
          const profit = up ? move : move.neg();
          const paid = closeSettlement(margin, profit, balance);
          // What the user holds afterwards (margin was theirs) plus the pool's change plus insurance's is unchanged.
          expect(paid.toUser.sub(paid.fromBalance).add(paid.toPool).sub(paid.fromInsurance).toString()).toBe(
            margin.toString(),
          );
          expect(paid.toUser.isNegative()).toBe(false);
          expect(balance.sub(paid.fromBalance).isNegative()).toBe(false);
          expect(paid.fromInsurance.isNegative()).toBe(false);
        },
      ),
    );
  });
});

describe('overnight fees', () => {
  const day = 86_400_000;
  const times = [1, 2, 3, 4, 5].map((n) => n * day);

  it('charges each day’s instant after the open and the last charge, up to now, once', () => {
    expect(overnightDue(0.5 * day, null, 3.5 * day, times)).toEqual([day, 2 * day, 3 * day]);
    expect(overnightDue(0.5 * day, 2 * day, 3.5 * day, times)).toEqual([3 * day]);
    expect(overnightDue(0.5 * day, 3 * day, 3.5 * day, times)).toEqual([]);
    // Opened exactly at a charge instant: that day is not owed.
    expect(overnightDue(2 * day, null, 2.5 * day, times)).toEqual([]);
  });

  it('takes the fee from the margin first, then the balance; the rest is short', () => {
    expect(overnightSplit(d('3'), d('10'), d('5'))).toEqual({
      fromMargin: d('3'),
      fromBalance: d('0'),
      short: d('0'),
    });
    expect(overnightSplit(d('3'), d('1'), d('5'))).toEqual({
      fromMargin: d('1'),
      fromBalance: d('2'),
      short: d('0'),
    });
    expect(overnightSplit(d('3'), d('1'), d('1'))).toEqual({
      fromMargin: d('1'),
      fromBalance: d('1'),
      short: d('1'),
    });
  });
});

describe('handsChoices (lever/deal multiple.share)', () => {
  it('offers the bounds and the presets between them, as {value, label}', () => {
    expect(handsChoices(1, 100).map((choice) => choice.value)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(handsChoices(3, 30)).toEqual([
      { value: 3, label: '3' },
      { value: 5, label: '5' },
      { value: 10, label: '10' },
      { value: 20, label: '20' },
      { value: 30, label: '30' },
    ]);
    expect(handsChoices(7, 7)).toEqual([{ value: 7, label: '7' }]);
  });
});
