import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Leveraged contracts: each market's multiples, hand limits and overnight rate; the positions (and
 * fixed-price orders) with every price that made them; and one row per position and charged day,
 * so an overnight fee can never be charged twice for a day.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { money } = columns(dialect);
  let markets = db.schema
    .createTable('lever_markets')
    .addColumn('currency_match_id', 'integer', (c) => c.primaryKey().references('currency_matches.id'))
    /** The multiples offered, a JSON array of whole numbers. */
    .addColumn('multiples', 'varchar(256)', (c) => c.notNull())
    .addColumn('min_share', 'integer', (c) => c.notNull())
    .addColumn('max_share', 'integer', (c) => c.notNull());
  markets = money(markets, 'overnight_rate');
  await markets.execute();

  let positions = db.schema
    .createTable('lever_positions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_match_id', 'integer', (c) => c.notNull().references('currency_matches.id'))
    .addColumn('quote_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('closed_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share', 'integer', (c) => c.notNull())
    .addColumn('multiple', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('last_overnight_at', 'bigint')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('request_hash', 'varchar(64)');
  for (const name of [
    'number',
    'origin_price',
    'update_price',
    'caution_money',
    'origin_caution_money',
    'trade_fee',
  ]) {
    positions = money(positions, name);
  }
  for (const name of ['overnight_money', 'target_profit_price', 'stop_loss_price'])
    positions = money(positions, name);
  for (const name of ['price', 'target_price', 'close_price', 'profits'])
    positions = money(positions, name, (c) => c);
  await positions.addUniqueConstraint('lever_positions_request', ['user_id', 'request_id']).execute();
  await db.schema
    .createIndex('lever_positions_user')
    .on('lever_positions')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('lever_positions_status').on('lever_positions').column('status').execute();

  let overnight = db.schema
    .createTable('lever_overnight')
    .addColumn('position_id', 'integer', (c) => c.notNull().references('lever_positions.id'))
    .addColumn('charge_time', 'bigint', (c) => c.notNull());
  overnight = money(overnight, 'charged');
  await overnight.addPrimaryKeyConstraint('lever_overnight_pk', ['position_id', 'charge_time']).execute();
}
