import { Decimal } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/** The ledger's journal type of a position's settlement (JournalType.LEVER_SETTLE), as of this migration. */
const LEVER_SETTLE = 20;

/**
 * What the insurance account paid on a position's close (a loss past the user's margin and
 * balance): kept on the position, so its views say what the user lost and what insurance covered.
 * Positions closed before are filled in from the ledger's own rows of their settlement.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { moneyType } = columns(dialect);
  await db.schema
    .alterTable('lever_positions')
    .addColumn('insurance_cover', moneyType, (c) => c.notNull().defaultTo('0'))
    .execute();
  const paid = (await db
    .selectFrom('account_logs as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select(['l.ref_id', 'l.change_balance'])
    .where('a.system_code', '=', 'insurance')
    .where('l.ref_type', '=', 'lever_position')
    .where('l.type', '=', LEVER_SETTLE)
    .execute()) as { ref_id: number; change_balance: string | number }[];
  for (const row of paid) {
    const cover = Decimal.parse(String(row.change_balance)).neg();
    if (!cover.isPositive()) continue;
    await db
      .updateTable('lever_positions')
      .set({ insurance_cover: cover.toString() })
      .where('id', '=', row.ref_id)
      .execute();
  }
}
