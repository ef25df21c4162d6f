import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Two-factor sign-in (TOTP, RFC 6238). One row per user who started an enrolment: the base32
 * secret, sealed with AES-256-GCM when TOTP_SECRET_KEY is set (docs/personal.md), never sent
 * again after the enrolment starts; `enabled_at` is null until a first code confirms it;
 * `last_step` is the 30 s time step of the last code accepted, so a code works once. Recovery
 * codes are kept only as SHA-256 hashes (they are 50 random bits each) and are single use.
 * Also an index for the personal centre's transaction log across accounts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('secret', 'varchar(256)', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await columns(dialect)
    .id(db.schema.createTable('totp_recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addUniqueConstraint('totp_recovery_codes_user_hash', ['user_id', 'code_hash'])
    .execute();
  // The transaction log (account_log/all) pages one user's rows of every account, newest first.
  await db.schema
    .createIndex('account_logs_user_newest')
    .on('account_logs')
    .columns(['user_id', 'id'])
    .execute();
}
