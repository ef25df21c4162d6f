import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Seconds contracts: the terms on offer (durations with their profit ratio, payable currencies
 * with their preset stakes), the orders with the tape entries that opened and settled them, and
 * the pool's running totals. No column can name an outcome or a price in advance: both are
 * written only by the settlement, from the tape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { money } = columns(dialect);

  let seconds = db.schema
    .createTable('micro_seconds')
    .addColumn('seconds', 'integer', (c) => c.primaryKey())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0));
  seconds = money(seconds, 'profit_ratio');
  await seconds.execute();

  let currencies = db.schema
    .createTable('micro_currencies')
    .addColumn('currency_id', 'integer', (c) => c.primaryKey().references('currencies.id'))
    /** The preset stakes, a JSON array of decimal strings. */
    .addColumn('numbers', 'varchar(512)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0));
  currencies = money(currencies, 'min_number');
  currencies = money(currencies, 'max_number');
  await currencies.execute();

  let orders = db.schema
    .createTable('micro_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_match_id', 'integer', (c) => c.notNull().references('currency_matches.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('open_entry_time', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('end_entry_time', 'bigint')
    .addColumn('outcome', 'varchar(8)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('request_hash', 'varchar(64)');
  for (const name of ['number', 'fee', 'profit_ratio', 'open_price']) orders = money(orders, name);
  for (const name of ['end_price', 'payout', 'fact_profits']) orders = money(orders, name, (c) => c);
  await orders.addUniqueConstraint('micro_orders_request', ['user_id', 'request_id']).execute();
  await db.schema.createIndex('micro_orders_due').on('micro_orders').columns(['status', 'ends_at']).execute();
  await db.schema
    .createIndex('micro_orders_user')
    .on('micro_orders')
    .columns(['user_id', 'status', 'id'])
    .execute();

  let totals = db.schema
    .createTable('micro_totals')
    .addColumn('currency_id', 'integer', (c) => c.primaryKey().references('currencies.id'));
  for (const name of ['staked', 'fees', 'paid', 'funded']) totals = money(totals, name);
  await totals.execute();
}
