import { expect, test } from '@playwright/test';
import { signInAs } from './helpers.js';

/** Every page of the spec's route table, screenshotted in both themes as test artifacts. */
const VISITOR_PAGES = [
  'home',
  'markets',
  'notice?id=66&category_id=26',
  'login',
  'register',
  'forgetPassword',
  'trade',
  'deposit',
  'white',
];
const SIGNED_IN_PAGES = [
  'lever',
  'second',
  'legalIndex/legal',
  'myshop/myshoporders',
  'assets/tradeAccount',
  'personal/accountSettings',
  'resetPassword',
  'tradePassword',
  'bindAccount',
  'coinlog',
];

async function shoot(page: import('@playwright/test').Page, path: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.goto(`/${path}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.waitForLoadState('networkidle');
    const name = path.replace(/[/?=&]+/g, '-');
    await page.screenshot({ path: `test-results/screens/${name}-${theme}.png`, fullPage: true });
  }
}

test('screenshots of every visitor page in both themes', async ({ page }) => {
  await page.goto('/home');
  for (const path of VISITOR_PAGES) await shoot(page, path);
});

test('screenshots of every signed-in page in both themes', async ({ page }) => {
  await signInAs(page, 'alice@demo.test');
  for (const path of SIGNED_IN_PAGES) await shoot(page, path);
});
