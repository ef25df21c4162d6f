import { Decimal } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { bucketStart } from '../spot/periods.js';
import {
  daysDue,
  dailyInterest,
  payInstants,
  promisedInterest,
  purchaseProblem,
  reserveCovers,
} from './rules.js';

const d = (text: string) => Decimal.parse(text);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utcDay = (t: number) => bucketStart(t, '1day', 'UTC');

describe('daily interest', () => {
  it('is principal × rate ÷ 100, cut down to the currency decimals, never rounded up', () => {
    expect(dailyInterest(d('1000'), d('0.05'), 6).toString()).toBe('0.5');
    expect(dailyInterest(d('333.333333'), d('0.07'), 6).toString()).toBe('0.233333');
    expect(dailyInterest(d('0.00012345'), d('1.5'), 8).toString()).toBe('0.00000185');
    expect(dailyInterest(d('1'), d('0.0001'), 2).toString()).toBe('0');
  });
  it('promises the rest of the term', () => {
    expect(promisedInterest(d('0.5'), 30, 0).toString()).toBe('15');
    expect(promisedInterest(d('0.5'), 30, 29).toString()).toBe('0.5');
    expect(promisedInterest(d('0.5'), 30, 30).toString()).toBe('0');
  });
});

describe('pay instants', () => {
  it('are the set time of each day strictly after the purchase, one per day of the term', () => {
    const start = Date.UTC(2026, 0, 10);
    expect(payInstants(start + 5 * HOUR, 3, 0, utcDay)).toEqual([
      start + DAY,
      start + 2 * DAY,
      start + 3 * DAY,
    ]);
    // Bought before today's time: today's payment counts as day one.
    expect(payInstants(start + 5 * HOUR, 2, 8 * 60, utcDay)).toEqual([
      start + 8 * HOUR,
      start + DAY + 8 * HOUR,
    ]);
    // Bought at the very instant: the next day's.
    expect(payInstants(start + 8 * HOUR, 1, 8 * 60, utcDay)).toEqual([start + DAY + 8 * HOUR]);
  });
  it('follow the local calendar across a clock change (Europe/Paris, 29 March 2026 has 23 hours)', () => {
    const paris = (t: number) => bucketStart(t, '1day', 'Europe/Paris');
    const bought = Date.UTC(2026, 2, 27, 12); // 27 March 13:00 in Paris
    const instants = payInstants(bought, 4, 0, paris);
    const local = instants.map((t) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Paris',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(t),
    );
    expect(local).toEqual([
      '28/03/2026, 00:00',
      '29/03/2026, 00:00',
      '30/03/2026, 00:00',
      '31/03/2026, 00:00',
    ]);
    expect(instants[2]! - instants[1]!).toBe(23 * HOUR);
  });
  it('are due once reached, after the days already paid, oldest first', () => {
    const payAt = [10, 20, 30, 40];
    expect(daysDue(payAt, 0, 5)).toEqual([]);
    expect(daysDue(payAt, 0, 20)).toEqual([1, 2]);
    expect(daysDue(payAt, 2, 100)).toEqual([3, 4]);
    expect(daysDue(payAt, 4, 100)).toEqual([]);
  });
});

describe('purchases', () => {
  const product = {
    isOpen: true,
    saleEndsAt: 1000,
    minNumber: d('100'),
    maxNumber: d('5000'),
    totalQuota: d('10000'),
    sold: d('9000'),
  };
  const problem = (amount: string, held = '0', now = 0, terms = product) =>
    purchaseProblem(terms, d(amount), d(held), 6, now)?.key ?? null;

  it('takes an amount within the minimum, the per-user maximum and the quota', () => {
    expect(problem('100')).toBeNull();
    expect(problem('1000')).toBeNull();
    expect(problem('1000', '4000')).toBeNull();
  });
  it('refuses below the minimum, above the per-user maximum, past the quota, with too many decimals', () => {
    expect(problem('99.999999')).toBe('error.earn_below_min');
    expect(problem('1000', '4000.000001')).toBe('error.earn_above_max');
    expect(problem('1000.000001')).toBe('error.earn_quota');
    expect(problem('100.0000001')).toBe('error.amount_decimals');
    expect(problem('0')).toBe('error.amount_positive');
  });
  it('refuses a closed product and one whose sale has ended', () => {
    expect(problem('100', '0', 0, { ...product, isOpen: false })).toBe('error.earn_closed');
    expect(problem('100', '0', 999)).toBeNull();
    expect(problem('100', '0', 1000)).toBe('error.earn_sale_ended');
  });
  it('says how much is left', () => {
    expect(purchaseProblem(product, d('1500'), d('0'), 6, 0)?.params).toEqual({ left: '1000' });
    expect(purchaseProblem(product, d('2000'), d('3500'), 6, 0)?.params).toEqual({
      max: '5000',
      left: '1500',
    });
  });
});

describe('the interest reserve', () => {
  it('covers what is promised plus the new promise, or the purchase waits', () => {
    expect(reserveCovers(d('100'), d('60'), d('40'))).toBe(true);
    expect(reserveCovers(d('100'), d('60'), d('40.000001'))).toBe(false);
    expect(reserveCovers(d('0'), d('0'), d('0'))).toBe(true);
  });
});
