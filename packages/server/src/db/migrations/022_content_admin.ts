import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/**
 * Articles edited from the operator console (docs/operator-console.md). An article is never deleted: it is
 * published or withdrawn, and a withdrawn one keeps who withdrew it, when and why. Operators'
 * images (banners, pictures in a body) are kept apart from users' private uploads, and are served
 * to the public only while a published article shows them (`news_images`). Every version is kept
 * whole in `news_revisions`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id } = columns(dialect);

  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('news')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('published'))
    .execute();
  for (const column of ['updated_at', 'withdrawn_at']) {
    await db.schema.alterTable('news').addColumn(column, 'bigint').execute();
  }
  for (const column of ['updated_by', 'withdrawn_by']) {
    await db.schema.alterTable('news').addColumn(column, 'varchar(64)').execute();
  }
  await db.schema.alterTable('news').addColumn('withdraw_reason', 'text').execute();

  await id(db.schema.createTable('content_images'))
    /** A random token and the re-encoded format's extension: the public path's last part. */
    .addColumn('stored_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    /** The operator who uploaded it (`cli` for the command line). */
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  /** The images each article shows (its banner and the pictures in its bodies), rewritten on save. */
  await db.schema
    .createTable('news_images')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('content_images.id'))
    .addPrimaryKeyConstraint('news_images_pk', ['news_id', 'image_id'])
    .execute();
  await db.schema.createIndex('news_images_image').on('news_images').column('image_id').execute();

  /**
   * Every version of an article the console wrote, whole: the operator log keeps at most 16 kB of
   * a request or an answer, and a legal page in seven languages is longer than that.
   */
  await id(db.schema.createTable('news_revisions'))
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    /** save, withdraw or restore. */
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** The article after the change (JSON of AdminArticle without its history). */
    .addColumn('article', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('news_revisions_news')
    .on('news_revisions')
    .columns(['news_id', 'id'])
    .execute();
}
