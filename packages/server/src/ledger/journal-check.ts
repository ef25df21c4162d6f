import { Decimal } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { replayJournal } from './replay.js';
import type { Sequencer } from './sequencer.js';

/**
 * The tables only commands write, each by its key: what a replay of the command journal must give
 * back row for row (docs/cluster.md, "The command journal").
 */
export const JOURNALED_TABLES = {
  accounts: 'id',
  account_logs: 'id',
  transfers: 'id',
  orders: 'id',
  trades: 'id',
  convert_requests: 'order_id',
  lever_positions: 'id',
  micro_orders: 'id',
  micro_totals: 'currency_id',
  earn_holdings: 'id',
  earn_interest: 'pay_at',
  admin_adjustments: 'id',
  command_journal: 'id',
} as const satisfies { [T in keyof Database]?: keyof Database[T] & string };

export type JournaledTable = keyof typeof JOURNALED_TABLES;

/** One table's rows in key order, every column. */
export function journaledRows(db: Kysely<Database>, table: JournaledTable) {
  return db.selectFrom(table).selectAll().orderBy(JOURNALED_TABLES[table]).execute();
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
  const key = JOURNALED_TABLES[table];
  for (let i = 0; i < Math.max(stored.length, replayed.length); i += 1) {
    const a = stored[i] as Record<string, unknown> | undefined;
    const b = replayed[i] as Record<string, unknown> | undefined;
    if (!a || !b) return `${table}: ${stored.length} rows stored, ${replayed.length} replayed`;
    for (const column of Object.keys(a)) {
      if (canonical(a[column]) !== canonical(b[column])) {
        return `${table} ${key} ${String(a[key])}: ${column} is ${canonical(a[column])} stored, ${canonical(b[column])} replayed`;
      }
    }
  }
  return null;
}

/** The journal no longer starts at its first command (JOURNAL_KEEP_DAYS): nothing to replay from. */
export class JournalPruned extends Error {
  constructor(readonly firstKept: number) {
    super(
      `the journal starts at command ${firstKept}: the commands before it were removed (JOURNAL_KEEP_DAYS), and a replay needs them all from the first`,
    );
  }
}

export interface JournalCheck {
  commands: number;
  /** The first difference of each table that differs: empty when the books are their journal's. */
  differences: string[];
}

/**
 * Replays `source`'s journal onto `target` (an exchange opened on a fresh database with nothing
 * applied) and compares every journaled table. The source is read in one snapshot (PostgreSQL's
 * repeatable read; a SQLite read transaction), so an exchange may run on it meanwhile: its commands
 * after the snapshot are neither replayed nor compared.
 */
export async function checkJournal(
  source: Db,
  target: { db: Db; sequencer: Sequencer },
): Promise<JournalCheck> {
  let begin = source.kysely.transaction();
  if (source.dialect === 'postgres') begin = begin.setIsolationLevel('repeatable read');
  return begin.execute(async (snapshot) => {
    const first = await snapshot
      .selectFrom('command_journal')
      .select((eb) => eb.fn.min<number>('id').as('id'))
      .executeTakeFirstOrThrow();
    if (first.id !== null && Number(first.id) > 1) throw new JournalPruned(Number(first.id));
    const { commands } = await replayJournal(snapshot, target.sequencer);
    const differences: string[] = [];
    for (const table of Object.keys(JOURNALED_TABLES) as JournaledTable[]) {
      const difference = firstDifference(
        table,
        await journaledRows(snapshot, table),
        await journaledRows(target.db.kysely, table),
      );
      if (difference) differences.push(difference);
    }
    return { commands, differences };
  });
}
