import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Trading-API keys (docs/trading-api.md): a public key and its HMAC secret, sealed at rest under
 * API_KEY_SEAL_KEY, with what the key may do, where from, and until when. Revoked keys are kept
 * (their uses stay explainable) and never work again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id } = columns(dialect);
  await id(db.schema.createTable('api_keys'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'varchar(64)', (c) => c.notNull())
    .addColumn('api_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    /** 1: may place and cancel spot orders. Reading is always allowed. */
    .addColumn('can_trade', 'integer', (c) => c.notNull().defaultTo(0))
    /** 1: may withdraw; only with an IP allow list. */
    .addColumn('can_withdraw', 'integer', (c) => c.notNull().defaultTo(0))
    /** The allow list as a JSON array of addresses and CIDR ranges; [] allows any address. */
    .addColumn('ip_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('last_used_ip', 'varchar(64)')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'id']).execute();
}
