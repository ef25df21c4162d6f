import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import {
  JOURNALED_TABLES,
  journaledRows,
  tableDifference,
  type JournaledTable,
} from '../src/ledger/journal-check.js';
import { openScratchReplica, replayOnScratch } from '../src/ledger/journal-scratch.js';
import { replayJournal } from '../src/ledger/replay.js';
import { ReplayDivergence } from '../src/ledger/sequencer.js';
import { BUY, SELL } from '../src/spot/engine.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, BTC_USDT, ETH, ETH_USDT, LEVER, SPOT, USDT, balanceOf } from './helpers/ledger.js';
import { budget } from './helpers/budget.js';
import { builtEntry } from './helpers/build.js';
import { scrape } from './helpers/metrics.js';
import { MICRO } from './helpers/micro.js';
import { login, uniqueEmail } from './helpers/users.js';

/**
 * The command journal (docs/cluster.md): every command given as data is journaled with its batch,
 * and replaying the journal over the migrated database, with the same users, rebuilds the books
 * row for row.
 */
let source: TestExchange;
const targets: TestExchange[] = [];
beforeAll(async () => {
  source = await startTestExchange({ demo: false });
});
afterAll(async () => {
  await source?.stop();
  for (const target of targets) await target.stop();
});

const run = promisify(execFile);
const AUDIT = builtEntry('audit-cli');

/** A second exchange on a fresh database with the source's users: the state its journal began from. */
async function emptyTarget(): Promise<TestExchange> {
  const target = await startTestExchange({ demo: false });
  targets.push(target);
  const users = await source.db.kysely.selectFrom('users').selectAll().execute();
  if (users.length > 0) await target.db.kysely.insertInto('users').values(users).execute();
  return target;
}

/** Every resting order of a market's book in memory, both sides in book order. */
function restingIn(exchange: TestExchange, marketId: number) {
  const book = exchange.spot.orders.book(marketId);
  return ([BUY, SELL] as const).flatMap((side) =>
    [...book.restingOrders(side)].map(({ id, owner, price, remaining }) => ({
      side,
      id,
      owner,
      price,
      remaining,
    })),
  );
}

/** A user made as an operator's tools make one (no demo mailbox here), signed in, with spot credits. */
async function trader(credits: [number, string][]): Promise<{ token: string }> {
  const email = uniqueEmail('journal');
  const id = await source.users.createUser({ kind: 'email', email }, 'Secret-Harbor-91', null);
  for (const [currency, amount] of credits) await source.ledger.credit(id, SPOT, currency, amount);
  return { token: await login(source.api, email, 'Secret-Harbor-91') };
}

const FINANCIAL = 5;

const post = (path: string, body: Record<string, unknown>, token: string) =>
  source.api.post<{ id: number }>(path, body, { token });

