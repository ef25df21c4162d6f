import { Decimal } from '@oex/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { Books, type Owner } from '../src/ledger/books.js';
import { Sequencer, type CommandContext } from '../src/ledger/sequencer.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { USDT, BTC } from './helpers/ledger.js';

let ex: TestExchange;
let users: number[];
beforeAll(async () => {
  ex = await startTestExchange({ demo: false });
  users = [];
  for (let i = 0; i < 3; i += 1)
    users.push(await ex.users.createUser({ kind: 'email', email: `seq${i}@example.test` }, 'abc12345', null));
});
afterAll(async () => ex?.stop());

const entry = { type: 99, memo: 'test', refType: 'test', refId: 0 };

function snapshot(books: Books): Record<number, [string, string]> {
  return Object.fromEntries(
    [...books.accounts()].map((account) => [account.id, [String(account.balance), String(account.lock)]]),
  );
}

/** What the database holds, read back the way the server reads it at start. */
async function reloaded(): Promise<Record<number, [string, string]>> {
  return snapshot((await Sequencer.load(ex.db, ex.clock)).books);
}

function credit(userId: number, currencyId: number, units: bigint) {
  return ({ books }: CommandContext) => {
    const external = books.ensure({ system: 'external_deposits' }, 0, currencyId);
    const account = books.ensure({ userId }, 1, currencyId);
    books.post(
      [
        { account: external, available: -units, locked: 0n },
        { account, available: units, locked: 0n },
      ],
      entry,
    );
  };
}

