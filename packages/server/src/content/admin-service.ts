import {
  BANNER_CATEGORY,
  CONTENT_IMAGE_PATH,
  LANGS,
  type AdminArticle,
  type AdminArticleRow,
  type ArticleRevision,
  type ArticleStatus,
  type ArticleText,
  type ArticleTexts,
  type Lang,
  type Paged,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NewsTable } from '../db/schema.js';
import { paged } from '../lib/paged.js';
import { badRequest, conflict, notFound } from '../platform/errors.js';
import type { Clock } from '../lib/clock.js';
import { contentImageName, isBlankBody, sanitiseBody } from './sanitize.js';

type NewsRow = Selectable<NewsTable>;

export interface ArticleDraft {
  id?: number;
  category_id: number;
  sort: number;
  /** An upload to show as the banner; null removes it; undefined keeps the article's. */
  banner_upload_id?: number | null;
  texts: ArticleTexts;
  reason?: string | undefined;
}

export interface ListFilter {
  category?: number;
  status?: ArticleStatus;
  page: number;
  limit: number;
}

/** What a change replaced and what it left, for the operator log. */
export interface Changed {
  before: AdminArticle | null;
  after: AdminArticle;
}

/** The languages an article's texts were given in, English first. */
function givenTexts(texts: ArticleTexts): [Lang, ArticleText][] {
  return LANGS.flatMap((lang) => {
    const text = texts[lang];
    return text ? [[lang, text] as [Lang, ArticleText]] : [];
  });
}

/** The texts as they will be stored: bodies sanitised, and the uploaded images they show. */
export function cleanTexts(texts: ArticleTexts): { texts: [Lang, ArticleText][]; images: string[] } {
  const images = new Set<string>();
  const cleaned = givenTexts(texts).map(([lang, text]): [Lang, ArticleText] => {
    const body = sanitiseBody(text.content);
    if (isBlankBody(body.html)) throw badRequest('error.article_body_empty', { lang });
    body.images.forEach((name) => images.add(name));
    return [lang, { title: text.title.trim(), content: body.html }];
  });
  return { texts: cleaned, images: [...images] };
}

/**
 * The console's side of news, notices, banners and help pages: list, read, preview, save,
 * withdraw and publish again. Nothing is ever deleted: a withdrawn article stays, with who
 * withdrew it, when and why, and the operator log holds every version it replaced.
 */
export class ArticleEditor {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async list(filter: ListFilter): Promise<Paged<AdminArticleRow>> {
    let query = this.db.selectFrom('news');
    if (filter.category !== undefined) query = query.where('category_id', '=', filter.category);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    // Within a category, the order the public lists use; across categories, newest first.
    const ordered =
      filter.category !== undefined
        ? query.orderBy('sort').orderBy('created_at', 'desc').orderBy('id', 'desc')
        : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
    const rows = await ordered
      .selectAll()
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute();
    const texts = await this.textsOf(rows.map((row) => row.id));
    return paged(
      rows.map((row) => this.toRow(row, texts.get(row.id) ?? {})),
      Number(total),
      filter.page,
      filter.limit,
    );
  }

  async get(id: number, db: Kysely<Database> = this.db): Promise<AdminArticle> {
    const row = await db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const texts = (await this.textsOf([id], db)).get(id) ?? {};
    const history = await db
      .selectFrom('news_revisions')
      .select(['id', 'at', 'operator', 'action', 'reason'])
      .where('news_id', '=', id)
      .orderBy('id', 'desc')
      .execute();
    return {
      ...this.toArticle(row, texts),
      banner_upload_id: await this.bannerUpload(row.banner, db),
      history,
    };
  }

  /** The texts as a save would store them; nothing is written. */
  preview(texts: ArticleTexts): Partial<Record<Lang, ArticleText>> {
    return Object.fromEntries(cleanTexts(texts).texts);
  }

  /** A new article (published at once) or a new version of one; a withdrawn one stays withdrawn. */
  async save(draft: ArticleDraft, operator: string): Promise<Changed> {
    const { texts, images } = cleanTexts(draft.texts);
    return this.db.transaction().execute(async (trx) => {
      const before = draft.id !== undefined ? await this.get(draft.id, trx) : null;
      const banner = await this.resolveBanner(draft.banner_upload_id, before?.banner ?? null, trx);
      if (draft.category_id === BANNER_CATEGORY && banner === null) {
        throw badRequest('error.article_banner_required');
      }
      const imageIds = await this.imageIds(
        [...images, ...(banner ? [contentImageName(banner)] : [])].filter((name) => name !== null),
        trx,
      );
      const now = this.clock.now();
      const fields = {
        category_id: draft.category_id,
        sort: draft.sort,
        banner,
        updated_at: now,
        updated_by: operator,
      };
      let id: number;
      if (before) {
        id = before.id;
        await trx.updateTable('news').set(fields).where('id', '=', id).execute();
        await trx.deleteFrom('news_texts').where('news_id', '=', id).execute();
        await trx.deleteFrom('news_images').where('news_id', '=', id).execute();
      } else {
        const row = await trx
          .insertInto('news')
          .values({ ...fields, created_at: now, status: 'published' })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      }
      await trx
        .insertInto('news_texts')
        .values(texts.map(([lang, text]) => ({ news_id: id, lang, ...text })))
        .execute();
      if (imageIds.length > 0) {
        await trx
          .insertInto('news_images')
          .values(imageIds.map((imageId) => ({ news_id: id, image_id: imageId })))
          .execute();
      }
      return { before, after: await this.record(id, 'save', draft.reason ?? '', operator, trx) };
    });
  }

