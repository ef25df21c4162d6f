import { Decimal } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../lib/time.js';
import { bucketStart } from '../spot/periods.js';
import { latestDueDay, leavesOf, shouldTake, userBalances } from './rules.js';

const ZONE = 'Asia/Shanghai';
const dayStartOf = (t: number) => bucketStart(t, '1day', ZONE);
const dateOf = (t: number) => formatDateTime(t, ZONE).slice(0, 10);
const at = (text: string) => Date.parse(`${text}+08:00`);
const units = (text: string) => Decimal.parse(text).units;

describe('userBalances', () => {
  it('sums each user over account types, available and locked; leaves out system accounts and zeros', () => {
    const balances = userBalances([
      { userId: 1, currencyId: 1, balance: units('10'), lock: units('2.5') },
      { userId: 1, currencyId: 1, balance: units('0.5'), lock: 0n },
      { userId: 1, currencyId: 2, balance: 0n, lock: 0n },
      { userId: 2, currencyId: 1, balance: 0n, lock: units('4') },
      { userId: null, currencyId: 1, balance: units('-17'), lock: 0n },
    ]);
    expect([...balances.keys()]).toEqual([1]);
    expect(balances.get(1)).toEqual(
      new Map([
        [1, units('13')],
        [2, units('4')],
      ]),
    );
  });
});

describe('leavesOf', () => {
  it('gives every user a fresh salt and orders the leaves by it', () => {
    const salts = ['c', 'a', 'b'].map((c) => c.repeat(64));
    const leaves = leavesOf(
      new Map([
        [5, units('1')],
        [6, units('2.25')],
        [7, units('3')],
      ]),
      () => salts.shift()!,
    );
    expect(leaves.map((leaf) => [leaf.user_id, leaf.balance])).toEqual([
      [6, '2.25'],
      [7, '3'],
      [5, '1'],
    ]);
  });

  it('refuses a negative total', () => {
    expect(() => leavesOf(new Map([[5, -1n]]), () => 'a'.repeat(64))).toThrow(/negative/);
  });
});

describe('latestDueDay', () => {
  const minute = 5;
  it('is today once its time has passed, else yesterday', () => {
    expect(latestDueDay(at('2026-03-10T00:05:00'), minute, dayStartOf, dateOf)).toEqual({
      day: '2026-03-10',
      dueAt: at('2026-03-10T00:05:00'),
    });
    expect(latestDueDay(at('2026-03-10T00:04:59'), minute, dayStartOf, dateOf)).toEqual({
      day: '2026-03-09',
      dueAt: at('2026-03-09T00:05:00'),
    });
    expect(latestDueDay(at('2026-03-10T23:59:00'), minute, dayStartOf, dateOf).day).toBe('2026-03-10');
    expect(latestDueDay(at('2026-01-01T00:00:00'), minute, dayStartOf, dateOf).day).toBe('2025-12-31');
  });
});

describe('shouldTake', () => {
  const due = { day: '2026-03-10', dueAt: at('2026-03-10T00:05:00') };
  it('never twice; late once the schedule has begun; not for a day before a new exchange ran', () => {
    expect(shouldTake(due, true, true, 0)).toBe(false);
    expect(shouldTake(due, false, true, due.dueAt + 5 * 86_400_000)).toBe(true);
    expect(shouldTake(due, false, false, due.dueAt + 1)).toBe(false);
    expect(shouldTake(due, false, false, due.dueAt - 1)).toBe(true);
  });
});
