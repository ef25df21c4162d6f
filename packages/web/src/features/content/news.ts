import { api, DEFAULT_HOME_COINS, type NewsItem, type PublicSetting } from '@oex/protocol';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { DEFAULT_EXCHANGE_ZONE, setExchangeZone } from '../../lib/format.js';

/** News categories the pages use (docs/web-app.md). */
export const Category = {
  BANNERS: 1,
  SUPPORT: 4,
  ABOUT: 5,
  NEWS: 6,
  NOTICES: 22,
  LEGAL: 26,
} as const;

/** A page of a news category, newest first. */
export function useNewsList(categoryId: number, limit = 10) {
  return useQuery({
    queryKey: ['news/list', categoryId, limit],
    queryFn: () => call(api.content.news, { category_id: categoryId, limit }, { quiet: true }),
    enabled: categoryId > 0,
  });
}

export function useNewsItem(id: number | null) {
  return useQuery({
    queryKey: ['news/info', id],
    queryFn: () => call(api.content.article, { id: id! }, { quiet: true }),
    enabled: id !== null,
  });
}

/** Every public setting, loaded once. */
export function useSettings() {
  return useQuery({
    queryKey: ['default/setting'],
    queryFn: async () => {
      // Without a key the answer is every public setting by key.
      const settings = (await call(api.content.setting, {}, { quiet: true })) as Record<
        PublicSetting,
        string
      >;
      // Plain formatters (the console's tables) read the zone without a hook.
      setExchangeZone(settings.exchange_tz);
      return settings;
    },
    staleTime: Infinity,
  });
}

/** The spec's zone, Asia/Shanghai, until the server's settings say which one the exchange keeps. */
export const SPEC_TZ = DEFAULT_EXCHANGE_ZONE;

/** The exchange's time zone (EXCHANGE_TZ), in which every time is shown. */
export function useExchangeTimeZone(): string {
  return useSettings().data?.exchange_tz ?? SPEC_TZ;
}

/** The home table's coins: the operator's `home_coins`, or the default until settings arrive. */
export function useHomeCoins(): string {
  return useSettings().data?.home_coins ?? DEFAULT_HOME_COINS;
}

/** The notice page of an article. */
export function noticeLink(item: Pick<NewsItem, 'id' | 'category_id'>): string {
  return `/notice?id=${item.id}&category_id=${item.category_id}`;
}
