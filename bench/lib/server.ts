// The real server as a child process for benchmarks, on a fresh SQLite file or PostgreSQL database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connect } from '../../packages/server/src/db/connect.js';
import { auditLedger } from '../../packages/server/src/ledger/audit.js';
import { lockPathFor } from '../../packages/server/src/ledger/writer-lock.js';

export interface BenchServer {
  url: string;
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  /** The server process's id, e.g. to read its memory from /proc/<pid>/status. */
  pid: number;
  /** Calls an admin route with the writer's token from its lock file. */
  admin(path: string, body: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the server on a fresh database, or with `joinDatabase` on another server's (a standby on
 * PostgreSQL, bench/failover.bench.ts): that database is then neither made nor dropped here.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  joinDatabase?: string,
): Promise<BenchServer> {
  const pgBase = process.env.BENCH_PG_URL;
  const dir = mkdtempSync(join(tmpdir(), 'oex-bench-'));
  const pgName = `oex_bench_${Date.now()}`;
  const ownDatabase = joinDatabase === undefined;
  if (pgBase && ownDatabase) {
    const client = new pg.Client({ connectionString: `${pgBase}/postgres` });
    await client.connect();
    await client.query(`CREATE DATABASE ${pgName}`);
    await client.end();
  }
  const databaseUrl = joinDatabase ?? (pgBase ? `${pgBase}/${pgName}` : `sqlite:${join(dir, 'bench.db')}`);
  const port = await freePort();
  // The server as `npm start` runs it: its bundle, built first when missing or stale.
  spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], { stdio: 'inherit' });
  // BENCH_SERVER_NODE_ARGS: node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=prof`
  // (docs/performance.md), which NODE_OPTIONS does not take.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'packages/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO: '1',
      MARKET_MAKER: '0',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      SECRET_GUESS_LIMIT: '1000000',
      // Every bench client comes from loopback: no cap per address.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      // The spot and ledger figures are taken without a chain; bench/wallet starts its own.
      EVM_RPC_URL: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(url, 60_000, 'the server');
  const adminToken = (JSON.parse(readFileSync(lockPathFor(databaseUrl), 'utf8')) as { adminToken: string })
    .adminToken;
  return {
    url,
    databaseUrl,
    dialect: pgBase ? 'postgres' : 'sqlite',
    pid: child.pid!,
    async admin(path, body) {
      const response = await fetch(`${url}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
        body: JSON.stringify(body),
      });
      return response.json();
    },
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
      if (pgBase && ownDatabase) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const client = new pg.Client({ connectionString: `${pgBase}/postgres` });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
        await client.end();
      }
    },
  };
}

export async function login(url: string, account: string, password = 'demo1234'): Promise<string> {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_type: 'email', account, password }),
  });
  // The spec's client reads the token as `data` itself.
  const answer = (await response.json()) as { code: number; msg: string; data: string };
  if (answer.code !== 1 || typeof answer.data !== 'string')
    throw new Error(`login ${account}: ${answer.msg}`);
  return answer.data;
}

/**
 * The ledger audit of a benchmark's database (reads never disturb the running writer): `clean`, or
 * how many problems it found. A figure with an unclean audit is no result.
 */
export async function auditOf(databaseUrl: string): Promise<string> {
  const db = connect(databaseUrl);
  try {
    const report = await auditLedger(db.kysely);
    return report.ok ? 'clean' : `${report.problems.length} problems`;
  } finally {
    await db.close();
  }
}

export interface BenchGateway {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A gateway (`npm run gateway`) as its own process, in front of the core over NATS (docs/cluster.md). */
export async function startBenchGateway(natsUrl: string, prefix: string): Promise<BenchGateway> {
  const port = await freePort();
  const child = spawn(process.execPath, ['packages/server/dist/gateway-main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NATS_URL: natsUrl,
      NATS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(url, 30_000, 'the gateway');
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

/** Waits until `/api/health` answers 200, polling every 100 ms; throws after about `withinMs`. */
async function untilHealthy(url: string, withinMs: number, what: string): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      if (i * 100 > withinMs) throw new Error(`${what} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops a process with SIGTERM (a drain) and waits for it to exit, unless it already has. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
