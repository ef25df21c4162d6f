import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * The mark price from impact prices (docs/mark-price.md): each market's impact notional and
 * window, and on each tape row what decided it: the impact bid and ask, the trade price, the
 * second's sample, the window's samples, the book levels and trades consumed (JSON), and the rule
 * in force (notional, window, decimals), so a row is recomputable from itself alone; and the tape
 * seconds that opened and closed each leveraged position. Rows written
 * before this rule keep their null figures and are read by the old rule.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { moneyType } = columns(dialect);
  await db.schema
    .alterTable('currency_matches')
    .addColumn('mark_impact_notional', moneyType, (c) => c.notNull().defaultTo('25000'))
    .execute();
  await db.schema
    .alterTable('currency_matches')
    .addColumn('mark_window', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  for (const name of ['impact_bid', 'impact_ask', 'trade_price', 'sample', 'impact_notional']) {
    await db.schema.alterTable('mark_prices').addColumn(name, moneyType).execute();
  }
  for (const name of ['window_size', 'price_decimals', 'number_decimals']) {
    await db.schema.alterTable('mark_prices').addColumn(name, 'integer').execute();
  }
  for (const name of ['window_samples', 'inputs']) {
    await db.schema.alterTable('mark_prices').addColumn(name, 'text').execute();
  }
  // The tape seconds whose marks opened and closed a leveraged position (lever/verify).
  for (const name of ['open_mark_time', 'close_mark_time']) {
    await db.schema.alterTable('lever_positions').addColumn(name, 'bigint').execute();
  }
}
