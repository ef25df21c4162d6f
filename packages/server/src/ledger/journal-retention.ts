import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { PollingTask } from '../lib/poller.js';

/** Journal rows deleted by one statement, so a prune never holds the table long. */
const CHUNK = 10_000;
/** How often the leader looks for journal rows past their keep. */
export const JOURNAL_PRUNE_EVERY_MS = 3_600_000;

/**
 * Deletes the command journal's oldest rows, those of batches before `before`, oldest first and
 * only as a prefix: ids stay without a gap from the first row kept, as a follower's reads need. The
 * newest row is always kept, since the next command's id is counted on from it. Answers how many.
 */
export async function pruneJournal(db: Kysely<Database>, before: number): Promise<number> {
  const range = await db
    .selectFrom('command_journal')
    .select((eb) => [eb.fn.min<number>('id').as('oldest'), eb.fn.max<number>('id').as('newest')])
    .executeTakeFirstOrThrow();
  if (range.newest === null) return 0;
  const firstKept = await db
    .selectFrom('command_journal')
    .select((eb) => eb.fn.min<number>('id').as('id'))
    .where('batch_at', '>=', before)
    .executeTakeFirstOrThrow();
  const last = Math.min(Number(firstKept.id ?? range.newest), Number(range.newest)) - 1;
  let deleted = 0;
  for (let from = Number(range.oldest); from <= last; from += CHUNK) {
    const result = await db
      .deleteFrom('command_journal')
      .where('id', '<=', Math.min(last, from + CHUNK - 1))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * The leader's pass, every hour: the journal's rows older than JOURNAL_KEEP_DAYS go. A follower needs
 * only the rows after the snapshot it opened on, so days are plenty; a full replay of the journal
 * (`npm run audit -- --journal`) is no longer possible once it ran (docs/cluster.md).
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
    const deleted = await pruneJournal(this.db, this.clock.now() - this.keepMs);
    if (deleted > 0) this.log.info(`command journal: ${deleted} commands older than the keep removed`);
  }

  protected failed(error: unknown): void {
    this.log.warn({ err: error }, 'command journal prune failed; tried again next pass');
  }
}
