import type { Area, NewsCategory, NewsItem, Paged } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

describe('news', () => {
  it('lists the categories the front end uses, named in the caller language', async () => {
    const en = await ex.api.get<NewsCategory[]>('news/categories');
    expect(en.body.data!.map((c) => c.id)).toEqual([1, 4, 5, 6, 22, 26]);
    expect(en.body.data![0]!.name).toBe('Banners');
    const zh = await ex.api.get<NewsCategory[]>('news/categories', {}, { lang: 'zh' });
    expect(zh.body.data![0]!.name).not.toBe('Banners');
  });

  it('has readable demo articles in every seeded category, paged', async () => {
    for (const category of [1, 4, 5, 6, 22]) {
      const list = await ex.api.get<Paged<NewsItem>>('news/list', { category_id: category });
      expect(list.body.code).toBe(1);
      expect(list.body.data!.total).toBeGreaterThanOrEqual(category === 1 || category === 22 ? 2 : 3);
      for (const item of list.body.data!.data) {
        expect(item.title.length).toBeGreaterThan(5);
        expect(item.content).toMatch(/<p>/);
        expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      }
    }
    const banners = await ex.api.get<Paged<NewsItem>>('news/list', { category_id: 1 });
    expect(banners.body.data!.data.every((item) => item.banner?.startsWith('/banners/'))).toBe(true);
    const firstPage = await ex.api.get<Paged<NewsItem>>('news/list', { category_id: 4, limit: 2 });
    const secondPage = await ex.api.get<Paged<NewsItem>>('news/list', { category_id: 4, limit: 2, page: 2 });
    expect(firstPage.body.data).toMatchObject({ per_page: 2, current_page: 1, last_page: 2 });
    const ids = [...firstPage.body.data!.data, ...secondPage.body.data!.data].map((item) => item.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('serves the privacy policy as item 66 of category 26, in Chinese too', async () => {
    const en = await ex.api.get<NewsItem>('news/info', { id: 66 });
    expect(en.body.data).toMatchObject({ id: 66, category_id: 26, title: 'Privacy Policy' });
    expect(en.body.data!.content).toContain('argon2id');
    const zh = await ex.api.get<NewsItem>('news/info', { id: 66 }, { lang: 'zh' });
    expect(zh.body.data!.title).toMatch(/[\u4e00-\u9fff]/);
    const hk = await ex.api.get<NewsItem>('news/info', { id: 66 }, { lang: 'hk' });
    expect(hk.body.data!.title).not.toBe(zh.body.data!.title);
  });

  it('serves every demo article in all seven languages', async () => {
    for (const lang of ['zh', 'hk', 'jp', 'gm', 'du', 'fr']) {
      const item = await ex.api.get<NewsItem>('news/info', { id: 66 }, { lang });
      expect(item.body.data!.title, lang).not.toBe('Privacy Policy');
    }
    const rows = await ex.db.kysely
      .selectFrom('news_texts')
      .select(({ fn }) => ['lang', fn.countAll<number>().as('count')])
      .groupBy('lang')
      .execute();
    const counts = new Set(rows.map((row) => Number(row.count)));
    expect(rows).toHaveLength(7);
    expect(counts.size).toBe(1);
  });

  it('falls back to English where a language has no text', async () => {
    await ex.db.kysely
      .insertInto('news')
      .values({ id: 900, category_id: 6, banner: null, sort: 9, created_at: Date.now() })
      .execute();
    await ex.db.kysely
      .insertInto('news_texts')
      .values({ news_id: 900, lang: 'en', title: 'Only in English', content: '<p>x</p>' })
      .execute();
    const fr = await ex.api.get<NewsItem>('news/info', { id: 900 }, { lang: 'fr' });
    expect(fr.body.data!.title).toBe('Only in English');
    const list = await ex.api.get<Paged<NewsItem>>('news/list', { category_id: 6 }, { lang: 'gm' });
    expect(list.body.data!.data).toHaveLength(list.body.data!.total);
  });

  it('refuses an unknown article and a bad id; a list without a category (or 0) is every category', async () => {
    expect((await ex.api.get('news/info', { id: 99999 })).body.code).toBe(0);
    const bad = await ex.api.get('news/info', { id: "1' OR '1'='1" });
    expect(bad).toMatchObject({ status: 200, body: { code: 0, msg: 'id: must be a whole number' } });
    const all = await ex.api.get<Paged<NewsItem>>('news/list');
    const banners = await ex.api.get<Paged<NewsItem>>('news/list', { category_id: 1 });
    expect(all.body.data!.total).toBeGreaterThan(banners.body.data!.total);
    for (const none of [0, '']) {
      const same = await ex.api.get<Paged<NewsItem>>('news/list', { category_id: none });
      expect(same.body.data!.total, String(none)).toBe(all.body.data!.total);
    }
  });
});

/**
 * The mark price rule, in the words each language states it with (the verify view's own terms),
 * and the words of the old last-trade rule that must be gone from every article.
 */
const MARK_RULE: Record<string, { terms: string[]; old: string[] }> = {
  en: {
    terms: ['mark price', 'impact bid', 'impact ask', 'trade price', '25,000 USDT', 'five'],
    old: ['last trade', 'last price', 'best bid'],
  },
  zh: { terms: ['标记价格', '冲击买价', '冲击卖价', '成交价', '25,000 USDT', '五秒'], old: ['最新成交价'] },
  hk: { terms: ['標記價格', '衝擊買價', '衝擊賣價', '成交價', '25,000 USDT', '五秒'], old: ['最新成交價'] },
  jp: {
    terms: ['マーク価格', 'インパクト買値', 'インパクト売値', '約定価格', '25,000 USDT', '5秒'],
    old: ['最終取引価格', '直近の約定価格'],
  },
  gm: {
    terms: ['Markpreis', 'Impact-Gebot', 'Impact-Angebot', 'Tradepreis', '25.000 USDT', 'fünf'],
    old: ['letzten Handelspreis', 'letzter Handel'],
  },
  du: {
    terms: ['markprijs', 'impactbod', 'impactlaat', 'transactieprijs', '25.000 USDT', 'vijf'],
    old: ['laatste handelsprijs', 'laatste transactie'],
  },
  fr: {
    terms: [
      'prix de référence',
      "prix d'impact à l'achat",
      "prix d'impact à la vente",
      'prix des échanges',
      '25 000 USDT',
      'cinq',
    ],
    old: ['dernier prix', 'dernière transaction'],
  },
};

describe('the demo articles state the mark price rule', () => {
  const normal = (text: string) => text.toLowerCase().replace(/[’‘]/g, "'");

  it('in every language: the seconds-contract news, the honesty principles and the seconds-contract help', async () => {
    for (const [lang, rule] of Object.entries(MARK_RULE)) {
      for (const id of [3, 9, 13]) {
        const item = await ex.api.get<NewsItem>('news/info', { id }, { lang });
        const content = normal(item.body.data!.content);
        for (const term of rule.terms) expect(content, `${lang}/${id}: "${term}"`).toContain(normal(term));
      }
      // The help's check-it-yourself steps: the order's verify view, and the public tape.
      const help = await ex.api.get<NewsItem>('news/info', { id: 13 }, { lang });
      expect(help.body.data!.content, lang).toContain('href="/api/market/mark_prices?symbol=BTC/USDT"');
    }
  });

  it('no article in any language states the old last-trade rule', async () => {
    const all = await ex.api.get<Paged<NewsItem>>('news/list', { limit: 100 });
    expect(all.body.data!.data.length).toBe(all.body.data!.total);
    for (const [lang, rule] of Object.entries(MARK_RULE)) {
      for (const { id } of all.body.data!.data) {
        const item = await ex.api.get<NewsItem>('news/info', { id }, { lang });
        const content = normal(item.body.data!.content);
        for (const term of rule.old)
          expect(content, `${lang}/${id}: old "${term}"`).not.toContain(normal(term));
      }
    }
  });
});

describe('settings and areas', () => {
  it('answers one public setting by key, or all of them', async () => {
    expect((await ex.api.get('default/setting', { key: 'login_use_sms' })).body).toMatchObject({
      code: 1,
      data: '0',
    });
    expect((await ex.api.get('default/setting', { key: 'register_require_invite' })).body.data).toBe('1');
    const all = await ex.api.get<Record<string, string>>('default/setting');
    expect(all.body.data).toMatchObject({
      contact_email: 'support@demo.test',
      contact_mobile: '+1 555 0100',
      home_coins: 'BTC,ETH,TRX,DOT,FAIR',
      exchange_tz: 'Asia/Shanghai',
      price_warning_percent: '10',
    });
    expect(Object.keys(all.body.data!)).not.toContain('seed.demo');
  });

  it('does not reveal internal settings: an unknown or private key answers an empty value', async () => {
    for (const key of ['seed.demo', 'no_such_setting']) {
      const answer = await ex.api.get('default/setting', { key });
      expect(answer).toMatchObject({ status: 200, body: { code: 1, data: '' } });
    }
  });

  it('lists the areas with their global codes', async () => {
    const areas = await ex.api.get<Area[]>('default/area_list');
    expect(areas.body.data!.length).toBeGreaterThan(20);
    expect(areas.body.data!.map((area) => area.global_code)).toEqual(
      expect.arrayContaining(['86', '852', '1', '44', '81']),
    );
  });
});

describe('assets the seed refers to', () => {
  it('serves every banner and coin logo named in the data', async () => {
    const banners = await ex.api.get<Paged<NewsItem>>('news/list', { category_id: 1 });
    const logos = await ex.db.kysely.selectFrom('currencies').select('logo').execute();
    const paths = [...banners.body.data!.data.map((item) => item.banner!), ...logos.map((row) => row.logo)];
    expect(paths.length).toBeGreaterThanOrEqual(9);
    for (const path of paths) {
      const response = await fetch(`${ex.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('image/svg+xml');
    }
  });
});
