import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPath } from '../src/lib/paths.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo seed's news rows, with each article's date as days before the seed's clock. */
interface SeededNews {
  news: Record<string, unknown>[];
  texts: { news_id: number; lang: string; title: string; content: string }[];
}

/** Reads the seeded news rows; `seededAt` is the seed's clock, so dates read as whole days before it. */
async function readSeededNews(ex: TestExchange): Promise<{ rows: SeededNews; seededAt: number[] }> {
  const news = await ex.db.kysely.selectFrom('news').selectAll().orderBy('id').execute();
  const texts = await ex.db.kysely
    .selectFrom('news_texts')
    .select(['news_id', 'lang', 'title', 'content'])
    .orderBy('news_id')
    .orderBy('lang')
    .execute();
  const seededAt = new Set<number>();
  const rows = news.map(({ created_at, ...row }) => {
    const days = Math.round((ex.clock.now() - Number(created_at)) / DAY_MS);
    seededAt.add(Number(created_at) + days * DAY_MS);
    return { ...row, days_ago: days };
  });
  return { rows: { news: rows, texts }, seededAt: [...seededAt] };
}

let ex: TestExchange;
let started: number;
beforeAll(async () => {
  started = Date.now();
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

describe('demo news seed', () => {
  it('writes the same news rows and texts, in every language, as the snapshot of the seed', async () => {
    const fixture = JSON.parse(
      readFileSync(join(serverPath('test/fixtures'), 'demo-news-seed.json'), 'utf8'),
    ) as SeededNews;
    const { rows, seededAt } = await readSeededNews(ex);
    // Every date is the seed's one clock reading minus whole days.
    expect(seededAt).toHaveLength(1);
    expect(seededAt[0]).toBeGreaterThanOrEqual(started);
    expect(seededAt[0]).toBeLessThanOrEqual(ex.clock.now());
    expect(rows.news).toEqual(fixture.news);
    expect(rows.texts.length).toBe(fixture.texts.length);
    for (const [index, text] of rows.texts.entries())
      expect(text, `${text.news_id} ${text.lang}`).toEqual(fixture.texts[index]);
  });
});
