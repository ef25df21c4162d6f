import type { Kysely } from 'kysely';

/**
 * The trading API's live listen keys (binance/listen-keys.ts), kept so that the next leader of a
 * cluster knows them: a bot's keepalive and its user-data stream go on across a takeover. Only a
 * key's SHA-256 is stored, as for sessions: the row proves a presented key, it cannot give one out.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listen_keys')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('api_key_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('listen_keys_expiry').on('listen_keys').column('expires_at').execute();
}
