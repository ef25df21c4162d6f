import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * The fiat P2P desk (docs/p2p.md): merchant applications, ads, orders (ids handed out by the
 * sequencer's P2P state, written in the same commit as the escrow), each order's state timeline,
 * and appeals. The sequencer writes a batch's rows grouped by table, so rows of one batch carry no
 * foreign keys to each other's tables (ad, order, event). Deadlines are stored in the order row so a restart applies each as of its own time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id, money } = columns(dialect);

  await id(db.schema.createTable('p2p_applications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    /** 1 pending, 2 approved, 3 rejected. */
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('p2p_applications_user')
    .on('p2p_applications')
    .columns(['user_id', 'id'])
    .execute();

  let ads = db.schema
    .createTable('p2p_ads')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    /** 'sell': the merchant sells coin; 'buy': the merchant buys it. */
    .addColumn('side', 'varchar(4)', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('fiat', 'varchar(8)', (c) => c.notNull())
    /** A JSON array of pay method codes. */
    .addColumn('pay_types', 'varchar(64)', (c) => c.notNull())
    .addColumn('terms', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    /** 1 open, 2 suspended, 3 off shelf (4, insufficient, is computed). */
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull());
  ads = money(ads, 'price');
  ads = money(ads, 'min_number');
  ads = money(ads, 'max_number');
  ads = money(ads, 'total');
  ads = money(ads, 'remaining');
  await ads.execute();
  await db.schema.createIndex('p2p_ads_user').on('p2p_ads').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('p2p_ads_hall')
    .on('p2p_ads')
    .columns(['side', 'status', 'currency_id'])
    .execute();

  let orders = db.schema
    .createTable('p2p_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('ad_id', 'integer', (c) => c.notNull())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
    /** Who placed the order (the taker): its request_id is unique per taker. */
    .addColumn('taker_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('fiat', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('pay_deadline', 'bigint', (c) => c.notNull())
    .addColumn('confirm_deadline', 'bigint')
    /** When auto-confirm is on, the instant a postponed order completes by itself. */
    .addColumn('auto_confirm_at', 'bigint')
    .addColumn('voucher', 'integer', (c) => c.references('uploads.id'))
    .addColumn('paid_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    /** 'buyer' or 'timeout'. */
    .addColumn('cancelled_by', 'varchar(8)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull());
  orders = money(orders, 'price');
  orders = money(orders, 'number');
  orders = money(orders, 'fiat_amount');
  await orders.execute();
  await db.schema.createIndex('p2p_orders_buyer').on('p2p_orders').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('p2p_orders_seller').on('p2p_orders').columns(['seller_id', 'id']).execute();
  await db.schema.createIndex('p2p_orders_ad').on('p2p_orders').columns(['ad_id', 'id']).execute();
  await db.schema.createIndex('p2p_orders_status').on('p2p_orders').columns(['status']).execute();
  await db.schema
    .createIndex('p2p_orders_request')
    .on('p2p_orders')
    .columns(['taker_id', 'request_id'])
    .unique()
    .execute();

  await id(db.schema.createTable('p2p_order_events'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    /** The instant the state applies from: a timeout's is its deadline. */
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('p2p_order_events_order')
    .on('p2p_order_events')
    .columns(['order_id', 'id'])
    .execute();

  await db.schema
    .createTable('p2p_appeals')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('by_role', 'varchar(8)', (c) => c.notNull())
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    /** A JSON array of upload ids. */
    .addColumn('images', 'varchar(256)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('release_to', 'varchar(8)')
    .addColumn('resolution', 'varchar(500)')
    .addColumn('resolved_at', 'bigint')
    .execute();

  /** Users the operator froze on the desk (e.g. repeated false "paid" marks): no new orders or ads. */
  await db.schema
    .createTable('p2p_freezes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('frozen_at', 'bigint', (c) => c.notNull())
    .execute();
}
