import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startExchange, type Exchange } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Clock } from '../../src/lib/clock.js';
import { ApiClient } from './client.js';
import { onPgServer, pgDatabaseUrl } from './db-template.js';

/** A clock the test moves by hand; it starts at the real time. */
export class TestClock implements Clock {
  private offset = 0;
  private frozenAt: number | undefined;

  now(): number {
    return (this.frozenAt ?? Date.now()) + this.offset;
  }

  /** From now on time moves only by `advance`: a run driven second by second is the same every time. */
  freeze(): void {
    this.frozenAt = Date.now();
  }

  /** Time follows the real clock again, on from where it stood (nothing jumps). */
  thaw(): void {
    if (this.frozenAt === undefined) return;
    this.offset += this.frozenAt - Date.now();
    this.frozenAt = undefined;
  }

  advance(ms: number): void {
    this.offset += ms;
  }
}

export interface TestExchange extends Exchange {
  clock: TestClock;
  api: ApiClient;
  config: Config;
  /** Stops the server and starts it again on the same database, as a restart would. */
  restart(): Promise<TestExchange>;
  stop(): Promise<void>;
}

/**
 * A fresh database, migrated and seeded (a copy of the run's template): a temporary SQLite file, or a
 * new PostgreSQL database when TEST_PG_URL is set.
 */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const pgBase = process.env.TEST_PG_URL;
  if (pgBase) {
    const name = `oex_test_${randomBytes(6).toString('hex')}`;
    const template = inject('pgTemplate');
    await onPgServer(
      pgBase,
      `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`,
      // A test outlives our server's crashes, not PostgreSQL's: commits need not wait for the disk.
      `ALTER DATABASE ${name} SET synchronous_commit = off`,
    );
    return {
      url: pgDatabaseUrl(pgBase, name),
      drop: () => onPgServer(pgBase, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'oex-test-'));
  const file = join(dir, 'exchange.db');
  const template = inject('sqliteTemplate');
  if (template) copyFileSync(template, file);
  return {
    url: `sqlite:${file}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TestExchangeOptions {
  /**
   * Keep each market's seeded mark rule (impact notional, five-second window). Without it the
   * markets' rule is set to the top of the book and one second (`topOfBookMarks`), so tests of
   * contracts and positions move the mark with a single small order and one tick; the rule itself
   * has its own tests on the seeded values.
   */
  seededMarkRule?: boolean;
}

/** The mark rule most tests use: an impact notional the best level always fills, and a window of one second. */
export const topOfBookMarks = { mark_impact_notional: '0.000000000001', mark_window: 1 } as const;

/** Starts the real exchange on an ephemeral port with a fresh database, demo mode on by default. */
export async function startTestExchange(
  overrides: Partial<Config> = {},
  options: TestExchangeOptions = {},
): Promise<TestExchange> {
  const database = await freshDatabase();
  const config = loadConfig(
    {},
    {
      databaseUrl: database.url,
      demo: true,
      marketMaker: false,
      // The live bot is a program of its own (demo/bot/): tests that want it ask for it.
      marketBot: false,
      host: '127.0.0.1',
      logLevel: 'silent',
      authRateLimit: 1000,
      codeRateLimit: 1000,
      secretGuessLimit: 1000,
      // Every test client comes from loopback, some 200 at once; the cap has its own test.
      maxConnectionsPerAddress: 0,
      // Longer than any test: undici's fetch reuses an idle connection without retrying, and a
      // server closing it at 5 s as a loaded test sends on it gave ECONNRESET (market-maker, in CI).
      keepAliveTimeoutMs: 120_000,
      // No web app unless a test brings one, whatever the local build holds.
      webDist: join(tmpdir(), 'oex-no-web-app'),
      // No chain unless a test brings one (test/helpers/chain.ts starts anvil).
      evmRpcUrl: undefined,
      ...overrides,
    },
  );
  const exchange = await open(config, new TestClock(), database.drop);
  if (!options.seededMarkRule) {
    await exchange.db.kysely.updateTable('currency_matches').set(topOfBookMarks).execute();
    await exchange.spot.markets.refresh(exchange.db.kysely);
  }
  return exchange;
}

async function open(config: Config, clock: TestClock, drop: () => Promise<void>): Promise<TestExchange> {
  const exchange = await startExchange(config, { clock, port: 0 });
  return {
    ...exchange,
    clock,
    config,
    api: new ApiClient(exchange.url),
    async restart() {
      await exchange.close();
      return open(config, clock, drop);
    },
    async stop() {
      await exchange.close();
      await drop();
    },
  };
}
