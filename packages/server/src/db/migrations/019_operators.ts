import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * The operator console (docs/operator-console.md): operators (made only by the command line, never by
 * registration), their short sessions, and the operator log, where each entry carries the hash
 * of the one before it so an edited or deleted entry is detected.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id } = columns(dialect);

  await id(db.schema.createTable('operators'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    /** viewer, support, finance or admin. */
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    /** The authenticator secret, sealed with TOTP_SECRET_KEY when set: operators always have one. */
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    /** The last accepted code's time step: a code is accepted once. */
    .addColumn('totp_last_step', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('operator_sessions'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();

  await db.schema
    .createTable('operator_log')
    /** Given by the appender (1, 2, ...), never by the database, so the chain has no gaps to explain. */
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    /** 0 for the local command line. */
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('operator_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(128)', (c) => c.notNull())
    .addColumn('target', 'varchar(256)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** JSON texts. */
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_log_operator')
    .on('operator_log')
    .columns(['operator_name', 'id'])
    .execute();
}
