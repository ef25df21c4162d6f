// The order load shared by the HTTP order benchmarks, its bare-Fastify baseline from the same run,
// and the checks that make a figure count: every answer an order really placed, the audit clean.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { connect } from '../../packages/server/src/db/connect.js';
import { cpuMsOf } from './proc.js';
import { auditOf, login, type BenchServer } from './server.js';

export const DURATION_S = 10;
/** Per side: buyers and sellers, 64 connections in all. */
const CONNECTIONS = 32;

export type Way = 'buy' | 'sell';
export type Run = autocannon.Result;
export type Figures = Record<string, number | string>;

/** Buys 6.90-7.04 and sells 6.96-7.10, 1 to 5 DOT: they overlap, so a part of them trades. */
function terms(way: Way, n: number): { number: string; price: string } {
  const cents = (way === 'buy' ? 690 : 696) + (n % 15);
  return { number: String(1 + (n % 5)), price: (cents / 100).toFixed(2) };
}

function load(url: string, headers: Record<string, string>, body: (n: number) => string): Promise<Run> {
  let n = 0;
  return autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    setupClient(client) {
      client.setBody(body((n += 1)));
      client.on('response', () => client.setBody(body((n += 1))));
    },
  });
}

/** The web's order calls (`tx_in/add`, `tx_out/add`) under a session token. */
export function webOrders(base: string, way: Way, token = 'none'): Promise<Run> {
  return load(
    `${base}/api/${way === 'buy' ? 'tx_in' : 'tx_out'}/add`,
    { 'content-type': 'application/json', authorization: token },
    (n) => JSON.stringify({ currency_match_id: 4, ...terms(way, n) }),
  );
}

export interface ApiKey {
  api_key: string;
  secret: string;
}

/** Signed `POST /api/v3/order` limit orders, HMAC-SHA256 over a fresh timestamp each, ACK answers. */
export function signedOrders(
  base: string,
  way: Way,
  key: ApiKey = { api_key: 'none', secret: 'none' },
): Promise<Run> {
  return load(
    `${base}/api/v3/order`,
    { 'content-type': 'application/x-www-form-urlencoded', 'x-mbx-apikey': key.api_key },
    (n) => {
      const { number, price } = terms(way, n);
      const query =
        `symbol=DOTUSDT&side=${way.toUpperCase()}&type=LIMIT&timeInForce=GTC&quantity=${number}` +
        `&price=${price}&newOrderRespType=ACK&recvWindow=10000&timestamp=${Date.now()}`;
      return `${query}&signature=${createHmac('sha256', key.secret).update(query).digest('hex')}`;
    },
  );
}

/** The order load's two traders: the demo's Alice buys, Bob sells. */
export const TRADERS = ['alice@demo.test', 'bob@demo.test'] as const;

/** Credits both traders far past any run's orders and signs them in: their tokens, buyer first. */
export async function fundedTraders(server: BenchServer): Promise<[string, string]> {
  for (const user of TRADERS) {
    await server.admin('admin/credit', { user, currency: 'USDT', amount: '100000000' });
    await server.admin('admin/credit', { user, currency: 'DOT', amount: '10000000' });
  }
  return [await login(server.url, TRADERS[0]), await login(server.url, TRADERS[1])];
}

/** Adds one load's figures (both sides together) under a prefix. */
export function figures(prefix: string, runs: Run[], into: Figures): void {
  into[`${prefix}_per_s`] = Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0));
  into[`${prefix}_p50_ms`] = Math.max(...runs.map((run) => run.latency.p50));
  into[`${prefix}_p99_ms`] = Math.max(...runs.map((run) => run.latency.p99));
  into[`${prefix}_failures`] = runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
  into[`${prefix}_answers`] = runs.reduce((sum, run) => sum + run.requests.total, 0);
}

/**
 * `figures` of a load, and the CPU time the process `pid` spent per answer meanwhile
 * (`<prefix>_cpu_us_each`): steadier than the rate on a shared host, whose other work slows the
 * load generator and the server alike.
 */
export async function measured(
  prefix: string,
  pid: number,
  load: Promise<Run[]>,
  into: Figures,
): Promise<void> {
  const before = cpuMsOf(pid);
  const runs = await load;
  const used = cpuMsOf(pid) - before;
  figures(prefix, runs, into);
  into[`${prefix}_cpu_us_each`] = Math.round((used * 1000) / Number(into[`${prefix}_answers`]));
}

/**
 * The baseline: a bare Fastify route in its own process, answering the same POSTs with nothing
 * behind them, loaded exactly as the server is, in the same run.
 */
export async function bareFastifyBaseline(kind: 'web' | 'signed', into: Figures): Promise<void> {
  const child = spawn(process.execPath, [new URL('bare-fastify.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', () => reject(new Error('the bare Fastify baseline did not start')));
    });
    const base = `http://127.0.0.1:${line.trim()}`;
    const runs =
      kind === 'web'
        ? [webOrders(base, 'buy'), webOrders(base, 'sell')]
        : [signedOrders(base, 'buy'), signedOrders(base, 'sell')];
    await measured('bare_fastify', child.pid!, Promise.all(runs), into);
  } finally {
    child.kill('SIGTERM');
  }
}

/** Checks of a run's outcome that must hold for its figure to count. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * Counts what the database holds after a load: trades, orders placed by each path, and the audit.
 * Each path's answers must all be orders really placed: a refusal in the web's envelope is HTTP 200
 * too. At most the connections' in-flight orders are placed and unanswered when a load stops.
 */
export async function checkOutcome(
  databaseUrl: string,
  into: Figures,
  paths: { web?: number; rest?: number },
  /** Loads run one after another on this database: each may leave its in-flight orders unanswered. */
  loads = 1,
): Promise<Check[]> {
  const db = connect(databaseUrl);
  try {
    const trades = await db.kysely
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    into.trades = Number(trades.n);
    // The web's orders carry no client id, the trading API's always one.
    const placed = await db.kysely
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('request_id').as('rest')])
      .executeTakeFirstOrThrow();
    const placedBy = { web: Number(placed.all) - Number(placed.rest), rest: Number(placed.rest) };
    const checks: Check[] = [];
    for (const path of ['web', 'rest'] as const) {
      const answers = paths[path];
      if (answers === undefined) continue;
      into[`${path}_placed`] = placedBy[path];
      checks.push({
        name: `${path}: every answer an order placed`,
        ok: placedBy[path] >= answers && placedBy[path] - answers <= 2 * CONNECTIONS * loads,
        detail: `${answers} answers, ${placedBy[path]} orders placed`,
      });
    }
    into.audit = await auditOf(databaseUrl);
    checks.push({ name: 'audit clean', ok: into.audit === 'clean', detail: into.audit });
    return checks;
  } finally {
    await db.close();
  }
}

/** Our figure over the baseline's, to two decimals. */
export function ratio(ours: number | string | undefined, baseline: number | string | undefined): number {
  return Math.round((Number(ours) / Number(baseline)) * 100) / 100;
}

/**
 * Prints the figures, writes them to bench/results/<name>.json, and fails loudly (exit code 1)
 * when a check failed: a figure with a dirty audit or uncounted refusals is not a result.
 */
export function report(name: string, results: Figures, checks: Check[]): void {
  for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(26)} ${value}`);
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`../results/${name}.json`, import.meta.url), JSON.stringify(results, null, 2) + '\n');
  const failed = checks.filter((check) => !check.ok);
  for (const check of failed) console.error(`FAILED: ${check.name} (${check.detail})`);
  if (failed.length > 0) process.exitCode = 1;
}
