import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * The personal centre (docs/personal.md): uploaded images (the file lives outside the web root under a
 * random name; this row says whose it is), identity submissions (every one kept, the user's
 * `review_status` mirrors the latest), one payment method per user and type, and feedback with the
 * operator's replies.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id } = columns(dialect);

  await id(db.schema.createTable('uploads'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').columns(['user_id', 'created_at']).execute();

  await id(db.schema.createTable('identity_submissions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('card_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('front_pic', 'integer', (c) => c.notNull().references('uploads.id'))
    .addColumn('reverse_pic', 'integer', (c) => c.notNull().references('uploads.id'))
    .addColumn('hand_pic', 'integer', (c) => c.references('uploads.id'))
    /** 1 under review, 2 certified, 3 rejected. */
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(256)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('identity_submissions_user')
    .on('identity_submissions')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('identity_submissions_status')
    .on('identity_submissions')
    .columns(['status', 'id'])
    .execute();

  await id(db.schema.createTable('pay_methods'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    /** The type's fields (`raw_data`, docs/personal.md), as JSON. */
    .addColumn('raw_data', 'varchar(2048)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('pay_methods_user_type', ['user_id', 'type'])
    .execute();

  await id(db.schema.createTable('feedback'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('image_id', 'integer', (c) => c.references('uploads.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_user').on('feedback').columns(['user_id', 'created_at']).execute();

  await id(db.schema.createTable('feedback_replies'))
    .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id'))
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_replies_feedback')
    .on('feedback_replies')
    .columns(['feedback_id', 'id'])
    .execute();
}
