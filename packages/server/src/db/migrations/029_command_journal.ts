import type { Kysely } from 'kysely';

/**
 * The command journal (docs/cluster.md): every command given to the sequencer as data, in the order
 * it was applied, written in the same transaction as its batch. Replaying it over the migrated
 * database rebuilds the books.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('command_journal')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('batch_at', 'bigint', (c) => c.notNull())
    .execute();
}