describe('the command journal', () => {
  it('replaying it over an empty state gives the same balances, orders, trades and transfers as the database', async () => {
    const unjournaled = source.sequencer.unjournaled;
    const alice = await trader([
      [USDT, '20000'],
      [BTC, '0.5'],
    ]);
    const bob = await trader([
      [USDT, '3000'],
      [ETH, '4'],
      [BTC, '0.2'],
    ]);

    // Transfers: one with a request id sent twice (made once), one refused for its amount.
    const transfer = { currency_id: USDT, balance: '125.5', from: SPOT, to: LEVER, request_id: 'journal-t1' };
    const twins = await Promise.all([
      post('account/transfer', transfer, alice.token),
      post('account/transfer', transfer, alice.token),
    ]);
    expect(twins.map((answer) => answer.body.code)).toEqual([1, 1]);
    const refused = await post(
      'account/transfer',
      { currency_id: ETH, balance: '5', from: SPOT, to: LEVER },
      bob.token,
    );
    expect(refused.body).toMatchObject({ code: 0, msg: 'Insufficient balance' });

    // Spot: resting asks, a limit buy across two levels, a market buy by total, a partial fill
    // left resting and cancelled, a self-trade cancel, and a conversion with a request id.
    for (const price of ['2000', '2010', '2020']) {
      expect(
        (await post('tx_out/add', { currency_match_id: ETH_USDT, number: '1', price }, bob.token)).body.code,
      ).toBe(1);
    }
    expect(
      (await post('tx_in/add', { currency_match_id: ETH_USDT, number: '1.5', price: '2010' }, alice.token))
        .body.code,
    ).toBe(1);
    expect(
      (await post('tx_in/add', { currency_match_id: ETH_USDT, type: 1, total: '1000' }, alice.token)).body
        .code,
    ).toBe(1);
    const resting = await post(
      'tx_in/add',
      { currency_match_id: ETH_USDT, number: '2', price: '1990' },
      alice.token,
    );
    expect(
      (await post('tx_out/add', { currency_match_id: ETH_USDT, number: '0.25', price: '1990' }, bob.token))
        .body.code,
    ).toBe(1);
    expect((await post('tx_in/cancel', { id: resting.body.data!.id }, alice.token)).body).toMatchObject({
      code: 1,
    });
    expect(
      (await post('tx_in/add', { currency_match_id: BTC_USDT, number: '0.01', price: '60000' }, bob.token))
        .body.code,
    ).toBe(1);
    expect(
      (await post('tx_out/add', { currency_match_id: BTC_USDT, number: '0.01', price: '59000' }, bob.token))
        .body.code,
    ).toBe(1);
    expect(
      (await post('tx_in/add', { currency_match_id: BTC_USDT, number: '0.05', price: '60000' }, bob.token))
        .body.code,
    ).toBe(1);
    const convert = { currency_id: BTC, number: '0.02', request_id: 'journal-c1' };
    expect((await post('account/convert', convert, alice.token)).body.code).toBe(1);
    expect((await post('account/convert', convert, alice.token)).body.code).toBe(1);
    expect(await balanceOf(source.api, alice.token, BTC)).toBe('0.48');

    // Lever: a position at the mark with its stops set, closed; a fixed-price order, cancelled.
    expect(
      (await post('tx_in/add', { currency_match_id: ETH_USDT, number: '0.5', price: '1980' }, bob.token)).body
        .code,
    ).toBe(1);
    source.clock.advance(1000);
    await source.markTape.tick();
    const lever = (path: string, body: Record<string, unknown>) => post(`lever/${path}`, body, alice.token);
    const terms = { currency_match_id: ETH_USDT, share: 1, multiple: 10, type: 1 };
    const opened = await lever('submit', { ...terms, status: 1 });
    expect(opened.body.code, opened.body.msg).toBe(1);
    const id = opened.body.data!.id;
    const stops = await lever('setstop', { id, target_profit_price: '2500', stop_loss_price: '1500' });
    expect(stops.body.code, stops.body.msg).toBe(1);
    expect((await lever('close', { id })).body.code).toBe(1);
    const fixed = await lever('submit', { ...terms, status: 0, target_price: '1500' });
    expect(fixed.body.code, fixed.body.msg).toBe(1);
    expect((await lever('cancel', { id: fixed.body.data!.id })).body.code).toBe(1);

    // Seconds contracts: the pool funded, a 30 s contract staked and settled on the tape.
    await source.micro.service.fund('USDT', '50000');
    const toMicro = { currency_id: USDT, balance: '150', from: SPOT, to: MICRO };
    expect((await post('account/transfer', toMicro, bob.token)).body.code).toBe(1);
    const staked = await post(
      'microtrade/submit',
      { match_id: ETH_USDT, currency_id: USDT, type: 1, seconds: 30, number: '100' },
      bob.token,
    );
    expect(staked.body.code, staked.body.msg).toBe(1);
    source.clock.advance(31_000);
    await source.markTape.tick();
    const settled = await source.db.kysely
      .selectFrom('micro_orders')
      .select('status')
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe(3);

    // Savings: the interest account funded, a 7-day product bought and paid to its end.
    await source.earn.service.fund('USDT', '1000');
    const toSavings = { currency_id: USDT, balance: '500', from: SPOT, to: FINANCIAL };
    expect((await post('account/transfer', toSavings, alice.token)).body.code).toBe(1);
    const products = await source.api.get<{ id: number; currency_code: string; days: number }[]>('ieo/list', {
      limit: 30,
    });
    const week = products.body.data!.find(
      (product) => product.currency_code === 'USDT' && product.days === 7,
    )!;
    const saved = await post('ieo/addIeo', { id: week.id, number: '400' }, alice.token);
    expect(saved.body.code, saved.body.msg).toBe(1);
    source.clock.advance(8 * 86_400_000);
    await source.earn.payer.tick();
    expect(await source.db.kysely.selectFrom('earn_interest').selectAll().execute()).toHaveLength(7);

    // Every change above was a command given as data.
    expect(source.sequencer.unjournaled).toBe(unjournaled);
    const journal = await journaledRows(source.db.kysely, 'command_journal');
    expect(new Set(journal.map((row) => row.type))).toEqual(
      new Set([
        'ledger.credit',
        'ledger.transfer',
        'spot.place',
        'spot.cancel',
        'wallet.convert',
        'lever.place',
        'lever.setStops',
        'lever.close',
        'lever.cancel',
        'micro.fund',
        'micro.stake',
        'micro.settle',
        'earn.fund',
        'earn.buy',
        'earn.payDays',
      ]),
    );
    expect((await journaledRows(source.db.kysely, 'trades')).length).toBeGreaterThanOrEqual(5);

    const target = await emptyTarget();
    const replayed = await replayJournal(source.db.kysely, target.sequencer);
    expect(replayed).toEqual({ commands: journal.length, lastId: journal.length });
    for (const table of Object.keys(JOURNALED_TABLES) as JournaledTable[]) {
      expect(await journaledRows(target.db.kysely, table), table).toEqual(
        await journaledRows(source.db.kysely, table),
      );
    }
    expect((await auditLedger(target.db.kysely)).problems).toEqual([]);
    // The books in memory were rebuilt too: the same orders rest, in the same places.
    for (const marketId of [ETH_USDT, BTC_USDT])
      expect(restingIn(target, marketId)).toEqual(restingIn(source, marketId));
    expect(restingIn(source, ETH_USDT).length).toBeGreaterThan(0);
  });

  it("a replica writes the journal's commands to its own database and takes none of its own", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oex-replica-'));
    const replica = await openScratchReplica(join(dir, 'replica.db'), dir);
    try {
      expect(replica.sequencer.leading).toBe(false);
      await expect(replica.sequencer.submit(() => undefined)).rejects.toThrow(
        'a replica takes no command of its own',
      );
      const journal = await journaledRows(source.db.kysely, 'command_journal');
      expect(await replayJournal(source.db.kysely, replica.sequencer)).toEqual({
        commands: journal.length,
        lastId: journal.length,
      });
      for (const table of ['accounts', 'orders', 'trades', 'command_journal'] as const) {
        expect(await tableDifference(table, source.db.kysely, replica.db.kysely), table).toBeNull();
      }
    } finally {
      await replica.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm run audit -- --journal replays it beside the running exchange and names a row changed behind its back', async () => {
    const env = { ...process.env, DATABASE_URL: source.config.databaseUrl, DEMO: '0', LOG_LEVEL: 'silent' };
    const good = await run(process.execPath, [AUDIT, '--journal'], { env });
    expect(good.stdout).toMatch(
      /journal: \d+ commands replayed; every journaled table is equal to the replay/,
    );

    // A trade's price rewritten in the database: the ledger still sums, the replay does not agree.
    const [trade] = await source.db.kysely.selectFrom('trades').select('id').orderBy('id').limit(1).execute();
    await source.db.kysely.updateTable('trades').set({ price: '1999' }).where('id', '=', trade!.id).execute();
    const bad = run(process.execPath, [AUDIT, '--journal'], { env });
    await expect(bad).rejects.toMatchObject({
      stdout: expect.stringContaining(`journal: DIFFERS: trades id ${trade!.id}: price is 1999 stored`),
    });
  });

  // A demo's start and 14,000 commands replayed onto PostgreSQL: minutes on a loaded CI machine.
  it(
    "a demo exchange's start, with its maker's history, is journaled whole and replays row for row",
    { timeout: budget(90_000) },
    async () => {
      const demo = await startTestExchange({ marketMaker: true, marketMakerBackfillDays: 1 });
      targets.push(demo);
      expect(demo.sequencer.unjournaled).toBe(0);
      const metrics = await scrape(await demo.operations.serveMetrics(0, '127.0.0.1'));
      expect(metrics).toMatch(/^oex_sequencer_unjournaled_commands 0$/m);
      expect(await demo.db.kysely.selectFrom('trades').select('id').execute()).not.toHaveLength(0);

      const target = await startTestExchange({ demo: false });
      targets.push(target);
      const users = await demo.db.kysely.selectFrom('users').selectAll().execute();
      await target.db.kysely.insertInto('users').values(users).execute();
      await replayJournal(demo.db.kysely, target.sequencer);
      for (const table of Object.keys(JOURNALED_TABLES) as JournaledTable[]) {
        expect(await journaledRows(target.db.kysely, table), table).toEqual(
          await journaledRows(demo.db.kysely, table),
        );
      }
    },
  );

  it('a replay that skips a command stops at the first command that no longer applies', async () => {
    const target = await emptyTarget();
    // Without the first credit, a later command of that user finds too little to spend.
    const replay = replayJournal(source.db.kysely, target.sequencer, 1);
    await expect(replay).rejects.toBeInstanceOf(ReplayDivergence);
    await expect(replay).rejects.toThrow(/was refused/);
  });
  it('JOURNAL_KEEP_DAYS: the leader removes the oldest commands as a prefix, keeps the newest, and a full replay then says why it cannot run', async () => {
    const keeping = await startTestExchange({ demo: false, journalKeepDays: 1 });
    targets.push(keeping);
    const email = uniqueEmail('keep');
    const id = await keeping.users.createUser({ kind: 'email', email }, 'Secret-Harbor-91', null);
    const journal = () =>
      keeping.db.kysely.selectFrom('command_journal').select(['id', 'batch_at']).orderBy('id').execute();
    await keeping.ledger.credit(id, SPOT, USDT, '10');
    await keeping.ledger.credit(id, SPOT, USDT, '20');
    keeping.clock.advance(2 * 86_400_000);
    await keeping.ledger.credit(id, SPOT, USDT, '30');
    const before = await journal();
    expect(before.length).toBeGreaterThanOrEqual(3);
    await keeping.journalPruner!.tick();
    const after = await journal();
    // What was older than a day is gone; the rest is the same rows, without a gap.
    const cutoff = keeping.clock.now() - 86_400_000;
    expect(after).toEqual(before.filter((row) => Number(row.batch_at) >= cutoff));
    expect(after.map((row) => Number(row.id))).toEqual(after.map((_, index) => Number(after[0]!.id) + index));
    expect(await balanceOf(keeping.api, await login(keeping.api, email, 'Secret-Harbor-91'), USDT)).toBe(
      '60',
    );
    // A full replay needs the first command: it says so instead of replaying part of the history.
    await expect(replayOnScratch(keeping.db)).rejects.toThrow(
      `the journal starts at command ${after[0]!.id}: the commands before it were removed`,
    );
    // Days later with nothing new: the newest row stays, since the next id counts on from it.
    keeping.clock.advance(5 * 86_400_000);
    await keeping.journalPruner!.tick();
    expect(await journal()).toEqual([after[after.length - 1]]);
    await keeping.ledger.credit(id, SPOT, USDT, '1');
    expect((await journal()).map((row) => Number(row.id))).toEqual([
      Number(after[after.length - 1]!.id),
      Number(after[after.length - 1]!.id) + 1,
    ]);
    expect((await auditLedger(keeping.db.kysely)).problems).toEqual([]);
  });

  // Seven runs of the audit's CLI, each a process that opens every domain: over 90 s in a loaded CI.
  it(
    'checkpoints: the audit replays only what came after its last checkpoint, also once the journal before it was removed, and writes one only for books found equal',
    async () => {
      const keeping = await startTestExchange({ demo: false, journalKeepDays: 1 });
      targets.push(keeping);
      const dir = mkdtempSync(join(tmpdir(), 'oex-checkpoint-'));
      const checkpoint = join(dir, 'books.db');
      const env = {
        ...process.env,
        DATABASE_URL: keeping.config.databaseUrl,
        DEMO: '0',
        LOG_LEVEL: 'silent',
      };
      const audit = (...args: string[]) => run(process.execPath, [AUDIT, ...args], { env });
      const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
      const firstKept = async () =>
        Number(
          (
            await keeping.db.kysely
              .selectFrom('command_journal')
              .select((eb) => eb.fn.min<number>('id').as('id'))
              .executeTakeFirstOrThrow()
          ).id,
        );
      const user = async (currency: number, amount: string) => {
        const email = uniqueEmail('checkpoint');
        const id = await keeping.users.createUser({ kind: 'email', email }, 'Secret-Harbor-91', null);
        await keeping.ledger.credit(id, SPOT, currency, amount);
        return login(keeping.api, email, 'Secret-Harbor-91');
      };
      const order = async (path: string, price: string, token: string) =>
        (
          await keeping.api.post<{ id: number }>(
            path,
            { currency_match_id: ETH_USDT, number: '1', price },
            { token },
          )
        ).body;
      try {
        // Day 0: a bid rests. The first audit replays from the first command and writes a checkpoint.
        const buyer = await user(USDT, '1000');
        expect(await order('tx_in/add', '100', buyer)).toMatchObject({ code: 1 });
        const first = await audit('--checkpoint', checkpoint);
        const written = /checkpoint written at command (\d+), sha256 ([0-9a-f]{64})/.exec(first.stdout);
        expect(first.stdout).not.toMatch(/from the checkpoint/);
        expect(written, first.stdout).not.toBeNull();
        const [, at, hash] = written!;
        expect(sha256(checkpoint)).toBe(hash);
        expect(statSync(checkpoint).mode & 0o777).toBe(0o600);
        const dayZero = join(dir, 'day-zero.db');
        copyFileSync(checkpoint, dayZero);

        // Two days on, the resting bid fills, and the leader removes day 0's commands: a full replay
        // cannot run, the replay from the checkpoint can (the bid rests in the checkpoint's books).
        keeping.clock.advance(2 * 86_400_000);
        const seller = await user(ETH, '1');
        expect(await order('tx_out/add', '100', seller)).toMatchObject({ code: 1 });
        await keeping.journalPruner!.tick();
        expect(await firstKept()).toBe(Number(at) + 1);
        await expect(audit('--journal')).rejects.toMatchObject({
          stdout: expect.stringContaining('journal: NOT CHECKED: the journal starts at command'),
        });
        const second = await audit('--checkpoint', checkpoint);
        expect(second.stdout).toContain(`journal: from the checkpoint at command ${at}, sha256 ${hash}`);
        const next =
          /(\d+) commands replayed; every journaled table is equal to the replay\njournal: checkpoint written at command (\d+), sha256 ([0-9a-f]{64})/.exec(
            second.stdout,
          );
        expect(next, second.stdout).not.toBeNull();
        const [, replayed, nextAt, nextHash] = next!;
        expect(Number(nextAt) - Number(at)).toBe(Number(replayed));
        expect(Number(replayed)).toBeGreaterThanOrEqual(2);
        expect(sha256(checkpoint)).toBe(nextHash);

        // A trade changed behind the exchange's back is named, and the checkpoint stays as it was.
        const [trade] = await keeping.db.kysely.selectFrom('trades').selectAll().execute();
        await keeping.db.kysely
          .updateTable('trades')
          .set({ price: '99' })
          .where('id', '=', trade!.id)
          .execute();
        await expect(audit('--checkpoint', checkpoint)).rejects.toMatchObject({
          stdout: expect.stringContaining(`journal: DIFFERS: trades id ${trade!.id}: price is 99 stored`),
        });
        expect(sha256(checkpoint)).toBe(nextHash);
        await keeping.db.kysely
          .updateTable('trades')
          .set({ price: trade!.price })
          .where('id', '=', trade!.id)
          .execute();

        // A checkpoint doctored to give the buyer more: its hash is not the one recorded, and its
        // replay no longer gives the database's balances.
        const doctored = join(dir, 'doctored.db');
        copyFileSync(checkpoint, doctored);
        const file = new Database(doctored);
        file
          .prepare('update accounts set balance = balance + 5 where currency_id = ? and balance > 0')
          .run(USDT);
        file.close();
        const forged = audit('--checkpoint', doctored);
        await expect(forged).rejects.toMatchObject({
          stdout: expect.stringContaining('journal: DIFFERS: accounts id'),
        });
        await expect(forged).rejects.toMatchObject({ stdout: expect.not.stringContaining(nextHash!) });

        // Two days more: the commands the day-zero checkpoint would need next are removed too, and a
        // replay from it has nothing to go on from, while the newest checkpoint still goes on.
        keeping.clock.advance(2 * 86_400_000);
        await user(USDT, '1');
        await keeping.journalPruner!.tick();
        const kept = await firstKept();
        expect(kept).toBeGreaterThan(Number(nextAt));
        await expect(audit('--checkpoint', dayZero)).rejects.toMatchObject({
          stdout: expect.stringContaining(
            `journal: NOT CHECKED: the checkpoint ends at command ${at} and the journal starts at command ${kept}`,
          ),
        });
        expect(sha256(dayZero)).toBe(hash);
        expect((await audit('--checkpoint', checkpoint)).stdout).toContain(
          `journal: from the checkpoint at command ${nextAt}, sha256 ${nextHash}`,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    budget(60_000),
  );

  it('the pruner keeps every command after the newest checkpoint the audit recorded, past the keep, until a newer one is recorded', async () => {
    const keeping = await startTestExchange({ demo: false, journalKeepDays: 1 });
    targets.push(keeping);
    const dir = mkdtempSync(join(tmpdir(), 'oex-checkpoint-'));
    const checkpoint = join(dir, 'books.db');
    const env = { ...process.env, DATABASE_URL: keeping.config.databaseUrl, DEMO: '0', LOG_LEVEL: 'silent' };
    const audit = async () => {
      const { stdout } = await run(process.execPath, [AUDIT, '--checkpoint', checkpoint], { env });
      const written = /checkpoint written at command (\d+), sha256 ([0-9a-f]{64})/.exec(stdout);
      expect(written, stdout).not.toBeNull();
      return { at: Number(written![1]), sha256: written![2]! };
    };
    const ids = async () =>
      (await keeping.db.kysely.selectFrom('command_journal').select('id').orderBy('id').execute()).map(
        (row) => Number(row.id),
      );
    const recorded = () =>
      keeping.db.kysely.selectFrom('journal_checkpoints').selectAll().orderBy('command_id').execute();
    const id = await keeping.users.createUser(
      { kind: 'email', email: uniqueEmail('held') },
      'Secret-Harbor-91',
      null,
    );
    try {
      await keeping.ledger.credit(id, SPOT, USDT, '10');
      const first = await audit();
      expect((await recorded()).map((row) => [Number(row.command_id), row.sha256])).toEqual([
        [first.at, first.sha256],
      ]);

      // The audit is not run for days (or it found a difference, and wrote none): the commands
      // after its checkpoint are older than the keep, and stay, so the next replay can start.
      await keeping.ledger.credit(id, SPOT, USDT, '20');
      await keeping.ledger.credit(id, SPOT, USDT, '30');
      keeping.clock.advance(3 * 86_400_000);
      await keeping.ledger.credit(id, SPOT, USDT, '40');
      const newest = Math.max(...(await ids()));
      await keeping.journalPruner!.tick();
      expect(await ids()).toEqual(Array.from({ length: newest - first.at }, (_, i) => first.at + 1 + i));
      const second = await audit();
      expect(second.at).toBe(newest);

      // With the newer checkpoint recorded, the keep alone decides again: only the newest stays.
      await keeping.journalPruner!.tick();
      expect(await ids()).toEqual([newest]);

      // A checkpoint the journal already starts after can no longer go on, and holds nothing.
      await keeping.db.kysely.deleteFrom('journal_checkpoints').execute();
      await keeping.db.kysely
        .insertInto('journal_checkpoints')
        .values({ command_id: newest - 2, sha256: second.sha256, created_at: 0 })
        .execute();
      await keeping.ledger.credit(id, SPOT, USDT, '50');
      keeping.clock.advance(2 * 86_400_000);
      await keeping.ledger.credit(id, SPOT, USDT, '60');
      await keeping.journalPruner!.tick();
      expect(await ids()).toEqual([Math.max(...(await ids()))]);
      expect((await auditLedger(keeping.db.kysely)).problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
