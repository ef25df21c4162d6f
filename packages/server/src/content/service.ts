import {
  DEFAULT_LANG,
  PUBLIC_SETTINGS,
  type Area,
  type Lang,
  type NewsCategory,
  type NewsItem,
  type Paged,
  type PublicSetting,
} from '@oex/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { paged } from '../lib/paged.js';
import { AppError, notFound } from '../platform/errors.js';
import { isMessageKey, translate } from '../platform/messages/index.js';
import { formatDateTime } from '../lib/time.js';
import type { Settings } from '../platform/settings.js';

/** News, public settings and the area list. */
export class ContentService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: Settings,
    private readonly timeZone: string,
  ) {}

  async categories(lang: Lang): Promise<NewsCategory[]> {
    const rows = await this.db
      .selectFrom('news_categories')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => {
      const key = `news_category.${row.slug}`;
      return { id: row.id, name: isMessageKey(key) ? translate(lang, key) : row.slug };
    });
  }

  /**
   * The articles of a category (of every category without one) in the caller's language, falling
   * back to English.
   */
  async list(
    categoryId: number | undefined,
    page: number,
    perPage: number,
    lang: Lang,
  ): Promise<Paged<NewsItem>> {
    const { total } = await this.db
      .selectFrom('news')
      .$if(categoryId !== undefined, (query) => query.where('category_id', '=', categoryId!))
      .where('status', '=', 'published')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await this.newsWithText(lang)
      .$if(categoryId !== undefined, (query) => query.where('news.category_id', '=', categoryId!))
      .where('news.status', '=', 'published')
      .orderBy('news.sort')
      .orderBy('news.created_at', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return paged(
      rows.map((row) => this.toItem(row)),
      Number(total),
      page,
      perPage,
    );
  }

  /** A published article; one the operator withdrew is named as withdrawn, not as unknown. */
  async info(id: number, lang: Lang): Promise<NewsItem> {
    const row = await this.newsWithText(lang)
      .select('news.status')
      .where('news.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== 'published') throw new AppError(410, 'error.article_withdrawn');
    const { status: _status, ...item } = row;
    return this.toItem(item);
  }

  /** Articles with their text in `lang`, or in English where that language has none. */
  private newsWithText(lang: Lang) {
    return this.db
      .selectFrom('news')
      .innerJoin('news_texts as t', (join) =>
        join.onRef('t.news_id', '=', 'news.id').on((eb) =>
          eb.or([
            eb('t.lang', '=', lang),
            eb.and([
              eb('t.lang', '=', DEFAULT_LANG),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('news_texts as own')
                    .select(sql`1`.as('one'))
                    .whereRef('own.news_id', '=', 'news.id')
                    .where('own.lang', '=', lang),
                ),
              ),
            ]),
          ]),
        ),
      )
      .select(['news.id', 'news.category_id', 'news.banner', 'news.created_at', 't.title', 't.content']);
  }

  private toItem(row: {
    id: number;
    category_id: number;
    banner: string | null;
    created_at: number;
    title: string;
    content: string;
  }): NewsItem {
    return { ...row, created_at: formatDateTime(row.created_at, this.timeZone) };
  }

  async areas(): Promise<Area[]> {
    return this.db
      .selectFrom('areas')
      .select(['id', 'global_code', 'name'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** One public setting's value, or all of them as an object. */
  async setting(key: string | undefined): Promise<string | Record<string, string>> {
    if (key) {
      // A key this exchange does not have (or keeps private) answers an empty value (docs/web-app.md).
      if (!(PUBLIC_SETTINGS as readonly string[]).includes(key)) return '';
      return this.publicValue(key as PublicSetting);
    }
    const entries = await Promise.all(
      PUBLIC_SETTINGS.map(async (name) => [name, await this.publicValue(name)]),
    );
    return Object.fromEntries(entries);
  }

  /** A public setting; the exchange's time zone comes from the configuration, the rest from the table. */
  private async publicValue(name: PublicSetting): Promise<string> {
    return name === 'exchange_tz' ? this.timeZone : this.settings.get(name);
  }
}

/** An article's text in one language. */
export interface ArticleText {
  title: string;
  /** HTML the caller built or sanitised: it is stored as given. */
  content: string;
}

/**
 * Publishes a notice (the `notice` category: the home page's notices and the notice list) with its
 * text in each given language, English at least (the fallback of the others); answers its id. It
 * takes the caller's database or transaction, so a notice can be written together with what it
 * announces.
 */
export async function insertNotice(
  db: Kysely<Database>,
  texts: Partial<Record<Lang, ArticleText>> & { en: ArticleText },
  createdAt: number,
): Promise<number> {
  const category = await db
    .selectFrom('news_categories')
    .select('id')
    .where('slug', '=', 'notice')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('news')
    .values({ category_id: category.id, banner: null, sort: 0, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('news_texts')
    .values(Object.entries(texts).map(([lang, text]) => ({ news_id: id, lang, ...text })))
    .execute();
  return id;
}
