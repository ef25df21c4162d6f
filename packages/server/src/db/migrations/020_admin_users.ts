import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * The operator console's user and balance tools (docs/operator-console.md): a user's frozen state, balance
 * adjustments (ids handed out in the sequencer's command, written in the same commit as the money),
 * the audit runs the dashboard shows, and an index for the dashboard's 24-hour volume.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id, money } = columns(dialect);

  /** Set while an operator has frozen the account: it cannot sign in. */
  await db.schema.alterTable('users').addColumn('frozen_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('frozen_reason', 'varchar(500)').execute();

  let adjustments = db.schema
    .createTable('admin_adjustments')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('account_type_id', 'integer', (c) => c.notNull())
    /** 'pending', 'applied' or 'rejected'. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** The USDT value it was judged by, as text: it can pass what NUMERIC(36,18) holds. */
    .addColumn('usd_value', 'varchar(48)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('reference', 'varchar(128)', (c) => c.notNull())
    .addColumn('proposed_by', 'integer', (c) => c.notNull())
    .addColumn('proposed_by_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_by_name', 'varchar(64)')
    .addColumn('decision_reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint');
  /** Signed: a credit is positive, a debit negative. */
  adjustments = money(adjustments, 'amount');
  await adjustments.execute();
  await db.schema
    .createIndex('admin_adjustments_status')
    .on('admin_adjustments')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('admin_adjustments_user')
    .on('admin_adjustments')
    .columns(['user_id', 'id'])
    .execute();

  await id(db.schema.createTable('admin_audit_runs'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    /** JSON: the problems named, and the per-currency totals. */
    .addColumn('problems', 'text', (c) => c.notNull())
    .addColumn('currencies', 'text', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('trades_time').on('trades').columns(['created_at']).execute();
}
