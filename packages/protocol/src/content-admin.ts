import { z } from './zod.js';
import { idField, intLike, pageField } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Lang, Paged } from './envelope.js';

/**
 * The operator console's articles (docs/operator-console.md): news, notices, banners, help, about and legal
 * pages in the seven languages. English is required; a language without its own text is shown in
 * English by the public calls. Bodies are sanitised by the server on every save.
 */

/** The spec's fixed categories: 1 banners, 4 help, 5 about, 6 news, 22 notices, 26 legal. */
export const CONTENT_CATEGORIES = [1, 4, 5, 6, 22, 26] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];
/** The home carousel's category: its articles need a banner image. */
export const BANNER_CATEGORY = 1;

/**
 * Published articles are public. A withdrawn one stays in the database and the operator log with
 * who withdrew it, when and why; the public calls no longer list it and say it was withdrawn.
 */
export const ARTICLE_STATUSES = ['published', 'withdrawn'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_TITLE_MAX = 200;
/** Characters of one body as sent, before sanitising. */
export const ARTICLE_BODY_MAX = 100_000;

const categoryField = intLike.pipe(
  z.number().refine((value) => (CONTENT_CATEGORIES as readonly number[]).includes(value), {
    message: 'rule.content_category',
  }),
);

const articleText = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'rule.required' })
    .max(ARTICLE_TITLE_MAX, { message: 'rule.too_long' }),
  content: z.string().max(ARTICLE_BODY_MAX, { message: 'rule.too_long' }),
});
export type ArticleText = z.infer<typeof articleText>;

/** English is required; each other language is optional (absent = shown in English). */
export const articleTexts = z
  .object({
    en: articleText,
    zh: articleText.optional(),
    hk: articleText.optional(),
    jp: articleText.optional(),
    gm: articleText.optional(),
    du: articleText.optional(),
    fr: articleText.optional(),
  })
  .strict();
export type ArticleTexts = z.infer<typeof articleTexts>;

const reasonField = z
  .string()
  .trim()
  .min(3, { message: 'rule.too_short' })
  .max(500, { message: 'rule.too_long' });

/** `POST /api/admin/content/articles/save`: a new article (no id) or an edit of one. */
export const articleSaveRequest = z.object({
  id: idField.optional(),
  category_id: categoryField,
  /** Order in its category, smallest first (the public lists sort by it, then newest first). */
  sort: intLike.pipe(z.number().min(0, { message: 'rule.too_small' }).max(9999, { message: 'rule.too_big' })),
  /**
   * An operator upload (`/api/admin/content/upload`) to show as the banner; null removes the
   * banner; absent keeps the one the article has.
   */
  banner_upload_id: idField.nullable().optional(),
  texts: articleTexts,
  reason: reasonField.optional(),
});
export type ArticleSaveRequest = z.input<typeof articleSaveRequest>;

/** `POST /api/admin/content/preview`: the texts as the server would store them, nothing written. */
export const articlePreviewRequest = z.object({ texts: articleTexts });
export type ArticlePreviewRequest = z.input<typeof articlePreviewRequest>;

/** `articles/withdraw` and `articles/restore`: a reason is required, and shown in the log. */
export const articleStatusRequest = z.object({ id: idField, reason: reasonField });
export type ArticleStatusRequest = z.input<typeof articleStatusRequest>;

export const articleListQuery = z.object({
  category: categoryField.optional(),
  status: z.enum(ARTICLE_STATUSES, { message: 'rule.article_status' }).optional(),
  page: pageField,
  limit: intLike.pipe(z.number().min(1).max(100)).default(20),
});

export const articleIdParams = z.object({ id: idField });

/** Where an operator's image is served; it answers the public only while a published article shows it. */
export const CONTENT_IMAGE_PATH = '/api/content/image/';
/** An uploaded image's name in that path: a random token and the re-encoded format's extension. */
export const CONTENT_IMAGE_NAME = /^[A-Za-z0-9_-]{43}\.(?:jpg|png|webp)$/;
export const contentImageParams = z.object({ name: z.string().max(80, { message: 'rule.too_long' }) });

