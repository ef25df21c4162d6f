import type { Kysely } from 'kysely';

/**
 * What a user needs to recognise a session in the list of signed-in devices: the client's user
 * agent and address at sign-in, and the last address it was seen from.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}
