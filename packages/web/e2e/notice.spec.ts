import { expect, test } from '@playwright/test';
import { expectAccessible, setTheme } from './helpers.js';

test('the notice page lists its category and shows the chosen article', async ({ page }) => {
  await page.goto('/notice?id=66&category_id=26');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Articles' }).getByRole('link', { name: 'Privacy Policy' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('argon2id').first()).toBeVisible();
  await expectAccessible(page);

  // The footer of home leads into category 4; another article of the list replaces the body.
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Support' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/notice\?id=\d+&category_id=4$/);
  const list = page.getByRole('navigation', { name: 'Articles' }).getByRole('link');
  await expect(list).not.toHaveCount(0);
  const last = list.last();
  const title = await last.innerText();
  await last.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await setTheme(page, 'dark');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectAccessible(page);
});

test('an unknown article says so, and the list still shows', async ({ page }) => {
  await page.goto('/notice?id=999999&category_id=4');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Articles' }).getByRole('link')).not.toHaveCount(0);
});
