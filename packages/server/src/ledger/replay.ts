import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { JournaledCommand } from './commands.js';
import type { Sequencer } from './sequencer.js';

/** Journal rows read and replayed at a time. */
const PAGE = 2000;

/**
 * The next page of the command journal after `afterId`, in order. Ids run without a gap; a gap
 * means rows are missing, and nothing after it may be applied.
 */
export async function journalAfter(db: Kysely<Database>, afterId: number): Promise<JournaledCommand[]> {
  const rows = await db
    .selectFrom('command_journal')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(PAGE)
    .execute();
  return rows.map((row, index) => {
    const id = Number(row.id);
    if (id !== afterId + index + 1) throw new Error(`the journal has no command ${afterId + index + 1}`);
    return { id, type: row.type, data: row.data, at: Number(row.at), batchAt: Number(row.batch_at) };
  });
}

/**
 * Replays the command journal of `source` after `afterId` onto `sequencer`, in order, page by
 * page (docs/cluster.md). The target must hold the state the journal started from: a database
 * migrated the same way, with the same users, and nothing else applied.
 */
export async function replayJournal(
  source: Kysely<Database>,
  sequencer: Sequencer,
  afterId = 0,
  /** Run after each page applied, before the next is read (a follower's check). */
  afterPage: () => Promise<void> = async () => {},
): Promise<{ commands: number; lastId: number }> {
  let lastId = afterId;
  let commands = 0;
  for (;;) {
    const entries = await journalAfter(source, lastId);
    if (entries.length === 0) return { commands, lastId };
    await sequencer.replay(entries);
    await afterPage();
    commands += entries.length;
    lastId = entries[entries.length - 1]!.id;
  }
}
