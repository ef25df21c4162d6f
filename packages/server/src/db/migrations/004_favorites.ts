import type { Kysely } from 'kysely';

/** Markets a user starred on the markets page (docs/market-data.md). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favorite_markets')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_match_id', 'integer', (c) => c.notNull().references('currency_matches.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorite_markets_pk', ['user_id', 'currency_match_id'])
    .execute();
}
