import { expect, test, type Page } from '@playwright/test';
import { openThemed } from './helpers.js';

/**
 * The layout holds in the long languages (German, Dutch, French) and on a phone:
 * the whole top menu in view, the order book's level labels whole, the chart's intervals on one row,
 * and the phone's markets table says what it is sorted by.
 */

const LANGS = ['en', 'gm', 'du', 'fr'] as const;
const CHART_NUMBER = { en: '69,658.84', gm: '69.658,84', du: '69.658,84', fr: '69\u202f658,84' };
const MENU_EN = [
  'Fiat trade',
  'Spot',
  'Leverage',
  'Fast contract',
  'Financial',
  'Assets',
  'Customer service',
];

// Four languages, two themes and two widths a test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 240_000 });

async function inLanguage(page: Page, lang: string): Promise<void> {
  await page.goto('/home');
  await page.evaluate((code) => localStorage.setItem('lang', code), lang);
}

test('phone: every entry of the top menu is in view, in every language and both themes', async ({ page }) => {
  for (const lang of LANGS) {
    await inLanguage(page, lang);
    for (const theme of ['light', 'dark'] as const) {
      await openThemed(page, '/home', theme, 390);
      const nav = page.locator('header nav').first();
      const links = nav.getByRole('link');
      // Fiat trade, spot, leverage, fast contract, financial, assets and customer service (waited for:
      // the header draws after the page's first paint on a busy machine).
      await expect(links).toHaveCount(7);
      for (const link of await links.all()) {
        await expect(link).toBeVisible();
        const box = (await link.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      if (lang === 'en') await expect(links).toHaveText(MENU_EN);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/menu-${lang}-${theme}-390.png` });
    }
    await openThemed(page, '/home', 'light', 1440);
    await page.screenshot({ path: `test-results/screens/menu-${lang}-light-1440.png` });
  }
});

test('the order book shows its level labels whole; the chart keeps its intervals on one row and numbers in the language', async ({
  page,
}) => {
  for (const lang of LANGS) {
    await inLanguage(page, lang);
    for (const [theme, width] of [
      ['light', 1440],
      ['dark', 1440],
      ['light', 390],
      ['dark', 390],
    ] as const) {
      await openThemed(page, '/trade', theme, width);
      const labels = page.locator('section[aria-label] table tbody th[scope="row"]');
      await expect(labels.first()).toBeVisible();
      const cut = await labels.evaluateAll((cells) =>
        cells
          .filter((cell) => cell.getClientRects().length > 0 && cell.scrollWidth > cell.clientWidth)
          .map((cell) => cell.textContent),
      );
      expect(cut, `${lang} ${width}: labels cut off`).toEqual([]);
      const buttons = page.getByTestId('chart-intervals').getByRole('button');
      await expect(buttons).toHaveCount(9);
      const boxes = await buttons.evaluateAll((all) =>
        all.map((button) => ({
          top: button.getBoundingClientRect().top,
          height: button.getBoundingClientRect().height,
        })),
      );
      // One row, and no button broken over two lines.
      expect(new Set(boxes.map((box) => Math.round(box.top))).size, `${lang} ${width}: intervals wrap`).toBe(
        1,
      );
      for (const box of boxes) expect(box.height).toBeLessThan(26);
      // The chart draws its axis, marks and tooltip numbers through this: the reader's marks.
      const drawn = await page
        .getByTestId('price-chart')
        .evaluate((element) =>
          (
            element as HTMLElement & { chart: { getThousandsSeparator(): { format(v: string): string } } }
          ).chart
            .getThousandsSeparator()
            .format('69658.84'),
        );
      expect(drawn).toBe(CHART_NUMBER[lang]);
      await page.screenshot({ path: `test-results/screens/trade-${lang}-${theme}-${width}.png` });
    }
  }
});

test('phone: the markets table says it is sorted by volume, where the volume is shown', async ({ page }) => {
  await page.goto('/home');
  for (const theme of ['light', 'dark'] as const) {
    await openThemed(page, '/markets', theme, 390);
    const byVolume = page.getByTestId('sort-volume-phone');
    await expect(byVolume).toBeVisible();
    await expect(byVolume).toHaveText('Vol ▼');
    await expect(byVolume).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `test-results/screens/markets-sort-${theme}-390.png` });
  }
  await page.getByTestId('sort-volume-phone').click();
  await expect(page.getByTestId('sort-volume-phone')).toHaveText('Vol ▲');
  const table = page.getByRole('table', { name: 'Markets' });
  await table.getByRole('button', { name: 'Pair' }).click();
  await expect(page.getByTestId('sort-volume-phone')).toHaveText('Vol');
  await expect(page.getByTestId('sort-volume-phone')).toHaveAttribute('aria-pressed', 'false');
  await openThemed(page, '/markets', 'light', 1440);
  await expect(page.getByTestId('sort-volume-phone')).toBeHidden();
});
