import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.js';
import { auditLedger } from '../src/ledger/audit.js';
import { replayOnScratch } from '../src/ledger/journal-scratch.js';
import { killHard, spawnServer, startServer, untilFollowing, untilHealth } from './helpers/child-server.js';
import { ApiClient } from './helpers/client.js';
import { freshDatabase } from './helpers/exchange.js';
import { USDT } from './helpers/ledger.js';
import { budget } from './helpers/budget.js';

const ROUNDS = 10;
const LEASE = { LEADER_LEASE_MS: '1000', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000' };
/** Acknowledged commands of each kind a round waits for before it kills the leader. */
const PER_ROUND = 6;

interface Node {
  child: ChildProcess;
  api: ApiClient;
  /** What it wrote to stderr so far, where known. */
  errors?(): string;
  /** What it logged (stdout) so far, where known. */
  logs?(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A second server on the same database, once it answers as a standby: it has loaded its code and
 * waits for the lease, its port saying so. With `following`, once it also follows the leader's
 * journal (its domains open on a snapshot, applying the leader's commands as they commit).
 */
async function standbyOf(url: string, following = false): Promise<Node> {
  const { child, port, errors, logs } = await spawnServer(url, LEASE);
  const node = { child, api: new ApiClient(`http://127.0.0.1:${port}`), errors, logs };
  if (await untilHealth(node, (status) => status === 'standby', 90_000, 50)) {
    if (!following || (await untilFollowing(node)) !== null) return node;
  }
  child.kill('SIGKILL');
  throw new Error(`the standby did not come up${following ? ' following' : ''}: ${errors()}`);
}

/** Until the node answers its health check as the leader; the time it took. */
async function leads(node: Node, since: number): Promise<number> {
  const within = 30_000 - (Date.now() - since);
  if (!(await untilHealth(node, (status) => status === 'ok', within, 25)))
    throw new Error('the standby did not take over');
  return Date.now() - since;
}

async function signIn(api: ApiClient): Promise<string> {
  const answer = await api.post<string>('user/login', {
    login_type: 'email',
    account: 'alice@demo.test',
    password: 'demo1234',
  });
  return answer.body.data!;
}

// The lease is PostgreSQL's: these run in the PostgreSQL suite.
describe.skipIf(!process.env.TEST_PG_URL)('failover to a standby (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const started: ChildProcess[] = [];
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    for (const child of started) await killHard(child);
    await database?.drop();
  });

  it(
    `a leader killed -9 ${ROUNDS} times: the standby takes over, every acknowledged transfer and order is stored once, the audit is clean`,
    { timeout: budget(300_000) },
    async () => {
      let leader: Node = await startServer(database.url, LEASE);
      started.push(leader.child);
      const token = await signIn(leader.api);
      const acknowledged = { transfers: [] as string[], orders: [] as string[] };
      const takeovers: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const standby = await standbyOf(database.url, true);
        started.push(standby.child);
        let stop = false;
        let sent = 0;
        const lane = async (kind: 'transfers' | 'orders') => {
          while (!stop) {
            const requestId = `f${round}-${kind}-${sent++}`;
            const from = sent % 2 ? 1 : 3;
            try {
              const answer =
                kind === 'transfers'
                  ? await leader.api.post(
                      'account/transfer',
                      {
                        currency_id: USDT,
                        balance: '0.01',
                        from,
                        to: from === 1 ? 3 : 1,
                        request_id: requestId,
                      },
                      { token },
                    )
                  : await leader.api.post(
                      'tx_in/add',
                      { currency_match_id: 4, number: '1', price: '0.50', request_id: requestId },
                      { token },
                    );
              if (answer.body.code === 1) acknowledged[kind].push(requestId);
            } catch {
              return; // the leader is gone
            }
          }
        };
        const lanes = [lane('transfers'), lane('transfers'), lane('orders'), lane('orders')];
        // Until each kind has its share acknowledged in this round (a loaded machine is slow), then
        // a little more at random, so the kill lands anywhere in a request's path.
        const before = { transfers: acknowledged.transfers.length, orders: acknowledged.orders.length };
        for (const started = Date.now(); Date.now() - started < 60_000; await sleep(20)) {
          const done = (kind: 'transfers' | 'orders') =>
            acknowledged[kind].length - before[kind] >= PER_ROUND;
          if (done('transfers') && done('orders')) break;
        }
        await sleep(Math.floor(Math.random() * 300));
        // The standby followed this round's commands and found its postings equal to the leader's
        // (a difference makes it stand by cold, and it no longer reports a journal position).
        const following = await standby.api.get<{ following: number | null }>('health');
        expect(typeof following.body.data?.following).toBe('number');
        await killHard(leader.child);
        const killedAt = Date.now();
        stop = true;
        await Promise.all(lanes);
        takeovers.push(await leads(standby, killedAt));
        leader = standby;
      }
      takeovers.sort((a, b) => a - b);
      console.warn(
        `takeover of a following standby after kill -9 (lease 1000 ms), ms: min ${takeovers[0]}, median ${takeovers[Math.floor(ROUNDS / 2)]}, max ${takeovers[ROUNDS - 1]}`,
      );

      const db = connect(database.url);
      try {
        const transfers = await db.kysely.selectFrom('transfers').select('request_id').execute();
        const orders = await db.kysely
          .selectFrom('orders')
          .select('request_id')
          .where('request_id', 'is not', null)
          .execute();
        const once = (rows: { request_id: string | null }[], ids: string[]) => {
          const counts = new Map<string, number>();
          for (const row of rows) counts.set(row.request_id!, (counts.get(row.request_id!) ?? 0) + 1);
          return ids.filter((id) => counts.get(id) !== 1);
        };
        expect(acknowledged.transfers.length).toBeGreaterThanOrEqual(ROUNDS * PER_ROUND);
        expect(acknowledged.orders.length).toBeGreaterThanOrEqual(ROUNDS * PER_ROUND);
        expect(once(transfers, acknowledged.transfers)).toEqual([]);
        expect(once(orders, acknowledged.orders)).toEqual([]);
        expect((await auditLedger(db.kysely)).problems).toEqual([]);
        // Each new leader went on from books it had followed: what they wrote is the journal's replay.
        expect((await replayOnScratch(db)).differences).toEqual([]);
      } finally {
        await db.close();
      }
      // The last leader serves the same user on the same session.
      expect((await leader.api.get('account/list', {}, { token })).body.code).toBe(1);
    },
  );

  it(
    "a standby whose books differ from the leader's finds it at the first posting that differs, and stands by cold",
    { timeout: budget(120_000) },
    async () => {
      const own = await freshDatabase();
      try {
        const leader = await startServer(own.url, LEASE);
        started.push(leader.child);
        const token = await signIn(leader.api);
        // A balance changed behind the leader's back: the leader keeps its own in memory, and a
        // standby opening now loads the changed one.
        const db = connect(own.url);
        const account = await db.kysely
          .selectFrom('accounts')
          .innerJoin('users', 'users.id', 'accounts.user_id')
          .select(['accounts.id', 'accounts.balance'])
          .where('users.email', '=', 'alice@demo.test')
          .where('accounts.currency_id', '=', USDT)
          .where('accounts.account_type_id', '=', 1)
          .executeTakeFirstOrThrow();
        await db.kysely
          .updateTable('accounts')
          .set({ balance: String(Number(account.balance) + 1) })
          .where('id', '=', account.id)
          .execute();
        await db.close();
        const standby = await standbyOf(own.url, true);
        started.push(standby.child);
        const moved = await leader.api.post(
          'account/transfer',
          { currency_id: USDT, balance: '0.01', from: 1, to: 3, request_id: 'diverge-1' },
          { token },
        );
        expect(moved.body.code, moved.body.msg).toBe(1);
        for (const since = Date.now(); Date.now() - since < 30_000; await sleep(50)) {
          if (standby.logs!().includes('books differ')) break;
        }
        expect(standby.logs!()).toMatch(
          /the follower's books differ from the leader's: account_logs id \d+: balance_after is [\d.]+ stored, [\d.]+ replayed/,
        );
        // It no longer follows: it closed its port, opened again cold and waits to take over from
        // the tables.
        let health: { status: string; following: number | null } | undefined;
        for (const since = Date.now(); Date.now() - since < budget(60_000); await sleep(100)) {
          health = await standby.api.get<{ status: string; following: number | null }>('health').then(
            (answer) => answer.body.data,
            () => undefined,
          );
          if (health?.following === null) break;
        }
        expect(health).toMatchObject({ status: 'standby', following: null });
        await killHard(standby.child);
        await killHard(leader.child);
      } finally {
        await own.drop();
      }
    },
  );

  it(
    'a leader paused past its lease commits nothing after the standby took over, and exits',
    { timeout: budget(120_000) },
    async () => {
      // The first test's last leader goes; this one's leader takes the lease when it expires.
      for (const child of started) await killHard(child);
      const leader = await startServer(database.url, LEASE);
      started.push(leader.child);
      const token = await signIn(leader.api);
      const standby = await standbyOf(database.url);
      started.push(standby.child);

      // The standby says what it is, on its port: alive, not ready, and refusing the rest for now.
      const health = await standby.api.get<{ status: string }>('health');
      expect([health.status, health.body.data?.status]).toEqual([200, 'standby']);
      const ready = await standby.api.get<{ failing: string[] }>('ready');
      expect([ready.status, ready.body.data?.failing]).toEqual([503, ['standby']]);
      const refused = await standby.api.post('account/transfer', {}, { token, lang: 'fr' });
      expect([refused.status, refused.body.code, refused.body.msg]).toEqual([
        503,
        0,
        "Le serveur n'est pas encore prêt, veuillez réessayer dans un instant",
      ]);

      leader.child.kill('SIGSTOP');
      const pausedAt = Date.now();
      await leads(standby, pausedAt);
      // Sent to the paused leader: it sits in its socket until the process runs again.
      const late = leader.api
        .post(
          'account/transfer',
          { currency_id: USDT, balance: '0.01', from: 1, to: 3, request_id: 'paused-leader' },
          { token },
        )
        .then(
          (answer) => answer.body.code,
          () => 'connection lost',
        );
      await sleep(200);
      const exited = new Promise<number | null>((resolve) =>
        leader.child.once('exit', (code) => resolve(code)),
      );
      leader.child.kill('SIGCONT');
      expect(await exited).toBe(75);
      expect(await late).not.toBe(1);

      const db = connect(database.url);
      try {
        const rows = await db.kysely
          .selectFrom('transfers')
          .select('id')
          .where('request_id', '=', 'paused-leader')
          .execute();
        expect(rows).toEqual([]);
      } finally {
        await db.close();
      }
      // The new leader serves the same session.
      const answer = await standby.api.post(
        'account/transfer',
        { currency_id: USDT, balance: '0.01', from: 1, to: 3, request_id: 'new-leader' },
        { token },
      );
      expect(answer.body.code).toBe(1);
    },
  );
});
