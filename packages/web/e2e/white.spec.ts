import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openThemed, type Envelope } from './helpers.js';

/** /white is the white paper, in all seven languages, from its data files. */

const LANGS = ['en', 'zh', 'hk', 'jp', 'gm', 'du', 'fr'] as const;
const text = (lang: string) =>
  readFileSync(new URL(`../src/pages/white/texts/${lang}.md`, import.meta.url), 'utf8');

test.describe.configure({ timeout: 180_000 });

test('the white paper shows in every language, with its sections and live verifiers', async ({ page }) => {
  await page.goto('/home');
  for (const lang of LANGS) {
    const source = text(lang);
    const title = /^# (.+)$/m.exec(source)![1]!;
    const sections = [...source.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
    expect(sections).toHaveLength(9);
    await page.evaluate((code) => localStorage.setItem('lang', code), lang);
    await page.goto('/white');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('Coming soon')).toHaveCount(0);
    for (const section of sections)
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    // Every live verifier is linked in every language.
    const paper = page.getByTestId('white-paper');
    for (const href of [
      '/transparency',
      '/api/market/mark_prices?symbol=BTC/USDT',
      '/api/microtrade/verify',
    ]) {
      await expect(paper.locator(`a[href="${href}"]`).first()).toBeVisible();
    }
  }
});

test('the mark-price section states the per-market impact rule, and its links answer', async ({
  page,
  request,
}) => {
  await page.goto('/home');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/white');
  const paper = page.getByTestId('white-paper');
  await expect(paper).toContainText(
    'Contracts open, settle and are liquidated on the public mark price. Per market, once a second, the exchange takes the median of three prices: the impact bid and the impact ask',
  );
  await expect(paper).toContainText(
    "(the average prices of selling and of buying the market's impact notional, 25,000 USDT on the demo markets, against the order book) and the trade price (the average price of the newest trades worth that notional).",
  );
  await expect(paper).toContainText('The mark is the average of the last five such seconds;');
  await expect(paper).toContainText(
    'Every row of the public tape lists the book levels and trades it used, so anyone can recompute it; one small order cannot move it.',
  );
  const tape = (await (
    await request.get('/api/market/mark_prices?symbol=BTC/USDT')
  ).json()) as Envelope<unknown>;
  expect(tape.code, tape.msg).toBe(1);
  // The verifier's own page (the contents list has a link of the same name to the section).
  await paper.locator('a[href="/transparency"]').first().click();
  await expect(page).toHaveURL(/\/transparency$/);
  for (const lang of ['en', 'gm'] as const) {
    await page.evaluate((code) => localStorage.setItem('lang', code), lang);
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1440, 390]) {
        await openThemed(page, '/white', theme, width);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/screens/white-${lang}-${theme}-${width}.png` });
        if (lang === 'gm') {
          // The mark-price section in German, in the verify view's own words.
          const heading = page.getByRole('heading', { level: 2, name: 'Der Markpreis' });
          await heading.evaluate((el) => el.scrollIntoView({ block: 'center' }));
          await expect(heading.locator('xpath=following-sibling::p[1]')).toContainText(
            'Impact-Gebot und Impact-Angebot (die Durchschnittspreise, zu denen der Impact-Nominalwert des Marktes, auf den Demo-Märkten 25.000 USDT,',
          );
          await page.screenshot({ path: `test-results/screens/white-gm-mark-${theme}-${width}.png` });
        }
      }
    }
  }
});
