import { expect, test } from '@playwright/test';
import { budget, openThemed } from './helpers.js';

/** The banners' words are the articles' translated titles, over artwork without text. */

const BANNERS_CATEGORY = 1;

test('the banner artwork carries no words', async ({ request }) => {
  for (const file of ['1.svg', '2.svg', '3.svg']) {
    const svg = await (await request.get(`/banners/${file}`)).text();
    expect(svg).toContain('<svg');
    expect(svg).not.toContain('<text');
  }
});

test('home banners show their titles in the reader language over the artwork', async ({ page, request }) => {
  // Four languages in two themes at two widths: sixteen pages, 18 s idle.
  test.setTimeout(budget(120_000));
  for (const lang of ['en', 'gm', 'fr', 'jp'] as const) {
    const answer = await request.get(`/api/news/list?category_id=${BANNERS_CATEGORY}&page=1&limit=4`, {
      headers: { lang },
    });
    const { data } = (await answer.json()) as { data: { data: { title: string; banner: string | null }[] } };
    const titles = data.data.filter((item) => item.banner).map((item) => item.title);
    expect(titles.length).toBeGreaterThan(0);
    await page.goto('/home');
    await page.evaluate((code) => localStorage.setItem('lang', code), lang);
    for (const [theme, width] of [
      ['light', 1440],
      ['dark', 1440],
      ['light', 390],
      ['dark', 390],
    ] as const) {
      await openThemed(page, '/home', theme, width);
      const first = page.getByTestId('banner-title').first();
      await expect(first).toHaveText(titles[0]!);
      await expect(first).toBeVisible();
      // The words sit inside their artwork.
      const [text, art] = await Promise.all([
        first.boundingBox(),
        page.locator('section img').first().boundingBox(),
      ]);
      expect(text!.y).toBeGreaterThanOrEqual(art!.y);
      expect(text!.y + text!.height).toBeLessThanOrEqual(art!.y + art!.height + 1);
      await first.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/banners-${lang}-${theme}-${width}.png` });
    }
  }
});
