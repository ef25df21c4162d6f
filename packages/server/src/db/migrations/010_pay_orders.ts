import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Deposit intents (wallet/createPayOrder): a user says "I will send this amount to my address";
 * the first deposit of exactly that amount to that address matches it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id, money } = columns(dialect);
  let orders = id(db.schema.createTable('pay_orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('protocol_id', 'integer', (c) => c.notNull().references('currency_protocols.id'))
    .addColumn('address', 'varchar(128)', (c) => c.notNull());
  orders = money(orders, 'amount');
  await orders
    .addColumn('deposit_id', 'integer', (c) => c.references('deposits.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pay_orders_user').on('pay_orders').columns(['user_id', 'id']).execute();
}
