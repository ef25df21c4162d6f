import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { JournaledCommand } from './commands.js';
import type { Sequencer } from './sequencer.js';

/** Journal rows read and replayed at a time. */
const PAGE = 2000;

/**
 * Replays the command journal of `source` after `afterId` onto `sequencer`, in order, page by
 * page (docs/cluster.md). The target must hold the state the journal started from: a database
 * migrated the same way, with the same users, and nothing else applied. Ids run without a gap;
 * a gap means rows are missing and nothing after it is applied.
 */
export async function replayJournal(
  source: Kysely<Database>,
  sequencer: Sequencer,
  afterId = 0,
): Promise<{ commands: number; lastId: number }> {
  let lastId = afterId;
  let commands = 0;
  for (;;) {
    const rows = await source
      .selectFrom('command_journal')
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return { commands, lastId };
    const entries: JournaledCommand[] = rows.map((row) => ({
      id: Number(row.id),
      type: row.type,
      data: row.data,
      at: Number(row.at),
      batchAt: Number(row.batch_at),
    }));
    entries.forEach((entry, index) => {
      if (entry.id !== lastId + index + 1)
        throw new Error(`replay: the journal has no command ${lastId + index + 1}`);
    });
    await sequencer.replay(entries);
    commands += entries.length;
    lastId = entries[entries.length - 1]!.id;
  }
}
