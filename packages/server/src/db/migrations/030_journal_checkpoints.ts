import type { Kysely } from 'kysely';

/**
 * The checkpoints the journal's audit wrote (docs/cluster.md, "Checkpoints"): the command each one
 * ends at and the hash of its file. The journal's pruner keeps every command after the newest, so a
 * replay can always go on from it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journal_checkpoints')
    .addColumn('command_id', 'integer', (c) => c.primaryKey())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
