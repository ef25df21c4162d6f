import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Deposits and withdrawals on real chains: each currency's networks, the users' deposit addresses,
 * the blocks the watchers scanned (to notice a reorg), the deposits seen, the withdrawals and their
 * signed transactions, and the withdrawal address book.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id, money } = columns(dialect);

  let protocols = id(db.schema.createTable('currency_protocols'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('chain', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('memo_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmations_credit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('confirmations_withdraw', 'integer', (c) => c.notNull().defaultTo(6))
    .addColumn('explorer_tx_url', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0));
  protocols = money(protocols, 'min_deposit');
  await protocols.addUniqueConstraint('currency_protocols_chain', ['currency_id', 'chain']).execute();

  await id(db.schema.createTable('deposit_addresses'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('family', 'varchar(8)', (c) => c.notNull())
    .addColumn('derivation_index', 'integer', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('memo', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('deposit_addresses_user', ['user_id', 'family'])
    .addUniqueConstraint('deposit_addresses_address', ['family', 'address'])
    .execute();

  await db.schema
    .createTable('chain_blocks')
    .addColumn('protocol_id', 'integer', (c) => c.notNull().references('currency_protocols.id'))
    .addColumn('height', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'varchar(80)', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_blocks_pk', ['protocol_id', 'height'])
    .execute();

  let deposits = id(db.schema.createTable('deposits'))
    .addColumn('protocol_id', 'integer', (c) => c.notNull().references('currency_protocols.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('tx_hash', 'varchar(80)', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'varchar(80)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0));
  deposits = money(deposits, 'amount');
  // What a reversal could not take back because the user had spent it (recorded, never hidden).
  deposits = money(deposits, 'shortfall');
  await deposits
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('deposits_tx', ['protocol_id', 'tx_hash', 'log_index'])
    .execute();
  await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'id']).execute();

  let withdrawals = id(db.schema.createTable('withdrawals'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('protocol_id', 'integer', (c) => c.notNull().references('currency_protocols.id'))
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('memo', 'varchar(64)', (c) => c.notNull().defaultTo(''));
  for (const name of ['amount', 'fee', 'received']) withdrawals = money(withdrawals, name);
  await withdrawals
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('nonce', 'integer')
    .addColumn('raw_tx', 'text')
    .addColumn('tx_hash', 'varchar(80)')
    .addColumn('block_number', 'bigint')
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(200)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('request_hash', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('withdrawals_request', ['user_id', 'request_id'])
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();

  await id(db.schema.createTable('bound_addresses'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('protocol_id', 'integer', (c) => c.notNull().references('currency_protocols.id'))
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('memo', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('bound_addresses_unique', ['user_id', 'protocol_id', 'address', 'memo'])
    .execute();
}
