import type { Kysely } from 'kysely';

/**
 * A spot order may carry its caller's request id: the same id again answers the first order instead
 * of placing a second (a lost answer is retried safely, as for transfers, withdrawals and positions).
 * Unique per user; orders without one (most of them, and all before this) hold null.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('request_id', 'varchar(64)').execute();
  await db.schema.alterTable('orders').addColumn('request_hash', 'varchar(64)').execute();
  await db.schema
    .createIndex('orders_request')
    .on('orders')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();
}
