import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Sweeps: deposits moved from users' deposit addresses to the hot wallet, and the gas top-ups that
 * pay for token sweeps. Signed bytes are stored before broadcast, like withdrawals.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const { id } = columns(_dialect);
  await id(db.schema.createTable('sweeps'))
    .addColumn('protocol_id', 'integer', (c) => c.notNull().references('currency_protocols.id'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('from_address', 'varchar(128)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(128)', (c) => c.notNull())
    // Whole smallest units of the chain, as text: a sweep is no ledger amount.
    .addColumn('units', 'varchar(80)', (c) => c.notNull())
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('raw_tx', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'varchar(80)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sweeps_status').on('sweeps').columns(['status', 'id']).execute();
}
