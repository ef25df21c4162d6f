import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Scheduled changes of markets, currencies and networks, seconds options and savings products
 * (docs/operator-console.md): each takes effect at its stated time, once, and is never retroactive. So the
 * terms a live order or position lives by are fixed in its own row when it is placed:
 * - a spot order keeps the fee rate of its market at placement (`orders.fee_rate`);
 * - a leveraged position keeps its spread for the close and its overnight rate
 *   (`lever_positions.point_rate`, `overnight_rate`).
 * Rows that exist already get the values in force now, which are the ones they were placed under.
 * Networks get their own deposit and withdrawal switches, beside the currency's; a seconds option
 * can be withdrawn from offer (`micro_seconds.is_open`) without touching open contracts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id, moneyType } = columns(dialect);

  await id(db.schema.createTable('scheduled_changes'))
    /** market, currency, currency_network, micro_seconds or earn_product. */
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    /** The new values, a JSON object of whitelisted fields (admin/markets/rules.ts). */
    .addColumn('changes', 'text', (c) => c.notNull())
    /** The values they replaced, written in the same transaction as the change itself. */
    .addColumn('before', 'text')
    .addColumn('effective_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('notice_id', 'integer')
    .addColumn('applied_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    /** An operator's name, or `system` when the change could not apply without being retroactive. */
    .addColumn('cancelled_by', 'varchar(64)')
    .addColumn('cancel_reason', 'varchar(500)')
    .addColumn('cancel_notice_id', 'integer')
    .execute();
  await db.schema
    .createIndex('scheduled_changes_due')
    .on('scheduled_changes')
    .columns(['applied_at', 'cancelled_at', 'effective_at'])
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('fee_rate', moneyType, (c) => c.notNull().defaultTo('0'))
    .execute();
  await sql`update orders set fee_rate = (select change_fee_rate from currency_matches m where m.id = orders.currency_match_id)`.execute(
    db,
  );

  for (const name of ['point_rate', 'overnight_rate']) {
    await db.schema
      .alterTable('lever_positions')
      .addColumn(name, moneyType, (c) => c.notNull().defaultTo('0'))
      .execute();
  }
  await sql`update lever_positions set point_rate = (select lever_point_rate from currency_matches m where m.id = lever_positions.currency_match_id)`.execute(
    db,
  );
  await sql`update lever_positions set overnight_rate = coalesce((select overnight_rate from lever_markets t where t.currency_match_id = lever_positions.currency_match_id), 0)`.execute(
    db,
  );

  for (const name of ['open_deposit', 'open_withdraw']) {
    await db.schema
      .alterTable('currency_protocols')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema
    .alterTable('micro_seconds')
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
