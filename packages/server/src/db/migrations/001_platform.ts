import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import { columns } from './columns.js';

/** Platform tables: settings, areas, users, sessions, codes, mailbox, news, currencies, markets. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { id, money } = columns(dialect);

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('areas'))
    .addColumn('global_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('area_code', 'varchar(8)')
    .addColumn('mobile', 'varchar(16)')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('pay_password_hash', 'text')
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('inviter_id', 'integer', (c) => c.references('users.id'))
    .addColumn('authorization_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('review_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_seller', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_mobile').on('users').columns(['area_code', 'mobile']).unique().execute();

  await id(db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await id(db.schema.createTable('verification_codes'))
    .addColumn('target', 'varchar(270)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['target', 'type', 'created_at'])
    .execute();

  await id(db.schema.createTable('login_failures'))
    .addColumn('account_key', 'varchar(270)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key')
    .on('login_failures')
    .columns(['account_key', 'created_at'])
    .execute();

  await id(db.schema.createTable('dev_mailbox'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(270)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dev_mailbox_to').on('dev_mailbox').column('recipient').execute();

  await db.schema
    .createTable('news_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable('news'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('news_categories.id'))
    .addColumn('banner', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_category').on('news').column('category_id').execute();

  await db.schema
    .createTable('news_texts')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id'))
    .addColumn('lang', 'varchar(4)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_texts_pk', ['news_id', 'lang'])
    .execute();

  let currencies = id(db.schema.createTable('currencies'))
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('is_quote', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_recharge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_draw', 'integer', (c) => c.notNull().defaultTo(0));
  for (const name of ['draw_rate', 'draw_min', 'draw_max', 'usd_price']) {
    currencies = money(currencies, name);
  }
  await currencies.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('account_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('is_recharge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  let matches = id(db.schema.createTable('currency_matches'))
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('base_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('quote_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('open_change', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_lever', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_microtrade', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sell_disabled', 'integer', (c) => c.notNull().defaultTo(0));
  for (const name of ['lever_point_rate', 'lever_share_num', 'lever_fee_rate', 'change_fee_rate']) {
    matches = money(matches, name);
  }
  await matches
    .addColumn('price_decimals', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('number_decimals', 'integer', (c) => c.notNull().defaultTo(6))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
