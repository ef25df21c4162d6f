import { z } from './zod.js';
import { idField, intLike } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';

export const newsListQuery = z.object({
  /**
   * Absent, empty or 0 (spec's client, for the home announcement): every category, newest first.
   */
  category_id: intLike
    .pipe(z.number().min(0, { message: 'rule.positive' }))
    .optional()
    .transform((id) => (id ? id : undefined)),
  page: intLike.pipe(z.number().min(1, { message: 'rule.positive' })).default(1),
  limit: intLike.pipe(z.number().min(1).max(100)).default(10),
});

export const newsInfoQuery = z.object({ id: idField });

export const settingQuery = z.object({ key: z.string().trim().max(64).optional() });

export interface NewsCategory {
  id: number;
  name: string;
}

export interface NewsItem {
  id: number;
  category_id: number;
  title: string;
  content: string;
  banner: string | null;
  created_at: string;
}

export interface Area {
  id: number;
  global_code: string;
  name: string;
}

/** Settings the public may read through default/setting. */
export const PUBLIC_SETTINGS = [
  'login_use_sms',
  'register_require_invite',
  'contact_mobile',
  'contact_email',
  'site_name',
  'home_coins',
  /** The exchange's time zone (EXCHANGE_TZ): charts and day klines use it. */
  'exchange_tz',
  /** How far (percent) a limit price may go through the best opposite price before the form warns. */
  'price_warning_percent',
] as const;
export type PublicSetting = (typeof PUBLIC_SETTINGS)[number];

const contentCall = { auth: 'public', tags: ['content'] } as const;

/** The public content calls (docs/operator-console.md): news, calling codes, public settings. */
export const contentCalls = {
  newsCategories: defineCall({
    ...contentCall,
    method: 'GET',
    path: 'news/categories',
    reply: reply<NewsCategory[]>(),
    summary: 'News categories',
  }),
  news: defineCall({
    ...contentCall,
    method: 'GET',
    path: 'news/list',
    request: newsListQuery,
    reply: reply<Paged<NewsItem>>(),
    summary: 'Articles of a category, paged',
  }),
  article: defineCall({
    ...contentCall,
    method: 'GET',
    path: 'news/info',
    request: newsInfoQuery,
    reply: reply<NewsItem>(),
    summary: 'One article',
  }),
  areas: defineCall({
    ...contentCall,
    method: 'GET',
    path: 'default/area_list',
    reply: reply<Area[]>(),
    summary: 'Country and area calling codes',
  }),
  setting: defineCall({
    ...contentCall,
    method: 'GET',
    path: 'default/setting',
    request: settingQuery,
    /** One setting's value by key, or every public setting by key without one. */
    reply: z.union([z.string(), z.record(z.string(), z.string())]),
    summary: 'A public setting by key, or all of them',
  }),
};
