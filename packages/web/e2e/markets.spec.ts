import { expect, test } from '@playwright/test';
import { collectPushes, expectAccessible, setTheme, signInAs } from './helpers.js';

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

test('a second tab gets the tickers as they stand when it subscribes, and reloads nothing for them', async ({
  context,
}) => {
  const first = await context.newPage();
  const firstTickers = collectPushes<{ symbol: string }>(first, 'DAY_MARKET');
  await first.goto('/markets');
  // The demo trades: wait until the first tab has heard tickers of two markets.
  await expect
    .poll(() => new Set(firstTickers.map((push) => push.symbol)).size, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);

  const second = await context.newPage();
  const frames: { type: string; seq?: number; channel?: string; params?: { channel?: string } }[] = [];
  second.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      try {
        frames.push(JSON.parse(String(payload)) as (typeof frames)[number]);
      } catch {
        // Not JSON: not a frame of ours.
      }
    }),
  );
  let quoteLoads = 0;
  second.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/market/currency_matches') quoteLoads += 1;
  });
  await second.goto('/markets');
  await expect(second.getByRole('table', { name: 'Markets' }).locator('tbody tr')).toHaveCount(5);
  const acknowledged = () =>
    frames.findIndex((frame) => frame.type === 'sub' && frame.params?.channel === 'DAY_MARKET');
  await expect.poll(acknowledged).toBeGreaterThanOrEqual(0);
  // Before the acknowledgement: each market's last ticker, the older ones without a seq, so the
  // page counts no gap among them.
  const snapshot = frames.slice(0, acknowledged()).filter((frame) => frame.channel === 'DAY_MARKET');
  expect(snapshot.length).toBeGreaterThanOrEqual(2);
  expect(snapshot.slice(0, -1).every((frame) => frame.seq === undefined)).toBe(true);
  expect(snapshot.at(-1)!.seq).toEqual(expect.any(Number));
  // Live tickers go on arriving; none of them made the page load its quotes again.
  const seen = frames.length;
  await expect.poll(() => frames.length, { timeout: 10_000 }).toBeGreaterThan(seen);
  await second.waitForTimeout(1500);
  expect(quoteLoads).toBe(1);
});
