import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Proof of liabilities (docs/transparency.md): per currency and snapshot, the Merkle-sum tree's published
 * root and total, and every leaf (a user's balance with its salt) so a user can be given their
 * own inclusion proof. The unique day and currency make a second daily snapshot of a day
 * impossible, across restarts too; snapshots taken on demand have no day.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id, money } = columns(dialect);

  let snapshots = id(db.schema.createTable('liability_snapshots'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    /** The exchange day (YYYY-MM-DD in EXCHANGE_TZ) of a daily snapshot; null when taken on demand. */
    .addColumn('day', 'varchar(10)')
    /** When the daily snapshot was due; it is later in taken_at when the server was down then. */
    .addColumn('due_at', 'bigint')
    /** The instant the balances were read: one sequencer instant for every currency of a take. */
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('root_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('leaf_count', 'integer', (c) => c.notNull())
    /** The news notice that published a daily snapshot; null until published. */
    .addColumn('notice_id', 'integer');
  snapshots = money(snapshots, 'total');
  await snapshots.execute();
  await db.schema
    .createIndex('liability_snapshots_day')
    .on('liability_snapshots')
    .columns(['day', 'currency_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('liability_snapshots_latest')
    .on('liability_snapshots')
    .columns(['currency_id', 'id'])
    .execute();

  let leaves = db.schema
    .createTable('liability_leaves')
    .addColumn('snapshot_id', 'integer', (c) => c.notNull().references('liability_snapshots.id'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    /** 64 hex digits: 32 random bytes, fresh per user, currency and snapshot. */
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('liability_leaves_pk', ['snapshot_id', 'idx']);
  leaves = money(leaves, 'balance');
  await leaves.execute();
  await db.schema
    .createIndex('liability_leaves_user')
    .on('liability_leaves')
    .columns(['snapshot_id', 'user_id'])
    .unique()
    .execute();
}
