import { sql, type Kysely } from 'kysely';
import type { Db } from '../connect.js';
import type { Database } from '../schema.js';
import { ACCOUNT_TYPES, AREAS, CURRENCIES, MARKETS, NEWS_CATEGORIES } from './reference.js';

const SEED_MARK = 'seed.reference';

/** After rows with explicit ids, PostgreSQL's serial must move past them. */
async function moveSequence(db: Db, table: 'currencies' | 'currency_matches' | 'news'): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
    db.kysely,
  );
}

/** Inserts the reference data once: areas, news categories, account types, currencies, markets. */
export async function seedReference(db: Db): Promise<void> {
  const kysely: Kysely<Database> = db.kysely;
  const done = await kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SEED_MARK)
    .executeTakeFirst();
  if (done) return;
  await kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('areas')
      .values(AREAS.map((area, index) => ({ ...area, sort: index })))
      .execute();
    await trx.insertInto('news_categories').values(NEWS_CATEGORIES).execute();
    await trx.insertInto('account_types').values(ACCOUNT_TYPES).execute();
    await trx
      .insertInto('currencies')
      .values(
        CURRENCIES.map((currency, index) => ({
          ...currency,
          logo: `/coins/${currency.code.toLowerCase()}.svg`,
          decimals: 8,
          is_quote: currency.is_quote ? 1 : 0,
          open_recharge: 1,
          open_draw: 1,
          sort: index,
        })),
      )
      .execute();
    const idOf = new Map(CURRENCIES.map((currency) => [currency.code as string, currency.id]));
    await trx
      .insertInto('currency_matches')
      .values(
        MARKETS.map((market, index) => ({
          id: market.id,
          symbol: `${market.base}/USDT`,
          base_currency_id: idOf.get(market.base)!,
          quote_currency_id: idOf.get('USDT')!,
          open_change: 1,
          open_lever: market.open_lever,
          open_microtrade: market.open_microtrade,
          sell_disabled: 0,
          // The spread of a leveraged open or close, in percent of the mark.
          lever_point_rate: '0.05',
          lever_share_num: market.lever_share_num,
          lever_fee_rate: '0.0005',
          change_fee_rate: '0.001',
          price_decimals: market.price_decimals,
          number_decimals: market.number_decimals,
          min_number: market.min_number,
          mark_impact_notional: market.mark_impact_notional,
          mark_window: market.mark_window,
          sort: index,
        })),
      )
      .execute();
    await trx.insertInto('settings').values({ key: SEED_MARK, value: '1' }).execute();
  });
  await moveSequence(db, 'currencies');
  await moveSequence(db, 'currency_matches');
}

export { moveSequence };
