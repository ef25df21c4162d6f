import { randomBytes } from 'node:crypto';
import { buildTree, Decimal } from '@oex/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../lib/time.js';
import { bucketStart } from '../spot/periods.js';
import {
  latestDueDay,
  leavesOf,
  paddedSize,
  PIECES,
  shouldTake,
  splitUnits,
  treeLeaves,
  userBalances,
} from './rules.js';

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

describe('split balances and a padded tree', () => {
  it('splits a total into parts that add up to it exactly, none negative', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.array(fc.bigInt({ min: 0n, max: 2n ** 256n }), {
          minLength: 3,
          maxLength: 3,
        }),
        (total, cuts) => {
          const parts = splitUnits(total, 4, (i) => cuts[i]!);
          expect(parts).toHaveLength(4);
          expect(parts.every((part) => part >= 0n)).toBe(true);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
        },
      ),
    );
    expect(paddedSize(0)).toBe(1);
    expect(paddedSize(5)).toBe(8);
    expect(paddedSize(8)).toBe(8);
  });

  it('gives each user PIECES leaves adding up to their balance, pads with zeros to a power of two, the same every time', () => {
    const balances = new Map([
      [5, units('1')],
      [6, units('2.25')],
      [7, units('3000.12345678')],
    ]);
    const entries = leavesOf(balances, () => randomBytes(32).toString('hex'));
    const leaves = treeLeaves(entries);
    expect(leaves).toHaveLength(16);
    for (const [userId, held] of balances) {
      const mine = leaves.filter((leaf) => leaf.user_id === userId);
      expect(mine).toHaveLength(PIECES);
      expect(mine.reduce((sum, leaf) => sum + Decimal.parse(leaf.balance).units, 0n)).toBe(held);
      // No leaf is the user's exact balance (the cuts would have to fall on its ends).
      expect(mine.map((leaf) => Decimal.parse(leaf.balance).units)).not.toContain(held);
    }
    const padding = leaves.filter((leaf) => leaf.user_id === 0);
    expect(padding).toHaveLength(16 - 3 * PIECES);
    expect(padding.every((leaf) => leaf.balance === '0')).toBe(true);
    expect(new Set(leaves.map((leaf) => leaf.salt)).size).toBe(16);
    expect(leaves.map((leaf) => leaf.salt)).toEqual([...leaves.map((leaf) => leaf.salt)].sort());
    expect(treeLeaves(entries)).toEqual(leaves);
    expect(buildTree(leaves).root.sum.toString()).toBe('3003.37345678');
    expect(treeLeaves([])).toEqual([]);
  });
});
