import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Ledger tables. Their ids are given by the sequencer (the single writer), not by the database,
 * so a batch can refer to rows it creates before it commits.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { money } = columns(dialect);

  let accounts = db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('system_code', 'varchar(32)')
    .addColumn('account_type_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'));
  accounts = money(money(accounts, 'balance'), 'lock_balance');
  await accounts.addColumn('updated_at', 'bigint', (c) => c.notNull()).execute();
  await db.schema
    .createIndex('accounts_owner')
    .on('accounts')
    .columns(['user_id', 'account_type_id', 'currency_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('accounts_system')
    .on('accounts')
    .columns(['system_code', 'currency_id'])
    .unique()
    .execute();

  let logs = db.schema
    .createTable('account_logs')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('user_id', 'integer')
    .addColumn('account_type_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull());
  for (const name of ['change_balance', 'change_lock', 'balance_after', 'lock_after']) {
    logs = money(logs, name);
  }
  await logs
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('memo', 'varchar(64)', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ref_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('extra_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_logs_user')
    .on('account_logs')
    .columns(['user_id', 'account_type_id', 'currency_id', 'id'])
    .execute();
  await db.schema.createIndex('account_logs_account').on('account_logs').column('account_id').execute();

  let transfers = db.schema
    .createTable('transfers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('from_type_id', 'integer', (c) => c.notNull())
    .addColumn('to_type_id', 'integer', (c) => c.notNull());
  transfers = money(transfers, 'amount');
  await transfers
    .addColumn('request_id', 'varchar(64)')
    .addColumn('request_hash', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transfers_request')
    .on('transfers')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();
  await db.schema.createIndex('transfers_user').on('transfers').columns(['user_id', 'id']).execute();
}
