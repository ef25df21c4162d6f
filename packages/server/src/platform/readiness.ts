import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { within } from '../lib/deadline.js';
import type { ChainProgress, WatchedNetwork } from './metrics.js';

/** Where the exchange is in its life: serving only in between. */
export type Phase = 'starting' | 'ready' | 'draining';

/**
 * A network's deposit watching: `ok` (a pass reached the head lately), `syncing` (no pass has yet,
 * or one has been catching up for long), `down` (three passes failed in a row, or none reached the
 * head for long and none is scanning toward it), `off` (no node configured for it: the wallet
 * shows it unavailable).
 */
export type ChainState = 'ok' | 'syncing' | 'down' | 'off';

export interface ChainReport {
  network: string;
  state: ChainState;
  blocks_behind: number | null;
  seconds_since_sync: number | null;
}

export interface ReadyReport {
  status: Phase | 'not_ready';
  database: 'ok' | 'down';
  books: 'ok' | 'not_loaded';
  chains: ChainReport[];
  /** The withdrawal signer process: `restarting` while it is down (withdrawals wait), `off` without keys. */
  signer: string;
  /** What keeps the exchange from being ready: `starting`, `draining`, `database`, `books`. */
  failing: string[];
}

/** Failed passes in a row before a network counts as down (one bad answer is no outage). */
const FAILURES_DOWN = 3;
/** The database must answer a trivial query within this time. */
const DATABASE_CHECK_MS = 1000;

/** The state of one network's watcher; `staleMs` is how long a pass may take to reach the head. */
export function chainState(progress: ChainProgress, staleMs: number, now: number): ChainState {
  if (progress.failuresInRow >= FAILURES_DOWN) return 'down';
  if (progress.lastSyncAt === null) return progress.failuresInRow > 0 ? 'down' : 'syncing';
  if (now - progress.lastSyncAt <= staleMs) return 'ok';
  // Long without reaching the head: still scanning toward it, or stuck.
  const behind = progress.head !== null && progress.scanned !== null && progress.scanned < progress.head;
  return behind ? 'syncing' : 'down';
}

export interface ReadinessDeps {
  db: Db;
  /** Whether every market's book is loaded and the sequencer takes commands. */
  books(): boolean;
  /** Every network: those with a node and their watcher's progress, and those without (`progress` null). */
  networks(): readonly (Omit<WatchedNetwork, 'progress'> & { progress: ChainProgress | null })[];
  /** How often the watchers poll; a network whose last good pass is far older than this is down. */
  chainPollMs: number;
  /** The signer process's state, reported like the chains (withdrawals wait while it restarts). */
  signer(): string;
  /** Told why the database check failed (the answer itself only says `down`). */
  log(error: Error): void;
}

/**
 * Readiness (`GET /api/ready`): whether this process should be sent traffic. Not before it has
 * finished starting, not once a drain began, not while the database does not answer or the books
 * are not loaded. The chains are reported but do not make it unready: a node that is down stops
 * deposits of its networks only, and taking the exchange out of the load balancer for that would
 * stop all trading too (alert on `oex_chain_watcher_*` instead; docs/operations.md).
 */
export class Readiness {
  private current: Phase = 'starting';

  constructor(private readonly deps: ReadinessDeps) {}

  get phase(): Phase {
    return this.current;
  }

  /** Everything is started and listening. */
  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  /** A drain began: never ready again in this process. */
  draining(): void {
    this.current = 'draining';
  }

  chains(now = Date.now()): ChainReport[] {
    const staleMs = Math.max(60_000, 20 * this.deps.chainPollMs);
    return this.deps.networks().map(({ name, progress }) => ({
      network: name,
      state: progress ? chainState(progress, staleMs, now) : 'off',
      blocks_behind:
        progress?.head != null && progress.scanned !== null
          ? Math.max(0, progress.head - progress.scanned)
          : null,
      seconds_since_sync:
        progress?.lastSyncAt != null ? Math.round((now - progress.lastSyncAt) / 1000) : null,
    }));
  }

  async check(): Promise<{ ready: boolean; report: ReadyReport }> {
    const database = await this.database();
    const books = this.deps.books() ? 'ok' : 'not_loaded';
    const failing: string[] = [];
    if (this.current !== 'ready') failing.push(this.current);
    if (database !== 'ok') failing.push('database');
    if (books !== 'ok') failing.push('books');
    const ready = failing.length === 0;
    const status = ready ? 'ready' : this.current === 'ready' ? 'not_ready' : this.current;
    return {
      ready,
      report: { status, database, books, chains: this.chains(), signer: this.deps.signer(), failing },
    };
  }

  private async database(): Promise<'ok' | 'down'> {
    try {
      await within(sql`select 1`.execute(this.deps.db.kysely), DATABASE_CHECK_MS, 'the database');
      return 'ok';
    } catch (error) {
      this.deps.log(error as Error);
      return 'down';
    }
  }
}
