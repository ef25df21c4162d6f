import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Fixed-term savings: the products on offer, the holdings bought with their terms fixed at the
 * purchase (daily rate, days, the interest it earns each day, the time of day it is paid), and one
 * row per holding and paid day, whose key makes a second payment of a day impossible.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id, money } = columns(dialect);

  let products = id(db.schema.createTable('earn_products'))
    /** The product's name per language, a JSON object (en is the fallback). */
    .addColumn('names', 'varchar(2048)', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    /** Purchases are refused from this instant on; null: no end. */
    .addColumn('sale_ends_at', 'bigint')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull());
  products = money(products, 'rate');
  products = money(products, 'min_number');
  products = money(products, 'max_number');
  products = money(products, 'total_quota');
  products = money(products, 'sold');
  await products.execute();

  let holdings = db.schema
    .createTable('earn_holdings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('earn_products.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('days', 'integer', (c) => c.notNull())
    /** Minutes after local midnight (EXCHANGE_TZ) at which each day's interest is paid. */
    .addColumn('pay_minute', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('paid_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bought_at', 'bigint', (c) => c.notNull())
    /** The last day's payment instant, when the principal is released. */
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('request_id', 'varchar(64)')
    .addColumn('request_hash', 'varchar(64)');
  holdings = money(holdings, 'number');
  holdings = money(holdings, 'rate');
  holdings = money(holdings, 'daily_interest');
  holdings = money(holdings, 'income');
  await holdings.execute();
  await db.schema.createIndex('earn_holdings_user').on('earn_holdings').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('earn_holdings_request')
    .on('earn_holdings')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();

  let interest = db.schema
    .createTable('earn_interest')
    .addColumn('holding_id', 'integer', (c) => c.notNull().references('earn_holdings.id'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('pay_at', 'bigint', (c) => c.notNull());
  interest = money(interest, 'amount');
  await interest.addPrimaryKeyConstraint('earn_interest_pk', ['holding_id', 'day']).execute();
}
