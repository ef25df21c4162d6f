import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * The public mark-price tape: per market and second, the mark price with the inputs that made it
 * (best bid, best ask, last trade id and price), so anyone can recompute it and every contract
 * settled on it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { money } = columns(dialect);
  let tape = db.schema
    .createTable('mark_prices')
    .addColumn('currency_match_id', 'integer', (c) => c.notNull().references('currency_matches.id'))
    .addColumn('time', 'bigint', (c) => c.notNull());
  tape = money(tape, 'price');
  for (const name of ['best_bid', 'best_ask', 'last_price']) tape = money(tape, name, (c) => c);
  await tape
    .addColumn('last_trade_id', 'integer')
    .addPrimaryKeyConstraint('mark_prices_pk', ['currency_match_id', 'time'])
    .execute();
}
