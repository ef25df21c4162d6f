import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type CompiledQuery,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs statements in one transaction. On SQLite it runs synchronously, in one go, so the
   * single connection is never held across an await while other requests wait for it.
   */
  executeBatch(queries: CompiledQuery[]): Promise<void>;
  /**
   * Runs first in every later batch's transaction and fails to refuse it: the leader's fence
   * (cluster/lease.ts). PostgreSQL only: SQLite has one writer by its file lock.
   */
  guardBatches(guard: BatchGuard): void;
  /**
   * From `begin` until `end`, every query of this process reads one snapshot of the database
   * (PostgreSQL: one connection in a repeatable-read, read-only transaction), so state loaded by
   * many queries is the state at one instant: a following standby's (cluster/follower.ts). SQLite
   * has one writer and no standby: there it is refused.
   */
  snapshot(): { begin(): Promise<void>; end(): Promise<void> };
  close(): Promise<void>;
}

/**
 * A statement run first inside every batch's transaction that fails when the batch may not commit:
 * then it is rolled back, and `refusal` names the error to throw for that failure (undefined: the
 * failure was another, thrown as it came).
 */
export interface BatchGuard {
  statement: CompiledQuery;
  refusal(error: unknown): Error | undefined;
}

// int8 (counts, ids, epoch milliseconds) as numbers: they stay far below 2^53.
pg.types.setTypeParser(20, (text) => Number(text));

/** pg's own conversion of a parameter to the text it would send (arrays as array literals). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): string | Buffer | null } })
  .utils.prepareValue;

/**
 * A statement with its parameters written into its text as literals: each is the text pg would send
 * for it as an untyped parameter, quoted, so PostgreSQL reads and types it the same way.
 */
function inlineParameters(query: CompiledQuery): string {
  if (query.parameters.length === 0) return query.sql;
  return query.sql.replace(/\$(\d+)/g, (_placeholder, index: string) => {
    const value = prepareValue(query.parameters[Number(index) - 1]);
    if (value === null) return 'null';
    if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'`;
    return pg.escapeLiteral(value);
  });
}

/**
 * A batch in one round trip (docs/performance.md): `begin`, the fence, every statement and `commit`
 * sent as one text, which PostgreSQL runs in order; at the first error it runs nothing more of it,
 * the commit included, and the transaction is rolled back.
 */
async function executeAsText(client: pg.PoolClient, queries: CompiledQuery[], guard: BatchGuard | undefined) {
  const parts = ['begin'];
  if (guard) parts.push(inlineParameters(guard.statement));
  for (const query of queries) parts.push(inlineParameters(query));
  parts.push('commit');
  try {
    await client.query(parts.join(';\n'));
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw guard?.refusal(error) ?? error;
  }
}

/** A batch statement by statement, on a connection that takes one at a time (a pinned snapshot's). */
async function executeEach(
  client: PostgresPoolClient,
  queries: CompiledQuery[],
  guard: BatchGuard | undefined,
) {
  await client.query('begin', []);
  try {
    if (guard) await client.query(guard.statement.sql, [...guard.statement.parameters]);
    for (const query of queries) await client.query(query.sql, [...query.parameters]);
    await client.query('commit', []);
  } catch (error) {
    await client.query('rollback', []).catch(() => {});
    throw guard?.refusal(error) ?? error;
  }
}

export function dialectOf(url: string): Dialect {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  if (url.startsWith('sqlite:')) return 'sqlite';
  throw new Error('DATABASE_URL must start with sqlite: or postgres://');
}

/** Read and write for the owner only: the database holds password hashes, sessions and balances. */
const OWNER_ONLY = 0o600;

/**
 * Creates the SQLite file owner-only before SQLite opens it, and narrows an existing one (and its
 * -wal and -shm, if left from an older start) to owner-only. SQLite creates the -wal and -shm files
 * with the mode of the database file, so they are 0600 too.
 */
function prepareOwnerOnlyFile(file: string): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  closeSync(openSync(file, 'a', OWNER_ONLY));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, OWNER_ONLY);
  }
}

/** Opens the database named by DATABASE_URL: `sqlite:<file>` (or `sqlite::memory:`) or postgres. */
export function connect(url: string): Db {
  const dialect = dialectOf(url);
  if (dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection the server closed (restart, failover) must not crash the process: the
    // pool drops it and opens a new one when needed.
    pool.on('error', (error) => console.error(`postgres: idle connection lost: ${error.message}`));
    // While a snapshot is taken, every query goes to its one connection, one after another. A
    // transaction asked for meanwhile runs inside the snapshot's: its begin and end are left out.
    let pinned: pg.PoolClient | undefined;
    let queue: Promise<unknown> = Promise.resolve();
    const shared = (client: pg.PoolClient): PostgresPoolClient => ({
      query: ((text: string, values: readonly unknown[]) => {
        const run = queue.then((): Promise<unknown> =>
          /^\s*(begin|start transaction|commit|rollback)\b/i.test(text)
            ? Promise.resolve({ rows: [], command: 'SELECT', rowCount: 0 })
            : client.query(text, [...values]),
        );
        queue = run.catch(() => {});
        return run;
      }) as unknown as PostgresPoolClient['query'],
      release: () => {},
    });
    const pools: PostgresPool = {
      connect: async () => (pinned ? shared(pinned) : pool.connect()),
      end: () => pool.end(),
    };
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pools }) });
    let guard: BatchGuard | undefined;
    return {
      kysely,
      dialect,
      executeBatch: async (queries) => {
        // While a snapshot is pinned its one connection takes statements one by one (above).
        if (pinned) return executeEach(shared(pinned), queries, guard);
        const client = await pool.connect();
        try {
          await executeAsText(client, queries, guard);
        } finally {
          client.release();
        }
      },
      guardBatches: (next) => {
        guard = next;
      },
      snapshot: () => ({
        async begin() {
          if (pinned) throw new Error('a snapshot is already taken');
          const client = await pool.connect();
          await client.query('begin isolation level repeatable read read only');
          pinned = client;
        },
        async end() {
          const client = pinned;
          if (!client) return;
          pinned = undefined;
          await client.query('commit').finally(() => client.release());
        },
      }),
      close: () => kysely.destroy(),
    };
  }
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') prepareOwnerOnlyFile(file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged commit survives a crash of the machine, not only of the process.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const statements = new Map<string, SqliteDatabase.Statement>();
  const runAll = sqlite.transaction((queries: CompiledQuery[]) => {
    for (const query of queries) {
      let statement = statements.get(query.sql);
      if (!statement) {
        statement = sqlite.prepare(query.sql);
        statements.set(query.sql, statement);
      }
      statement.run(...(query.parameters as unknown[]));
    }
  });
  return {
    kysely,
    dialect,
    executeBatch: async (queries) => {
      runAll(queries);
    },
    guardBatches: () => {
      throw new Error('batch guards are for PostgreSQL: SQLite has one writer by its lock file');
    },
    snapshot: () => {
      throw new Error('snapshots are for a following standby, on PostgreSQL');
    },
    close: () => kysely.destroy(),
  };
}