/** One row of the console's article list. Times are milliseconds. */
export interface AdminArticleRow {
  id: number;
  category_id: number;
  sort: number;
  status: ArticleStatus;
  /** The English title. */
  title: string;
  /** The languages that have their own text (English always). */
  langs: Lang[];
  banner: string | null;
  created_at: number;
  updated_at: number | null;
  withdrawn_at: number | null;
}

/** One change the console made to an article; the whole version is kept with it on the server. */
export interface ArticleRevision {
  id: number;
  at: number;
  operator: string;
  action: 'save' | 'withdraw' | 'restore';
  reason: string;
}

/** One article with every language's text, as stored (already sanitised). */
export interface AdminArticle extends AdminArticleRow {
  texts: Partial<Record<Lang, ArticleText>>;
  /** The operator upload shown as the banner, or null (no banner, or a seed banner under /banners). */
  banner_upload_id: number | null;
  updated_by: string | null;
  withdrawn_by: string | null;
  withdraw_reason: string | null;
  /** The console's changes, newest first (seeded articles start with none). */
  history: ArticleRevision[];
}

/** `POST /api/admin/content/upload`: the re-encoded image, public once an article shows it. */
export interface ContentImage {
  id: number;
  /** The public path; it answers only while a published article shows the image. */
  url: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

const operatorCall = { auth: 'operator', tags: ['admin'] } as const;

/** A change of an article's status, with a reason; the answer is the article after. */
function statusCall<const P extends string>(path: P, summary: string) {
  return defineCall({
    ...operatorCall,
    method: 'POST',
    path: `admin/content/articles/${path}`,
    request: articleStatusRequest,
    reply: reply<AdminArticle>(),
    summary,
  });
}

/**
 * The console's articles. An uploaded image is read by `GET admin/content/image/:name`, which
 * answers the image's bytes, not an envelope: a route of its own, not a call.
 */
export const contentAdminCalls = {
  articles: defineCall({
    ...operatorCall,
    method: 'GET',
    path: 'admin/content/articles',
    request: articleListQuery,
    reply: reply<Paged<AdminArticleRow>>(),
    summary: 'Articles of a category (or all), published and withdrawn, in the public order',
  }),
  article: defineCall({
    ...operatorCall,
    method: 'GET',
    path: 'admin/content/articles/:id',
    params: articleIdParams,
    reply: reply<AdminArticle>(),
    summary: 'One article with the text of every language it has',
  }),
  preview: defineCall({
    ...operatorCall,
    method: 'POST',
    path: 'admin/content/preview',
    request: articlePreviewRequest,
    reply: reply<Partial<Record<Lang, ArticleText>>>(),
    summary: 'The texts as a save would store them (bodies sanitised); nothing is written',
  }),
  save: defineCall({
    ...operatorCall,
    method: 'POST',
    path: 'admin/content/articles/save',
    request: articleSaveRequest,
    reply: reply<AdminArticle>(),
    summary:
      'Publish a new article or a new version of one: English required, other languages optional (shown in English where absent), bodies sanitised on the server',
  }),
  withdraw: statusCall(
    'withdraw',
    'Withdraw a published article: the public no longer lists it and is told it was withdrawn; it stays in the database and the log',
  ),
  restore: statusCall('restore', 'Publish a withdrawn article again'),
  upload: defineCall({
    ...operatorCall,
    method: 'POST',
    path: 'admin/content/upload',
    multipart: true,
    reply: reply<ContentImage>(),
    summary:
      'Upload a banner or article image (multipart field `file`): the same checks as every upload (JPEG, PNG or WebP by its bytes, whole, at most 5 MB and 40 megapixels), re-encoded without metadata; public only while a published article shows it',
  }),
};
