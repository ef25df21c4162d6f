import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/** Spot orders, trades and klines. Order and trade ids come from the sequencer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { money } = columns(dialect);

  let orders = db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_match_id', 'integer', (c) => c.notNull().references('currency_matches.id'))
    .addColumn('way', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull());
  // A market order has no price.
  orders = money(orders, 'price', (c) => c);
  for (const name of ['number', 'transacted_amount', 'transacted_volume', 'hold', 'fee']) {
    orders = money(orders, name);
  }
  await orders
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('orders_open').on('orders').columns(['status', 'id']).execute();

  let trades = db.schema
    .createTable('trades')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('currency_match_id', 'integer', (c) => c.notNull().references('currency_matches.id'));
  for (const name of ['price', 'number', 'amount', 'buy_fee', 'sell_fee']) trades = money(trades, name);
  await trades
    .addColumn('buy_order_id', 'integer', (c) => c.notNull())
    .addColumn('sell_order_id', 'integer', (c) => c.notNull())
    .addColumn('buyer_id', 'integer', (c) => c.notNull())
    .addColumn('seller_id', 'integer', (c) => c.notNull())
    .addColumn('taker_way', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trades_market').on('trades').columns(['currency_match_id', 'id']).execute();

  let klines = db.schema
    .createTable('klines')
    .addColumn('currency_match_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull());
  for (const name of ['open', 'high', 'low', 'close', 'volume', 'amount']) klines = money(klines, name);
  await klines.addPrimaryKeyConstraint('klines_pk', ['currency_match_id', 'period', 'time']).execute();
}
