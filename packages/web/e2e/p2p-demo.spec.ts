import { expect, test } from '@playwright/test';
import { openThemed } from './helpers.js';

/** A fresh demo's fiat hall has the labelled demo merchant's ads on both sides. */

test('a fresh demo hall lists the demo merchant on both sides, labelled as a demo', async ({ page }) => {
  await page.goto('/home');
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 390]) {
      await openThemed(page, '/legalIndex/legal', theme, width);
      for (const side of ['Buy', 'Sell'] as const) {
        await page.getByRole('tab', { name: side, exact: true }).click();
        const ads = page.locator('[data-ad-id]:visible');
        await expect(ads.first()).toBeVisible({ timeout: 15_000 });
        await expect(ads.filter({ hasText: 'd***@demo.test' }).first()).toBeVisible();
        await page.screenshot({ path: `test-results/screens/p2p-demo-${side}-${theme}-${width}.png` });
      }
    }
  }
  // The order dialog shows the ad's terms: a demo merchant, play money.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: 'Buy', exact: true }).click();
  const answer = await page.request.get('/api/legal_deal/ads?side=sell&limit=50');
  const { data } = (await answer.json()) as {
    data: { data: { terms: string; merchant: { name: string } }[] };
  };
  const demo = data.data.filter((ad) => ad.merchant.name === 'd***@demo.test');
  expect(demo.length).toBeGreaterThan(0);
  for (const ad of demo) expect(ad.terms).toMatch(/^DEMO MERCHANT · play money/);
});
