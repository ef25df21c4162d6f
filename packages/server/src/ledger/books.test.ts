import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Books, PostingError, type Owner } from './books.js';

const entry = { type: 1, memo: 'test', refType: 'test', refId: 0 };
const USD = 1;
const BTC = 2;

function sums(books: Books): Map<number, bigint> {
  const totals = new Map<number, bigint>();
  for (const account of books.accounts()) {
    totals.set(account.currencyId, (totals.get(account.currencyId) ?? 0n) + account.balance + account.lock);
  }
  return totals;
}

function credit(books: Books, userId: number, currencyId: number, amount: bigint): void {
  const external = books.ensure({ system: 'external_deposits' }, 0, currencyId);
  const account = books.ensure({ userId }, 1, currencyId);
  books.post(
    [
      { account: external, available: -amount, locked: 0n },
      { account, available: amount, locked: 0n },
    ],
    entry,
  );
}

describe('Books.post', () => {
  it('moves value between accounts and logs each leg with balances after', () => {
    const books = new Books();
    credit(books, 7, USD, 100n);
    const account = books.find({ userId: 7 }, 1, USD)!;
    expect(account.balance).toBe(100n);
    const { logs, created } = books.pending();
    expect(created).toHaveLength(2);
    expect(logs.map((log) => [log.available, log.balanceAfter])).toEqual([
      [-100n, -100n],
      [100n, 100n],
    ]);
  });

  it('refuses a posting that does not sum to zero, and changes nothing', () => {
    const books = new Books();
    credit(books, 7, USD, 100n);
    const account = books.find({ userId: 7 }, 1, USD)!;
    const fees = books.ensure({ system: 'fees' }, 0, USD);
    expect(() =>
      books.post(
        [
          { account, available: -10n, locked: 0n },
          { account: fees, available: 9n, locked: 0n },
        ],
        entry,
      ),
    ).toThrow(PostingError);
    expect(account.balance).toBe(100n);
    expect(fees.balance).toBe(0n);
  });

  it('refuses legs of two currencies', () => {
    const books = new Books();
    credit(books, 7, USD, 100n);
    const usd = books.find({ userId: 7 }, 1, USD)!;
    const btc = books.ensure({ userId: 7 }, 1, BTC);
    expect(() =>
      books.post(
        [
          { account: usd, available: -1n, locked: 0n },
          { account: btc, available: 1n, locked: 0n },
        ],
        entry,
      ),
    ).toThrow(/one currency/);
  });

  it('never lets a user balance or lock go below zero, but lets system accounts', () => {
    const books = new Books();
    credit(books, 7, USD, 100n);
    const account = books.find({ userId: 7 }, 1, USD)!;
    expect(() => books.post([{ account, available: -101n, locked: 101n }], entry)).toThrow(PostingError);
    expect(() => books.post([{ account, available: -100n, locked: 100n }], entry)).not.toThrow();
    expect(() => books.post([{ account, available: 1n, locked: -1n }], entry)).not.toThrow();
    expect(account).toMatchObject({ balance: 1n, lock: 99n });
    const error = (() => {
      try {
        books.post([{ account, available: 100n, locked: -100n }], entry);
      } catch (caught) {
        return caught as PostingError;
      }
    })();
    expect(error?.reason).toBe('insufficient');
    expect(books.find({ system: 'external_deposits' }, 0, USD)!.balance).toBe(-100n);
  });

  it('rolls back to a mark: balances, created accounts and log rows', () => {
    const books = new Books();
    credit(books, 7, USD, 100n);
    const mark = books.mark();
    const logsBefore = books.pending().logs.length;
    credit(books, 8, USD, 50n);
    books.ensure({ userId: 9 }, 1, BTC);
    books.rollback(mark);
    expect(books.find({ userId: 8 }, 1, USD)).toBeUndefined();
    expect(books.find({ userId: 9 }, 1, BTC)).toBeUndefined();
    expect(books.find({ system: 'external_deposits' }, 0, USD)!.balance).toBe(-100n);
    expect(books.pending().logs).toHaveLength(logsBefore);
    // Ids are handed out again after a rollback, so nothing is skipped.
    const next = books.ensure({ userId: 10 }, 1, USD);
    expect(next.id).toBe(3);
  });
});

type Step =
  | { kind: 'credit'; user: number; currency: number; amount: bigint }
  | { kind: 'transfer'; user: number; currency: number; from: number; to: number; amount: bigint }
  | { kind: 'hold' | 'release'; user: number; currency: number; amount: bigint };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('credit' as const),
    user: fc.integer({ min: 1, max: 3 }),
    currency: fc.integer({ min: 1, max: 2 }),
    amount: fc.bigInt({ min: 1n, max: 10n ** 24n }),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    user: fc.integer({ min: 1, max: 3 }),
    currency: fc.integer({ min: 1, max: 2 }),
    from: fc.integer({ min: 1, max: 5 }),
    to: fc.integer({ min: 1, max: 5 }),
    amount: fc.bigInt({ min: 1n, max: 10n ** 24n }),
  }),
  fc.record({
    kind: fc.constantFrom('hold' as const, 'release' as const),
    user: fc.integer({ min: 1, max: 3 }),
    currency: fc.integer({ min: 1, max: 2 }),
    amount: fc.bigInt({ min: 1n, max: 10n ** 24n }),
  }),
);

/** Applies a step the way a command would: refused steps (PostingError) change nothing. */
function apply(books: Books, s: Step): void {
  const owner: Owner = { userId: s.user };
  const mark = books.mark();
  try {
    if (s.kind === 'credit') return credit(books, s.user, s.currency, s.amount);
    if (s.kind === 'transfer') {
      const from = books.ensure(owner, s.from, s.currency);
      const to = books.ensure(owner, s.to, s.currency);
      return books.post(
        [
          { account: from, available: -s.amount, locked: 0n },
          { account: to, available: s.amount, locked: 0n },
        ],
        entry,
      );
    }
    const account = books.ensure(owner, 1, s.currency);
    const sign = s.kind === 'hold' ? 1n : -1n;
    books.post([{ account, available: -sign * s.amount, locked: sign * s.amount }], entry);
  } catch (error) {
    if (!(error instanceof PostingError)) throw error;
    books.rollback(mark);
  }
}

describe('Books under random sequences', () => {
  it('keeps every currency summing to zero and no user account negative after every step', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const books = new Books();
        for (const s of steps) {
          apply(books, s);
          for (const total of sums(books).values()) expect(total).toBe(0n);
          for (const account of books.accounts()) {
            if (account.userId !== null) {
              expect(account.balance >= 0n && account.lock >= 0n).toBe(true);
            }
          }
          // The journal explains every balance: before + logged changes = after.
          const logged = new Map<number, bigint>();
          for (const log of books.pending().logs) {
            logged.set(log.accountId, (logged.get(log.accountId) ?? 0n) + log.available + log.locked);
          }
          for (const account of books.accounts()) {
            expect(account.balance + account.lock).toBe(logged.get(account.id) ?? 0n);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
