import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { connect } from '../../src/db/connect.js';
import { builtEntry } from './build.js';
import { ApiClient } from './client.js';
import { topOfBookMarks } from './exchange.js';

const MAIN = builtEntry('main');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The real server as a child process, started the way `npm start` starts it, not waited for: a
 * crash test kills it -9 while it starts. `errors()` is what it wrote to stderr so far, `logs()`
 * what it logged (stdout).
 */
export async function spawnServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; errors(): string; logs(): string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO: '1',
      MARKET_MAKER: '0',
      EVM_RPC_URL: 'off',
      // As in helpers/exchange.ts: no idle connection closed under a test's fetch.
      KEEP_ALIVE_TIMEOUT_MS: '120000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  let logs = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  return { child, port, errors: () => errors, logs: () => logs };
}

/** The real server as a child process, started the way `npm start` starts it, so it can be killed -9. */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; api: ApiClient }> {
  const { child, port, errors } = await spawnServer(databaseUrl, {
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    ...env,
  });
  const api = new ApiClient(`http://127.0.0.1:${port}`);
  // Up to 90 s: on a loaded two-core machine a start with a chain node and the signer took over 30 s.
  // A standby (PostgreSQL, another process leads) answers its health too, as `standby`.
  const leading = (status: string | undefined) => status !== undefined && status !== 'standby';
  if (await untilHealth({ child, api, errors }, leading, 90_000, 100)) return { child, api };
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${errors()}`);
}

/**
 * Asks a child server's health every `everyMs` until `wanted` takes its status (`undefined` while
 * it answers a refusal); false once `withinMs` passed, and an error if the child exits meanwhile.
 */
export async function untilHealth(
  server: { child: ChildProcess; api: ApiClient; errors?(): string },
  wanted: (status: string | undefined) => boolean,
  withinMs: number,
  everyMs: number,
): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < withinMs;) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.errors?.() ?? ''}`);
    try {
      const health = await server.api.get<{ status: string }>('health');
      if (wanted(health.body.code === 1 ? health.body.data?.status : undefined)) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return false;
}

/**
 * The journal position a standby reports once it follows the leader (cluster/follower.ts): its
 * domains open on a snapshot and the leader's commands applied as they commit. Null if it does not
 * within `withinMs`.
 */
export async function untilFollowing(server: { api: ApiClient }, withinMs = 90_000): Promise<number | null> {
  for (const started = Date.now(); Date.now() - started < withinMs;) {
    const health = await server.api.get<{ following: number | null }>('health');
    const position = health.body.data?.following;
    if (typeof position === 'number') return position;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/**
 * A program of ours (`node` with `args`) started with only `env`: ready once its stderr says
 * `ready`; refused with what it said if it exits first. Added to `running` until it exits.
 */
export async function spawnUntilSaid(
  args: string[],
  env: Record<string, string>,
  ready: string,
  running: Set<ChildProcess>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes(ready)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited (${code}): ${said}`)));
  });
  return child;
}

/** kill -9, and wait until the process is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * Started once to create and seed the database, the markets' mark rule set to the top of the book
 * and one second (as `startTestExchange` does), then started again so the server reads that rule:
 * for crash tests that move the mark with single small orders.
 */
export async function startServerWithTopOfBookMarks(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; api: ApiClient }> {
  const first = await startServer(databaseUrl, env);
  await killHard(first.child);
  const db = connect(databaseUrl);
  await db.kysely.updateTable('currency_matches').set(topOfBookMarks).execute();
  await db.close();
  return startServer(databaseUrl, env);
}
