import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { PollingTask } from '../lib/poller.js';

/** Journal rows deleted by one statement, so a prune never holds the table long. */
const CHUNK = 10_000;
/** How often the leader looks for journal rows past their keep. */
export const JOURNAL_PRUNE_EVERY_MS = 3_600_000;

/** What one prune did: the commands removed, and those past the keep that a checkpoint still needs. */
export interface Pruned {
  deleted: number;
  /** Commands older than the keep, kept since the newest checkpoint (`at`) ends before them. */
  held: { count: number; checkpoint: number } | null;
}

/**
 * Records a checkpoint the journal's audit wrote (`npm run audit -- --checkpoint`), so the pruner
 * keeps the commands a replay from it needs. A second checkpoint at the same command replaces the
 * first's hash (the file was written again).
 */
export async function recordCheckpoint(
  db: Kysely<Database>,
  commandId: number,
  sha256: string,
  at: number,
): Promise<void> {
  await db
    .insertInto('journal_checkpoints')
    .values({ command_id: commandId, sha256, created_at: at })
    .onConflict((conflict) => conflict.column('command_id').doUpdateSet({ sha256, created_at: at }))
    .execute();
}

/** The command the newest recorded checkpoint ends at; null when none was recorded. */
export async function newestCheckpoint(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('journal_checkpoints')
    .select((eb) => eb.fn.max<number>('command_id').as('id'))
    .executeTakeFirstOrThrow();
  return row.id === null ? null : Number(row.id);
}

/**
 * Deletes the command journal's oldest rows, those of batches before `before`, oldest first and
 * only as a prefix: ids stay without a gap from the first row kept, as a follower's reads need. The
 * newest row is always kept, since the next command's id is counted on from it; and so is every
 * command after the newest recorded checkpoint, which a replay from it needs (an audit that found a
 * difference writes none, and its checkpoint must not be cut off while that is looked into). With
 * no checkpoint recorded, or only one the journal already starts after, the keep alone decides.
 */
export async function pruneJournal(db: Kysely<Database>, before: number): Promise<Pruned> {
  const range = await db
    .selectFrom('command_journal')
    .select((eb) => [eb.fn.min<number>('id').as('oldest'), eb.fn.max<number>('id').as('newest')])
    .executeTakeFirstOrThrow();
  if (range.newest === null) return { deleted: 0, held: null };
  const firstKept = await db
    .selectFrom('command_journal')
    .select((eb) => eb.fn.min<number>('id').as('id'))
    .where('batch_at', '>=', before)
    .executeTakeFirstOrThrow();
  const pastKeep = Math.min(Number(firstKept.id ?? range.newest), Number(range.newest)) - 1;
  // A checkpoint that ends before the first kept command can no longer go on: it holds nothing.
  const recorded = await newestCheckpoint(db);
  const checkpoint = recorded !== null && recorded >= Number(range.oldest) - 1 ? recorded : null;
  const last = checkpoint === null ? pastKeep : Math.min(pastKeep, checkpoint);
  const held = checkpoint !== null && pastKeep > last ? { count: pastKeep - last, checkpoint } : null;
  let deleted = 0;
  for (let from = Number(range.oldest); from <= last; from += CHUNK) {
    const result = await db
      .deleteFrom('command_journal')
      .where('id', '<=', Math.min(last, from + CHUNK - 1))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return { deleted, held };
}

/**
 * The leader's pass, every hour: the journal's rows older than JOURNAL_KEEP_DAYS go, but none after
 * the newest recorded checkpoint. A follower needs only the rows after the snapshot it opened on, so
 * days are plenty; a full replay of the journal (`npm run audit -- --journal`) is no longer possible
 * once it ran, a replay from a checkpoint is (docs/cluster.md).
 */
export class JournalPruner extends PollingTask {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly keepMs: number,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    super();
  }

  protected async pass(): Promise<void> {
    const { deleted, held } = await pruneJournal(this.db, this.clock.now() - this.keepMs);
    if (deleted > 0) this.log.info(`command journal: ${deleted} commands older than the keep removed`);
    if (held) {
      this.log.warn(
        `command journal: ${held.count} commands older than the keep are kept, since the newest checkpoint ends at command ${held.checkpoint}; run npm run audit -- --checkpoint`,
      );
    }
  }

  protected failed(error: unknown): void {
    this.log.warn({ err: error }, 'command journal prune failed; tried again next pass');
  }
}