describe('the sequencer', () => {
  it('answers only after commit, and a refused command leaves the rest of its batch alone', async () => {
    const [a, b] = users as [number, number];
    const results = await Promise.allSettled([
      ex.sequencer.submit(credit(a, USDT, 5n)),
      ex.sequencer.submit(() => {
        throw new Error('refused');
      }),
      ex.sequencer.submit((context) => {
        credit(b, USDT, 7n)(context);
        throw new Error('refused after changing the books');
      }),
      ex.sequencer.submit(credit(b, USDT, 3n)),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(ex.sequencer.books.find({ userId: b }, 1, USDT)!.balance).toBe(3n);
    expect(await reloaded()).toEqual(snapshot(ex.sequencer.books));
  });

  it('undoes a whole batch in memory when its commit fails, and goes on afterwards', async () => {
    const [a] = users as [number];
    const before = snapshot(ex.sequencer.books);
    const results = await Promise.allSettled([
      ex.sequencer.submit(credit(a, BTC, 11n)),
      // A row the database refuses (a second row with the same primary key) fails the commit.
      ex.sequencer.submit(({ insert }) => {
        insert('settings', { key: 'duplicate', value: '1' });
        insert('settings', { key: 'duplicate', value: '2' });
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(snapshot(ex.sequencer.books)).toEqual(before);
    expect(await reloaded()).toEqual(before);
    await ex.sequencer.submit(credit(a, BTC, 13n));
    expect(ex.sequencer.books.find({ userId: a }, 1, BTC)!.balance).toBe(13n);
    expect(await reloaded()).toEqual(snapshot(ex.sequencer.books));
  });

  it('refuses a batch whose changes do not sum to zero in a currency, writing nothing of it', async () => {
    const [a, b] = users as [number, number];
    const before = snapshot(ex.sequencer.books);
    const results = await Promise.allSettled([
      ex.sequencer.submit(credit(b, BTC, 2n)),
      // A bug that changes a balance outside a posting: the books no longer sum to zero.
      ex.sequencer.submit((context) => {
        credit(a, BTC, 5n)(context);
        context.books.find({ userId: a }, 1, BTC)!.balance += 1n;
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(
      new RegExp(`does not balance \\(currency ${BTC} off by 1 units\\)`),
    );
    expect(snapshot(ex.sequencer.books)).toEqual(before);
    expect(await reloaded()).toEqual(before);
    await ex.sequencer.submit(credit(b, BTC, 2n));
    expect(await reloaded()).toEqual(snapshot(ex.sequencer.books));
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });

  type Step = {
    kind: 'credit' | 'transfer' | 'hold' | 'release';
    user: number;
    currency: number;
    amount: bigint;
  };
  const step = fc.record({
    kind: fc.constantFrom('credit' as const, 'transfer' as const, 'hold' as const, 'release' as const),
    user: fc.integer({ min: 0, max: 2 }),
    currency: fc.constantFrom(USDT, BTC),
    amount: fc.bigInt({ min: 1n, max: 10n ** 20n }),
  });

  function command(s: Step) {
    return (context: CommandContext) => {
      const owner: Owner = { userId: users[s.user]! };
      const { books } = context;
      if (s.kind === 'credit') return credit(users[s.user]!, s.currency, s.amount)(context);
      const spot = books.ensure(owner, 1, s.currency);
      if (s.kind === 'transfer') {
        const lever = books.ensure(owner, 3, s.currency);
        return books.post(
          [
            { account: spot, available: -s.amount, locked: 0n },
            { account: lever, available: s.amount, locked: 0n },
          ],
          entry,
        );
      }
      const sign = s.kind === 'hold' ? 1n : -1n;
      books.post([{ account: spot, available: -sign * s.amount, locked: sign * s.amount }], entry);
    };
  }

  it("merges a batch's row updates: a row inserted in it may be updated, later columns win, a refusal's are dropped", async () => {
    const areas = () =>
      ex.db.kysely.selectFrom('areas').selectAll().where('id', '>=', 9000).orderBy('id').execute();
    const results = await Promise.allSettled([
      ex.sequencer.submit((context) => {
        context.insert('areas', { id: 9001, global_code: 'A1', name: 'one', sort: 1 });
        context.insert('areas', { id: 9002, global_code: 'A2', name: 'two', sort: 2 });
        context.update('areas', 9001, { name: 'one, renamed', sort: 10 });
      }),
      // A second command of the same batch updates the same row again: its columns win.
      ex.sequencer.submit((context) => context.update('areas', 9001, { sort: 11 })),
      // Another set of columns for the other row, and a null-free text with a quote.
      ex.sequencer.submit((context) => context.update('areas', 9002, { global_code: "B'2" })),
      ex.sequencer.submit((context) => {
        context.update('areas', 9002, { name: 'refused' });
        throw new Error('refused');
      }),
    ]);
    // Each outcome with its reason, so a failed commit shows why.
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'Error: refused',
    ]);
    expect(await areas()).toEqual([
      { id: 9001, global_code: 'A1', name: 'one, renamed', sort: 11 },
      { id: 9002, global_code: "B'2", name: 'two', sort: 2 },
    ]);
    // Many rows of one table in one batch.
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        ex.sequencer.submit((context) => context.update('areas', 9001 + (i % 2), { sort: i })),
      ),
    );
    expect((await areas()).map((row) => row.sort)).toEqual([298, 299]);
  });

  it('writes any text as it was given: quotes, backslashes, placeholders, other scripts, through every kind of write', async () => {
    // On PostgreSQL a batch goes as one text with its values written in as literals (db/connect.ts).
    const awkward = [
      `it's`,
      'C:\\new\\table',
      '$1 and $2',
      "'); drop table areas; --",
      "E'x'",
      '价格 ≥ 5 🚀',
      'two\nlines',
    ];
    const read = () =>
      ex.db.kysely
        .selectFrom('areas')
        .select(['id', 'name', 'global_code'])
        .where('id', '>=', 9100)
        .orderBy('id')
        .execute();
    await Promise.all(
      awkward.map((text, i) =>
        ex.sequencer.submit((context) => {
          context.insert('areas', {
            id: 9100 + i,
            global_code: `G${i}`,
            name: text.split('').reverse().join(''),
            sort: i,
          });
          context.update('areas', 9100 + i, { name: text });
        }),
      ),
    );
    expect(await read()).toEqual(
      awkward.map((text, i) => ({ id: 9100 + i, name: text, global_code: `G${i}` })),
    );
    // A statement of the query builder, its parameters among them.
    await ex.sequencer.submit((context) =>
      context.write(
        ex.db.kysely
          .updateTable('areas')
          .set({ name: awkward[3]! })
          .where('name', '=', awkward[2]!)
          .compile(),
      ),
    );
    expect((await read())[2]!.name).toBe(awkward[3]);
  });

  it('keeps the database audit clean and equal to memory over random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        await Promise.allSettled(steps.map((s) => ex.sequencer.submit(command(s))));
        const report = await auditLedger(ex.db.kysely);
        expect(report.problems).toEqual([]);
        for (const account of ex.sequencer.books.accounts()) {
          if (account.userId !== null) expect(account.balance >= 0n && account.lock >= 0n).toBe(true);
        }
        expect(await reloaded()).toEqual(snapshot(ex.sequencer.books));
      }),
      { numRuns: 15 },
    );
    expect(
      Decimal.fromUnits(
        ex.sequencer.books.find({ system: 'external_deposits' }, 0, USDT)!.balance,
      ).isNegative(),
    ).toBe(true);
  });
});
