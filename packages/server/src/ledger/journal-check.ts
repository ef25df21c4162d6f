import { Decimal } from '@oex/protocol';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { replayJournal } from './replay.js';
import type { Sequencer } from './sequencer.js';

/**
 * The tables only commands write, each by its primary key's columns: what a replay of the command
 * journal must give back row for row (docs/cluster.md, "The command journal").
 */
export const JOURNALED_TABLES = {
  accounts: ['id'],
  account_logs: ['id'],
  transfers: ['id'],
  orders: ['id'],
  trades: ['id'],
  convert_requests: ['order_id'],
  lever_positions: ['id'],
  micro_orders: ['id'],
  micro_totals: ['currency_id'],
  earn_holdings: ['id'],
  // Holdings are paid at the same instant: their pay time alone orders nothing.
  earn_interest: ['holding_id', 'day'],
  admin_adjustments: ['id'],
  command_journal: ['id'],
} as const satisfies { [T in keyof Database]?: readonly (keyof Database[T] & string)[] };

export type JournaledTable = keyof typeof JOURNALED_TABLES;

/** A table's key columns, as a list for `order by` and a row-value comparison. */
const keyColumns = (table: JournaledTable) =>
  sql.join(JOURNALED_TABLES[table].map((column) => sql.ref(column)));

/** One table's rows in key order, every column. */
export function journaledRows(db: Kysely<Database>, table: JournaledTable) {
  return db.selectFrom(table).selectAll().orderBy(keyColumns(table)).execute();
}

/** Rows compared at a time: a table's history is read a page at a time, not held whole. */
const COMPARE_PAGE = 5_000;

/** The next page of a table's rows after the key `after` (every key column is a number), in key order. */
async function rowsAfter(
  db: Kysely<Database>,
  table: JournaledTable,
  after: number[] | null,
): Promise<object[]> {
  const key = keyColumns(table);
  const from = after === null ? sql`` : sql`where (${key}) > (${sql.join(after)})`;
  const page =
    await sql<object>`select * from ${sql.table(table)} ${from} order by ${key} limit ${COMPARE_PAGE}`.execute(
      db,
    );
  return page.rows;
}

/** Where a table's rows in `stored` and `replayed` first differ, read page by page; null when equal. */
export async function tableDifference(
  table: JournaledTable,
  stored: Kysely<Database>,
  replayed: Kysely<Database>,
): Promise<string | null> {
  for (let after: number[] | null = null; ;) {
    const [a, b]: [object[], object[]] = await Promise.all([
      rowsAfter(stored, table, after),
      rowsAfter(replayed, table, after),
    ]);
    const difference = firstRowDifference(table, a, b);
    if (difference !== null) return difference;
    if (a.length !== b.length) {
      const [storedCount, replayedCount] = await Promise.all([
        rowCount(stored, table),
        rowCount(replayed, table),
      ]);
      return `${table}: ${storedCount} rows stored, ${replayedCount} replayed`;
    }
    if (a.length < COMPARE_PAGE) return null;
    const last = a[a.length - 1] as Record<string, unknown>;
    after = JOURNALED_TABLES[table].map((column) => Number(last[column]));
  }
}

async function rowCount(db: Kysely<Database>, table: JournaledTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A value as both databases agree on it: PostgreSQL gives NUMERIC(36,18) with its trailing zeros
 * and bigints as text, SQLite exact text and numbers.
 */
function canonical(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? Decimal.parse(text).toString() : text;
}

/** Where the database and its replay first differ in one table (rows in key order), or null when equal. */
export function firstDifference(table: JournaledTable, stored: object[], replayed: object[]): string | null {
  return (
    firstRowDifference(table, stored, replayed) ??
    (stored.length === replayed.length
      ? null
      : `${table}: ${stored.length} rows stored, ${replayed.length} replayed`)
  );
}

/** The first column that differs among the rows both lists have, by position. */
function firstRowDifference(table: JournaledTable, stored: object[], replayed: object[]): string | null {
  const key: readonly string[] = JOURNALED_TABLES[table];
  for (let i = 0; i < Math.min(stored.length, replayed.length); i += 1) {
    const a = stored[i] as Record<string, unknown>;
    const b = replayed[i] as Record<string, unknown>;
    for (const column of Object.keys(a)) {
      if (a[column] !== b[column] && canonical(a[column]) !== canonical(b[column])) {
        const at = `${key.join(',')} ${key.map((part) => String(a[part])).join(',')}`;
        return `${table} ${at}: ${column} is ${canonical(a[column])} stored, ${canonical(b[column])} replayed`;
      }
    }
  }
  return null;
}

/**
 * The journal no longer holds the commands after the state a replay starts from (the first command,
 * or a checkpoint's last): they were removed (JOURNAL_KEEP_DAYS), and there is nothing to replay.
 */
export class JournalPruned extends Error {
  constructor(
    readonly firstKept: number,
    readonly startsAfter = 0,
  ) {
    super(
      startsAfter === 0
        ? `the journal starts at command ${firstKept}: the commands before it were removed (JOURNAL_KEEP_DAYS), and a replay needs them all from the first`
        : `the checkpoint ends at command ${startsAfter} and the journal starts at command ${firstKept}: the commands between were removed (JOURNAL_KEEP_DAYS) before a checkpoint held them`,
    );
  }
}

export interface JournalCheck {
  commands: number;
  /** The first difference of each table that differs: empty when the books are their journal's. */
  differences: string[];
}

/**
 * Replays `source`'s journal after command `after` onto `target`, which holds what the journal had
 * made by then and nothing else (an exchange on a fresh database for 0, a checkpoint otherwise),
 * and compares every journaled table. The source is read in one snapshot (PostgreSQL's repeatable
 * read; a SQLite read transaction), so an exchange may run on it meanwhile: its commands after the
 * snapshot are neither replayed nor compared. The target's journal rows that the source no longer
 * keeps are removed before the comparison, as the source's were.
 */
export async function checkJournal(
  source: Db,
  target: { db: Db; sequencer: Sequencer },
  after = 0,
): Promise<JournalCheck> {
  let begin = source.kysely.transaction();
  if (source.dialect === 'postgres') begin = begin.setIsolationLevel('repeatable read');
  return begin.execute(async (snapshot) => {
    const first = await snapshot
      .selectFrom('command_journal')
      .select((eb) => eb.fn.min<number>('id').as('id'))
      .executeTakeFirstOrThrow();
    const firstKept = first.id === null ? null : Number(first.id);
    if (firstKept !== null && firstKept > after + 1) throw new JournalPruned(firstKept, after);
    const { commands } = await replayJournal(snapshot, target.sequencer, after);
    if (firstKept !== null && firstKept > 1) {
      await target.db.kysely.deleteFrom('command_journal').where('id', '<', firstKept).execute();
    }
    const differences: string[] = [];
    for (const table of Object.keys(JOURNALED_TABLES) as JournaledTable[]) {
      const difference = await tableDifference(table, snapshot, target.db.kysely);
      if (difference) differences.push(difference);
    }
    return { commands, differences };
  });
}
