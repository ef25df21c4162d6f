import { connect as connectSocket } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../src/db/connect.js';
import { auditLedger } from '../src/ledger/audit.js';
import type { ChainProgress } from '../src/platform/metrics.js';
import { chainState, Readiness, type ReadyReport } from '../src/platform/readiness.js';
import type { AnvilNode } from '../src/demo/anvil.js';
import { chainTick, MANUAL_CHAIN, testChain } from './helpers/chain.js';
import { startServer } from './helpers/child-server.js';
import { freshDatabase, startTestExchange, type TestExchange } from './helpers/exchange.js';
import { ETH, ETH_USDT, USDT, trader } from './helpers/ledger.js';
import { connect as connectWs } from './helpers/ws.js';
import { login } from './helpers/users.js';
import { budget } from './helpers/budget.js';
import { sample, scrape } from './helpers/metrics.js';

describe('metrics', () => {
  let ex: TestExchange;
  let metricsUrl: string;
  beforeAll(async () => {
    ex = await startTestExchange();
    metricsUrl = await ex.operations.serveMetrics(0, '127.0.0.1');
  });
  afterAll(async () => ex?.stop());

  it('serves every named metric on its own port, and nothing of it on the public one', async () => {
    const text = await scrape(metricsUrl);
    for (const name of [
      'oex_sequencer_queue_depth',
      'oex_leader_epoch',
      'oex_sequencer_batch_size',
      'oex_sequencer_commit_seconds',
      'oex_spot_orders_total',
      'oex_spot_trades_total',
      'oex_ws_connections',
      'oex_ws_slow_clients_dropped_total',
      'oex_event_loop_delay_seconds',
      'oex_chain_watcher_blocks_behind',
      'oex_chain_watcher_seconds_since_sync',
      'oex_http_request_duration_seconds',
      'oex_process_resident_memory_bytes',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    const pub = await fetch(`${ex.url}/metrics`);
    expect(pub.status).toBe(404);
    expect(await pub.text()).not.toContain('oex_');
  });

  it('counts orders and exactly the trades made, by market, and times the sequencer batches', async () => {
    const before = await scrape(metricsUrl);
    const seller = await trader(ex, [[ETH, '1']]);
    const buyer = await trader(ex, [[USDT, '10000']]);
    let placed = 0;
    let trades = 0;
    for (const price of ['3000.1', '3000.2', '3000.3']) {
      const answer = await ex.api.post<{ trades: number }>(
        'tx_out/add',
        { currency_match_id: ETH_USDT, number: '0.1', price },
        { token: seller.token },
      );
      expect(answer.body.code, answer.body.msg).toBe(1);
      placed += 1;
      trades += answer.body.data!.trades;
    }
    // One buy through the three asks: three trades in one order.
    const taken = await ex.api.post<{ trades: number }>(
      'tx_in/add',
      { currency_match_id: ETH_USDT, number: '0.3', price: '3000.3' },
      { token: buyer.token },
    );
    expect(taken.body.code, taken.body.msg).toBe(1);
    placed += 1;
    trades += taken.body.data!.trades;
    expect(trades).toBeGreaterThanOrEqual(3);

    const after = await scrape(metricsUrl);
    const market = { market: 'ETH/USDT' };
    expect(
      sample(after, 'oex_spot_orders_total', market) - sample(before, 'oex_spot_orders_total', market),
    ).toBe(placed);
    expect(
      sample(after, 'oex_spot_trades_total', market) - sample(before, 'oex_spot_trades_total', market),
    ).toBe(trades);
    // Every placement, credit and sign-up above went through sequencer batches that wrote.
    const batches = (text: string) => sample(text, 'oex_sequencer_batch_size_count');
    const commits = (text: string) => sample(text, 'oex_sequencer_commit_seconds_count');
    expect(batches(after) - batches(before)).toBeGreaterThanOrEqual(placed);
    expect(commits(after) - commits(before)).toBeGreaterThanOrEqual(placed);
    expect(sample(after, 'oex_sequencer_queue_depth')).toBe(0);
    // The lease's epoch on PostgreSQL (a fresh database's first leader), none on SQLite.
    expect(sample(after, 'oex_leader_epoch')).toBe(process.env.TEST_PG_URL ? 1 : 0);
    expect(sample(after, 'oex_event_loop_delay_seconds', { quantile: '0.99' })).toBeGreaterThan(0);
  });

  it('labels HTTP times by route pattern and status class, never by the raw URL', async () => {
    await fetch(`${ex.url}/api/common/image/987654321`);
    await ex.api.get('default/setting');
    await ex.api.get('no/such/call/123456789');
    const text = await scrape(metricsUrl);
    const route = (pattern: string, status: string, method = 'GET') =>
      sample(text, 'oex_http_request_duration_seconds_count', {
        method,
        route: pattern,
        status_class: status,
      });
    expect(route('/api/default/setting', '2xx')).toBeGreaterThanOrEqual(1);
    expect(text.includes('route="/api/common/image/:id"'), 'the image route by its pattern').toBe(true);
    expect(route('unmatched', '4xx')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('123456789');
  });

  it('counts live connections as they open and close', async () => {
    const gauge = async () => sample(await scrape(metricsUrl), 'oex_ws_connections');
    const before = await gauge();
    const client = await connectWs(ex.url);
    client.send('ping');
    await client.next('pong');
    expect(await gauge()).toBe(before + 1);
    client.socket.close();
    await new Promise((resolve) => client.socket.once('close', resolve));
    for (let i = 0; i < 50 && (await gauge()) !== before; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(await gauge()).toBe(before);
  });
});

describe('readiness', () => {
  it('is not ready while starting, nor once draining, nor when the database does not answer', async () => {
    const database = await freshDatabase();
    const db = connect(database.url);
    try {
      const failures: string[] = [];
      let signer = 'running';
      const readiness = new Readiness({
        db,
        books: () => true,
        networks: () => [],
        chainPollMs: 1000,
        signer: () => signer,
        log: (error) => failures.push(error.message),
      });
      expect((await readiness.check()).report).toMatchObject({ status: 'starting', failing: ['starting'] });
      readiness.ready();
      // A signer being restarted is reported, like a chain, and withdrawals wait; trading goes on.
      signer = 'restarting';
      expect(await readiness.check()).toMatchObject({ ready: true, report: { signer: 'restarting' } });
      signer = 'running';
      expect(await readiness.check()).toMatchObject({
        ready: true,
        report: { status: 'ready', failing: [] },
      });
      await db.close();
      expect(await readiness.check()).toMatchObject({
        ready: false,
        report: { status: 'not_ready', database: 'down', failing: ['database'] },
      });
      expect(failures).toHaveLength(1);
      readiness.draining();
      readiness.ready();
      expect((await readiness.check()).report).toMatchObject({
        status: 'draining',
        failing: ['draining', 'database'],
      });
    } finally {
      await db.close().catch(() => {});
      await database.drop();
    }
  });

  it('is ready once started; while a drain waits for a request in flight it is not, new calls get 503, and the request still gets its answer', async () => {
    const ex = await startTestExchange();
    const ready = await ex.api.get<ReadyReport>('ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      code: 1,
      data: { status: 'ready', database: 'ok', books: 'ok', failing: [] },
    });
    const health = await ex.api.get('health');
    expect(health.body.code).toBe(1);

    // A sign-in whose body has only half arrived: in flight when the drain begins.
    const signIn = await halfSentSignIn(ex, 'Connection: close\r\n');
    expect(ex.operations.gate.pending).toBe(1);

    const stopped = ex.stop();
    const draining = await ex.api.get<ReadyReport>('ready');
    expect(draining.status).toBe(503);
    expect(draining.body).toMatchObject({
      code: 0,
      msg: 'The server is not ready; please try again in a moment',
      data: { status: 'draining', failing: ['draining'] },
    });
    const refused = await ex.api.get('default/setting', {}, { lang: 'fr' });
    expect(refused).toMatchObject({
      status: 503,
      body: { code: 0, msg: "Le serveur est en cours d'arrêt, veuillez réessayer dans un instant" },
    });
    expect((await ex.api.get('health')).body.code).toBe(1);

    signIn.socket.write(signIn.rest);
    await signIn.ended;
    expect(signIn.raw()).toMatch(/^HTTP\/1\.1 200 /);
    expect(signIn.raw()).toContain('"msg":"Wrong account or password"');
    await stopped;
  });

  it('a request that reaches the server while it closes gets the envelope, not a bare 503', async () => {
    const ex = await startTestExchange();
    // A request in flight holds the connection open while the HTTP server closes...
    const signIn = await halfSentSignIn(ex);
    ex.operations.readiness.draining();
    const closing = ex.app.close();
    // ...and a second one, pipelined behind it, is read only once Fastify is closing.
    signIn.socket.write(
      `${signIn.rest}GET /api/default/setting HTTP/1.1\r\nHost: 127.0.0.1\r\nlang: en\r\n\r\n`,
    );
    await signIn.ended;
    await closing;
    const answers = signIn.raw().split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toContain(
      '{"code":0,"msg":"The server is shutting down; please try again in a moment"}',
    );
    await ex.stop();
  });
});

describe('chains in readiness and metrics', () => {
  let node: AnvilNode;
  let ex: TestExchange;
  beforeAll(async () => {
    ({ node } = await testChain());
    ex = await startTestExchange({ evmRpcUrl: node.rpcUrl, ...MANUAL_CHAIN });
  }, budget(60_000));
  afterAll(async () => {
    await ex?.stop();
    await node?.stop();
  });

  const chains = async () => {
    const answer = await ex.api.get<ReadyReport>('ready');
    expect(answer.body.code).toBe(1);
    return new Map(answer.body.data!.chains.map((chain) => [chain.network, chain]));
  };

  it('reports each network: ok once a pass reached the head, down when the node stops; never unready for it', async () => {
    const first = await chains();
    expect(first.get('USDT-TRC20')).toMatchObject({ state: 'off', blocks_behind: null });
    expect(first.get('BTC-BTC')).toMatchObject({ state: 'off' });

    await chainTick(ex);
    const synced = await chains();
    expect(synced.get('USDT-ERC20')).toMatchObject({ state: 'ok', blocks_behind: 0 });
    expect(synced.get('ETH-ETH')).toMatchObject({ state: 'ok', blocks_behind: 0 });
    const metricsUrl = await ex.operations.serveMetrics(0, '127.0.0.1');
    const text = await scrape(metricsUrl);
    expect(text).toContain('oex_chain_watcher_blocks_behind{network="USDT-ERC20"} 0');
    expect(sample(text, 'oex_chain_watcher_seconds_since_sync', { network: 'ETH-ETH' })).toBeLessThan(60);

    await node.stop();
    for (let pass = 0; pass < 3; pass += 1) for (const watcher of ex.wallet.watchers) await watcher.tick();
    const down = await chains();
    expect(down.get('USDT-ERC20')).toMatchObject({ state: 'down' });
    expect(
      sample(await scrape(metricsUrl), 'oex_chain_watcher_failures_in_row', { network: 'ETH-ETH' }),
    ).toBe(3);
  });
});

describe("a network's deposit watching", () => {
  const at = 1_000_000;
  const progress = (fields: Partial<ChainProgress>): ChainProgress => ({
    head: 100,
    scanned: 100,
    lastSyncAt: at - 1000,
    failuresInRow: 0,
    ...fields,
  });

  it('is syncing before its first pass and while a long catch-up scans, down after failures or when stuck', () => {
    expect(chainState(progress({ head: null, scanned: null, lastSyncAt: null }), 60_000, at)).toBe('syncing');
    expect(chainState(progress({ head: 500, scanned: 100, lastSyncAt: null }), 60_000, at)).toBe('syncing');
    expect(chainState(progress({}), 60_000, at)).toBe('ok');
    // One or two bad answers from a node are no outage; three in a row are.
    expect(chainState(progress({ failuresInRow: 2 }), 60_000, at)).toBe('ok');
    expect(chainState(progress({ failuresInRow: 3 }), 60_000, at)).toBe('down');
    expect(chainState(progress({ lastSyncAt: null, failuresInRow: 1 }), 60_000, at)).toBe('down');
    // Long since a pass reached the head: still scanning toward it, or stuck at it.
    expect(chainState(progress({ head: 900, scanned: 400, lastSyncAt: at - 120_000 }), 60_000, at)).toBe(
      'syncing',
    );
    expect(chainState(progress({ lastSyncAt: at - 120_000 }), 60_000, at)).toBe('down');
  });
});

describe('drain on SIGTERM', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database?.drop());

  const BOUND_MS = 10_000;

  it(
    'commits every acknowledged transfer and order, audits clean, closes live channels with 1001 and exits 0 in time',
    { timeout: budget(120_000) },
    async () => {
      const { child, api } = await startServer(database.url, { SHUTDOWN_TIMEOUT_MS: String(BOUND_MS) });
      const alice = await login(api, 'alice@demo.test', 'demo1234');
      const bob = await login(api, 'bob@demo.test', 'demo1234');
      const live = await connectWs(api.baseUrl);
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        live.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        (child as ChildProcess).once('exit', (code, signal) => resolve({ code, signal })),
      );

      const transfers: string[] = [];
      const orders: number[] = [];
      const answers = { afterSignal: 0, acknowledgedAfterSignal: 0, shuttingDown: 0, other: [] as string[] };
      let signalledAt = 0;
      let stop = false;
      let sent = 0;
      const lane = async (kind: 'transfer' | 'sell' | 'buy', index: number) => {
        while (!stop) {
          const n = sent++;
          const requestId = `drain-${index}-${n}`;
          try {
            const answer =
              kind === 'transfer'
                ? await api.post(
                    'account/transfer',
                    {
                      currency_id: USDT,
                      balance: '0.01',
                      from: n % 2 ? 1 : 3,
                      to: n % 2 ? 3 : 1,
                      request_id: requestId,
                    },
                    { token: alice },
                  )
                : await api.post<{ id: number }>(
                    kind === 'sell' ? 'tx_out/add' : 'tx_in/add',
                    { currency_match_id: ETH_USDT, number: '0.001', price: '3000' },
                    { token: kind === 'sell' ? alice : bob },
                  );
            if (signalledAt) answers.afterSignal += 1;
            if (answer.status === 503) {
              answers.shuttingDown += 1;
              const msg = 'The server is shutting down; please try again in a moment';
              if (answer.body.msg !== msg) answers.other.push(`${kind}: 503 ${answer.body.msg}`);
              return;
            }
            if (answer.body.code !== 1) {
              // A transfer may find the lever account empty when lanes cross; anything else is a failure.
              if (kind !== 'transfer') answers.other.push(`${kind}: ${answer.status} ${answer.body.msg}`);
              continue;
            }
            if (signalledAt) answers.acknowledgedAfterSignal += 1;
            if (kind === 'transfer') transfers.push(requestId);
            else orders.push((answer.body.data as { id: number }).id);
          } catch {
            return; // the server has closed the connection or stopped listening
          }
        }
      };
      const lanes = [
        ...[0, 1, 2].map((index) => lane('transfer', index)),
        ...[3, 4].map((index) => lane('sell', index)),
        ...[5, 6].map((index) => lane('buy', index)),
      ];
      // Let the lanes get going, then signal while requests are in flight.
      while (orders.length < 100 || transfers.length < 100)
        await new Promise((resolve) => setTimeout(resolve, 10));
      signalledAt = Date.now();
      child.kill('SIGTERM');
      const exit = await exited;
      const tookMs = Date.now() - signalledAt;
      stop = true;
      await Promise.all(lanes);

      expect(exit).toEqual({ code: 0, signal: null });
      expect(tookMs).toBeLessThan(BOUND_MS);
      expect(await closed).toEqual({ code: 1001, reason: 'server shutting down' });
      expect(answers.other).toEqual([]);
      // Requests were in flight when the signal came: they were answered after it.
      expect(answers.afterSignal).toBeGreaterThan(0);

      const db: Db = connect(database.url);
      try {
        const storedTransfers = new Set(
          (await db.kysely.selectFrom('transfers').select('request_id').execute()).map(
            (row) => row.request_id,
          ),
        );
        expect(transfers.filter((id) => !storedTransfers.has(id))).toEqual([]);
        const storedOrders = new Set(
          (await db.kysely.selectFrom('orders').select('id').execute()).map((row) => Number(row.id)),
        );
        expect(orders.filter((id) => !storedOrders.has(id))).toEqual([]);
        expect((await auditLedger(db.kysely)).problems).toEqual([]);
      } finally {
        await db.close();
      }

      // It starts again on what the drain left, ready; a drain with nothing in flight is quick.
      const again = await startServer(database.url);
      const ready = await again.api.get<ReadyReport>('ready');
      expect(ready).toMatchObject({ status: 200, body: { code: 1, data: { status: 'ready' } } });
      const second = new Promise<number | null>((resolve) =>
        again.child.once('exit', (code) => resolve(code)),
      );
      const at = Date.now();
      again.child.kill('SIGTERM');
      expect(await second).toBe(0);
      expect(Date.now() - at).toBeLessThan(BOUND_MS);
      console.warn(
        `drain: ${transfers.length} transfers and ${orders.length} orders acknowledged, ` +
          `${answers.afterSignal} answers after SIGTERM (${answers.acknowledgedAfterSignal} acknowledged, ` +
          `${answers.shuttingDown} refused with 503), exit in ${tookMs} ms`,
      );
    },
  );
});

/**
 * A sign-in sent on a raw socket with only the first 10 bytes of its body: the server holds it in
 * flight (the drain gate counts it) until `rest` is written. `ended` settles when the socket closes.
 */
async function halfSentSignIn(ex: TestExchange, extraHeaders = '') {
  const body = JSON.stringify({ login_type: 'email', account: 'nobody@example.test', password: 'abc12345' });
  const socket = connectSocket(Number(new URL(ex.url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let raw = '';
  socket.on('data', (chunk) => (raw += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${extraHeaders}\r\n${body.slice(0, 10)}`,
  );
  for (let i = 0; i < 100 && ex.operations.gate.pending === 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { socket, ended, rest: body.slice(10), raw: () => raw };
}
