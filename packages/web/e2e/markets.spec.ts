import { expect, test } from '@playwright/test';
import { expectAccessible, setTheme, signInAs } from './helpers.js';

const number = (text: string) => Number(text.replace(/[,%+\s]/g, ''));

test('markets sort by any column, both ways', async ({ page }) => {
  await page.goto('/markets');
  const table = page.getByRole('table', { name: 'Markets' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  const header = table.getByRole('columnheader', { name: 'Last price' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  let prices = (await rows.locator('td:nth-child(3)').allInnerTexts()).map(number);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  prices = (await rows.locator('td:nth-child(3)').allInnerTexts()).map(number);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await table.getByRole('columnheader', { name: 'Pair' }).getByRole('button').click();
  const pairs = await rows.locator('th').allInnerTexts();
  expect(pairs).toEqual([...pairs].sort());
  await expectAccessible(page);
  await setTheme(page, 'dark');
  await expect(rows).toHaveCount(5);
  await expectAccessible(page);
  await setTheme(page, 'light');
});

test('a visitor keeps favourites on this device; a signed-in user keeps them on the server', async ({
  page,
}) => {
  await page.goto('/markets');
  const star = (symbol: string) => page.getByRole('button', { name: `Favourite ${symbol}` });
  await star('ETH/USDT').click();
  await expect(star('ETH/USDT')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await expect(page.getByRole('table', { name: 'Markets' }).locator('tbody tr')).toHaveCount(1);
  await page.reload();
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await expect(star('ETH/USDT')).toHaveAttribute('aria-pressed', 'true');

  const token = await signInAs(page, 'bob@demo.test');
  await page.goto('/markets');
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await expect(page.getByText('No favourites yet')).toBeVisible();
  await page.getByRole('tab', { name: 'USDT' }).click();
  await star('BTC/USDT').click();
  await expect(star('BTC/USDT')).toHaveAttribute('aria-pressed', 'true');
  const stored = await page.request.get('/api/market/favorites', { headers: { authorization: token } });
  expect((await stored.json()).data).toEqual([1]);

  // Clicking a row, not its star, opens the pair's trade page.
  await page
    .getByRole('table', { name: 'Markets' })
    .locator('tbody tr', { hasText: 'BTC' })
    .locator('td')
    .nth(2)
    .click();
  await expect(page).toHaveURL(/\/trade\?match=1$/);
});