  /** Withdraws a published article, or publishes a withdrawn one again. */
  async setStatus(id: number, status: ArticleStatus, reason: string, operator: string): Promise<Changed> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      if (before.status === status) {
        throw conflict(
          status === 'withdrawn' ? 'error.article_already_withdrawn' : 'error.article_not_withdrawn',
        );
      }
      const now = this.clock.now();
      await trx
        .updateTable('news')
        .set(
          status === 'withdrawn'
            ? { status, withdrawn_at: now, withdrawn_by: operator, withdraw_reason: reason }
            : // Published again: the last withdrawal stays in the operator log, not on the article.
              {
                status,
                withdrawn_at: null,
                withdrawn_by: null,
                withdraw_reason: null,
                updated_at: now,
                updated_by: operator,
              },
        )
        .where('id', '=', id)
        .execute();
      const action = status === 'withdrawn' ? 'withdraw' : 'restore';
      return { before, after: await this.record(id, action, reason, operator, trx) };
    });
  }

  /** Keeps the whole new version with who made it, and answers the article as it now is. */
  private async record(
    id: number,
    action: ArticleRevision['action'],
    reason: string,
    operator: string,
    db: Kysely<Database>,
  ): Promise<AdminArticle> {
    const { history: _history, ...article } = await this.get(id, db);
    await db
      .insertInto('news_revisions')
      .values({
        news_id: id,
        at: this.clock.now(),
        operator,
        action,
        reason,
        article: JSON.stringify(article),
      })
      .execute();
    return this.get(id, db);
  }

  /** The banner a save leaves: the given upload's public path, none, or the article's own. */
  private async resolveBanner(
    uploadId: number | null | undefined,
    current: string | null,
    db: Kysely<Database>,
  ): Promise<string | null> {
    if (uploadId === undefined) return current;
    if (uploadId === null) return null;
    const image = await db
      .selectFrom('content_images')
      .select('stored_name')
      .where('id', '=', uploadId)
      .executeTakeFirst();
    if (!image) throw badRequest('error.content_image_unknown');
    return CONTENT_IMAGE_PATH + image.stored_name;
  }

  /** The ids of uploaded images by name; refuses a name that is not one of the console's uploads. */
  private async imageIds(names: string[], db: Kysely<Database>): Promise<number[]> {
    const wanted = [...new Set(names)];
    if (wanted.length === 0) return [];
    const rows = await db
      .selectFrom('content_images')
      .select('id')
      .where('stored_name', 'in', wanted)
      .execute();
    if (rows.length !== wanted.length) throw badRequest('error.content_image_unknown');
    return rows.map((row) => row.id);
  }

  private async bannerUpload(banner: string | null, db: Kysely<Database>): Promise<number | null> {
    const name = banner ? contentImageName(banner) : null;
    if (!name) return null;
    const row = await db
      .selectFrom('content_images')
      .select('id')
      .where('stored_name', '=', name)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  private async textsOf(
    ids: number[],
    db: Kysely<Database> = this.db,
  ): Promise<Map<number, Partial<Record<Lang, ArticleText>>>> {
    const byArticle = new Map<number, Partial<Record<Lang, ArticleText>>>();
    if (ids.length === 0) return byArticle;
    const rows = await db.selectFrom('news_texts').selectAll().where('news_id', 'in', ids).execute();
    for (const row of rows) {
      const texts = byArticle.get(row.news_id) ?? {};
      texts[row.lang as Lang] = { title: row.title, content: row.content };
      byArticle.set(row.news_id, texts);
    }
    return byArticle;
  }

  private toRow(row: NewsRow, texts: Partial<Record<Lang, ArticleText>>): AdminArticleRow {
    return {
      id: row.id,
      category_id: row.category_id,
      sort: row.sort,
      status: row.status,
      title: texts.en?.title ?? '',
      langs: LANGS.filter((lang) => texts[lang] !== undefined),
      banner: row.banner,
      created_at: row.created_at,
      updated_at: row.updated_at,
      withdrawn_at: row.withdrawn_at,
    };
  }

  private toArticle(
    row: NewsRow,
    texts: Partial<Record<Lang, ArticleText>>,
  ): Omit<AdminArticle, 'banner_upload_id' | 'history'> {
    return {
      ...this.toRow(row, texts),
      texts,
      updated_by: row.updated_by,
      withdrawn_by: row.withdrawn_by,
      withdraw_reason: row.withdraw_reason,
    };
  }
}
