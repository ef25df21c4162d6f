import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

/** Conversions by request id: written in the same commit as their order, so a retry never sells twice. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('convert_requests')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('convert_requests_pk', ['user_id', 'request_id'])
    .execute();
}
