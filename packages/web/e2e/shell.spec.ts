import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers.js';

test('the root opens the home route with the top bar, and /white is the white paper', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Open Exchange', exact: true })).toBeVisible();
  await page.goto('/white');
  await expect(
    page.getByRole('heading', { level: 1, name: 'White paper: how Open Exchange works' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.screenshot({ path: 'test-results/shell-home.png' });
  expect(
    (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('signed-in areas send a visitor to login with the page to come back to', async ({ page }) => {
  for (const path of ['/assets/transfer', '/second', '/lever', '/personal/feedback']) {
    await page.goto(path);
    await expect(page).toHaveURL(
      new RegExp(`/login\\?redirect=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  }
});

test('nested routes redirect to their first child once signed in; unknown paths say not found', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/user/login', {
    data: { login_type: 'email', account: 'alice@demo.test', password: 'demo1234' },
  });
  const { data } = (await login.json()) as { data: string };
  await page.goto('/home');
  await page.evaluate((token) => localStorage.setItem('token', token), data);
  for (const [from, to] of [
    ['/assets', '/assets/tradeAccount'],
    ['/legalIndex', '/legalIndex/legal'],
    ['/myshop', '/myshop/myshoporders'],
    ['/personal', '/personal/accountSettings'],
  ]) {
    await page.goto(from!);
    await expect(page).toHaveURL(new RegExp(`${to}$`));
  }
  await expect(page.getByText('Account', { exact: true })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the language is kept under lang, and a Japanese page shows no English text', async ({ page }) => {
  await page.goto('/home');
  await page.getByLabel('Language').selectOption('jp');
  await page.waitForLoadState('load');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(5);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('jp');
  const text = await page.locator('body').innerText();
  for (const english of [
    'Coming soon',
    'Log in',
    'Register',
    'Spot',
    'Assets',
    'Dark',
    'Light',
    'Top markets',
  ]) {
    expect(text, english).not.toContain(english);
  }
  await page.screenshot({ path: 'test-results/shell-home-jp.png' });
  // The other four languages of the spec are kept when set, though the selector offers three.
  await page.evaluate(() => localStorage.setItem('lang', 'fr'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('An exchange you can check');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});

test('the theme switch is kept under theme and applied before the first paint', async ({ page }) => {
  await page.goto('/home');
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  const after = await page.evaluate(() => document.documentElement.dataset.theme);
  expect(after).not.toBe(before);
  // The attribute is set by the inline script in <head>, before any module runs.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(after);
  await page.unroute('**/assets/*.js');
  await page.reload();
  await page.screenshot({ path: `test-results/shell-home-${after}.png` });
});

test('the shell fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/home');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/shell-home-360.png' });
});
