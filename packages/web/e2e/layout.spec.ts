import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { serverLock, signInAs } from './helpers.js';

const PHONE = { width: 390, height: 844 };

interface Market {
  id: number;
  symbol: string;
  base_currency_code: string;
  price_decimals: number;
  number_decimals: number;
  min_number: string;
  currency_quotation: { close: string; change: string };
}

async function usdtMarkets(request: APIRequestContext): Promise<Market[]> {
  const answer = await request.get('/api/market/currency_matches');
  const { data } = (await answer.json()) as { data: { code: string; matches: Market[] }[] };
  return data.find((group) => group.code === 'USDT')!.matches;
}

async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const answer = await request.post('/api/user/login', {
    data: { login_type: 'email', account, password: 'demo1234' },
  });
  return ((await answer.json()) as { data: string }).data;
}

async function order(
  request: APIRequestContext,
  token: string,
  side: 'buy' | 'sell',
  body: Record<string, unknown>,
): Promise<void> {
  const answer = await request.post(`/api/${side === 'buy' ? 'tx_in' : 'tx_out'}/add`, {
    headers: { authorization: token },
    data: body,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The operator's admin token for the server under test (in its writer lock file). */
function adminToken(baseURL: string): string {
  return serverLock(baseURL).adminToken;
}

/**
 * Moves a market's last price to half of what it was, through real orders: the operator credits
 * alice with the coin (as a deposit would), alice sells five times what the whole bid side holds
 * at half the price, sweeping the makers' bids and resting the rest, and bob buys a little of it.
 * What rests outlasts several maker steps (the makers' new bids fill against it at that price), so
 * the 24 h change stays near -50 % for seconds.
 */
async function halvePrice(request: APIRequestContext, baseURL: string, market: Market): Promise<void> {
  const deal = await (await request.get(`/api/market/deal?currency_match_id=${market.id}`)).json();
  const bids = (deal.data.depth.in as { amount: string }[]).reduce(
    (sum, level) => sum + Number(level.amount),
    0,
  );
  const quantity = (bids * 5).toFixed(market.number_decimals);
  const credit = await request.post('/api/admin/credit', {
    headers: { 'x-admin-token': adminToken(baseURL) },
    data: { user: 'alice@demo.test', currency: market.base_currency_code, amount: quantity },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
  const price = (Number(market.currency_quotation.close) / 2).toFixed(market.price_decimals);
  await order(request, await tokenOf(request, 'alice@demo.test'), 'sell', {
    currency_match_id: market.id,
    type: 0,
    price,
    number: quantity,
  });
  await order(request, await tokenOf(request, 'bob@demo.test'), 'buy', {
    currency_match_id: market.id,
    type: 1,
    number: market.min_number,
  });
}

const pairsOf = async (rows: Locator) =>
  (await rows.locator('th a').allInnerTexts()).map((text) => text.split('/')[0]!.trim());

/** A row's pair and its shown change, as "BTC|+1.25%". */
type Snapshot = string[];

test('home keeps its rows in place as live values change, and orders them again when the user sorts', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/home');
  const table = page.getByRole('table', { name: 'Top markets' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  // Every state the table passes through, recorded in the page at each change of its rows.
  await table.locator('tbody').evaluate((body) => {
    const seen: string[][] = [];
    (window as unknown as { seen: string[][] }).seen = seen;
    const take = () =>
      seen.push(
        Array.from(body.querySelectorAll('tr')).map(
          (row) =>
            `${row.querySelector('th a')!.textContent!.split('/')[0]}|${row.querySelectorAll('td')[1]!.textContent}`,
        ),
      );
    take();
    new MutationObserver(take).observe(body, { subtree: true, childList: true, characterData: true });
  });
  const seen = () => page.evaluate(() => (window as unknown as { seen: Snapshot[] }).seen);
  const before = await pairsOf(rows);
  // The top row's market falls to about -50 %: re-sorted, it would drop to the bottom.
  const target = before[0]!;
  const market = (await usdtMarkets(request)).find((m) => m.base_currency_code === target)!;
  await halvePrice(request, baseURL!, market);

  const fell = (snapshot: Snapshot) =>
    snapshot.some(
      (row) => row.startsWith(`${target}|`) && Number(row.split('|')[1]!.replace(/[%,+\s]/g, '')) < -30,
    );
  await expect.poll(async () => (await seen()).some(fell), { timeout: 15_000 }).toBe(true);
  // Through every push, the rows stayed where they were loaded; only their values changed.
  for (const snapshot of await seen()) expect(snapshot.map((row) => row.split('|')[0])).toEqual(before);

  // The user's sort orders by the values shown at that moment.
  const changes = async () =>
    (await rows.locator('td:nth-child(3)').allInnerTexts()).map((text) =>
      Number(text.replace(/[%,+\s]/g, '')),
    );
  await table.getByRole('button', { name: /24h change/ }).click();
  await expect(table.getByRole('columnheader', { name: /24h change/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const ascending = await changes();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await table.getByRole('button', { name: /Pair/ }).click();
  expect(await pairsOf(rows)).toEqual([...before].sort());
});

test('phone: Buy and Sell jump to their own form, focused; the orders table scrolls in its panel', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'alice@demo.test');
  await page.goto('/trade?match=1');
  for (const [button, form] of [
    ['Buy', 'Buy BTC'],
    ['Sell', 'Sell BTC'],
  ] as const) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: button, exact: true }).click();
    const target = page.getByRole('form', { name: form });
    // The side's own form has the keyboard focus, in its first field, and is on screen.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('form')?.getAttribute('aria-label')))
      .toBe(form);
    await expect(target).toBeInViewport();
  }

  const panel = page.getByRole('region', { name: 'Orders' });
  const strip = panel.getByRole('group', { name: 'Orders' });
  // The page itself never scrolls sideways; the table does, inside its panel, and says so.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expect(strip).toHaveAttribute('data-overflow-end', 'true');
  const lastHeader = strip.getByRole('columnheader', { name: 'Status' });
  expect((await lastHeader.boundingBox())!.x).toBeGreaterThan(PHONE.width);
  await strip.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(strip).toHaveAttribute('data-overflow-end', 'false');
  await expect(strip).toHaveAttribute('data-overflow-start', 'true');
  const box = (await lastHeader.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: 'test-results/trade-390-orders.png', fullPage: true });
});

test('phone: the top navigation wraps into view instead of hiding entries past the edge', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Menu' });
  await expect(nav).toHaveAttribute('data-overflow-end', 'false');
  expect(await nav.evaluate((element) => getComputedStyle(element).maskImage)).toBe('none');
  // Wide, it is one row and nothing fades either.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(nav).toHaveAttribute('data-overflow-end', 'false');
  expect(await nav.evaluate((element) => getComputedStyle(element).maskImage)).toBe('none');
});

test('phone: on Markets the pair and the price are apart, and the volume has its unit', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/markets');
  const rows = page.getByRole('table', { name: 'Markets' }).locator('tbody tr');
  await expect(rows).not.toHaveCount(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  for (const row of await rows.all()) {
    const gap = await row.evaluate((element) => {
      const pair = element.querySelector('th a')!.getBoundingClientRect();
      const priceCell = element.querySelectorAll('td')[1]!;
      const text = document.createRange();
      text.selectNodeContents(priceCell);
      return text.getBoundingClientRect().left - pair.right;
    });
    expect(gap).toBeGreaterThanOrEqual(8);
    await expect(row.locator('th')).toContainText(/Vol [\d.,]+[KMB]? USDT/);
  }
  await page.screenshot({ path: 'test-results/markets-390.png', fullPage: true });
});

test('markets sort by the day volume in USDT, shown with its unit', async ({ page }) => {
  // The list exactly as the server sent it to the page, to compare the order on load with.
  let sent: { code: string; matches: (Market & { currency_quotation: { amount: string } })[] }[] = [];
  await page.route('**/api/market/currency_matches', async (route) => {
    const response = await route.fetch();
    sent = ((await response.json()) as { data: typeof sent }).data;
    await route.fulfill({ response });
  });
  await page.goto('/markets');
  const table = page.getByRole('table', { name: 'Markets' });
  await expect(table.getByRole('columnheader', { name: /24h volume/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const rows = table.locator('tbody tr');
  await expect(rows).not.toHaveCount(0);
  const byAmount = sent
    .find((group) => group.code === 'USDT')!
    .matches.slice()
    .sort((a, b) => Number(b.currency_quotation.amount) - Number(a.currency_quotation.amount))
    .map((m) => m.base_currency_code);
  // Rows keep their places after load, so live trades since cannot have reordered them.
  expect(await pairsOf(rows)).toEqual(byAmount);
  for (const cell of await rows.locator('td:last-child').all())
    await expect(cell).toHaveText(/^[\d.,]+[KMB]? USDT$/);
});

test('the account menu closes on an outside click, on Escape and on navigation', async ({ page }) => {
  await signInAs(page, 'alice@demo.test');
  await page.goto('/markets');
  const button = page.getByRole('button', { name: 'Account' });
  // The menu's link (the personal centre's side menu has one of the same name).
  const settings = page.getByRole('banner').getByRole('link', { name: 'Account settings' });

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(settings).toBeVisible();
  await page.getByRole('heading', { name: 'Markets', level: 1 }).click();
  await expect(settings).toBeHidden();

  await button.click();
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await settings.click();
  await expect(page).toHaveURL(/\/personal\/accountSettings$/);
  await expect(settings).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('the language selector names each language in its own words, never by code', async ({ page }) => {
  await page.goto('/home');
  const select = page.getByRole('combobox', { name: 'Language' });
  await expect(select.locator('option')).toHaveText(['English', '繁體中文', '日本語']);
  // Simplified Chinese is kept when set, though the spec's selector does not offer it.
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.reload();
  const zh = page.getByRole('combobox', { name: '语言' });
  await expect(zh.locator('option:checked')).toHaveText('简体中文');
  await expect(zh.locator('option')).toHaveText(['简体中文', 'English', '繁體中文', '日本語']);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});

test('on /trade the first Tab stop skips to the order form', async ({ page }) => {
  await signInAs(page, 'alice@demo.test');
  await page.goto('/trade?match=1');
  await expect(page.getByRole('form', { name: 'Buy BTC' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the order form' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // Three key presses in all (the issue counted 47 before).
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#order-forms')))).toBe(true);
  await expect(page.locator('#order-forms')).toBeInViewport();
});

test('skeletons while data loads, and a lasting reconnecting mark while the live channel is down', async ({
  page,
}) => {
  // The market list answers late, as on a slow network: placeholders stand where the table will be.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/market/currency_matches', async (route) => {
    await held;
    await route.continue();
  });
  let down = false;
  const open: { close(): Promise<void> }[] = [];
  await page.routeWebSocket('**/ws', (socket) => {
    if (down) return void socket.close();
    socket.connectToServer();
    open.push(socket);
  });

  await page.goto('/markets');
  await expect(page.locator('[data-skeleton]')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(1);
  release();
  const rows = page.getByRole('table', { name: 'Markets' }).locator('tbody tr');
  await expect(rows).not.toHaveCount(0);
  await expect(page.locator('[data-skeleton]')).toHaveCount(0);

  const mark = page.getByTestId('reconnecting');
  await expect(mark).toHaveCount(0);
  down = true;
  for (const socket of open.splice(0)) await socket.close();
  await expect(mark).toBeVisible();
  await expect(mark).toHaveText(/Reconnecting/);
  // It stays while the retries fail, unlike a toast.
  await page.waitForTimeout(2500);
  await expect(mark).toBeVisible();
  await page.screenshot({ path: 'test-results/reconnecting.png' });
  down = false;
  await expect(mark).toHaveCount(0, { timeout: 15_000 });
});

test('each page has its own title and description, in its language, with the html language', async ({
  page,
}) => {
  const pages = [
    ['/home', 'An exchange you can check · Open Exchange'],
    ['/markets', 'Markets · Open Exchange'],
    ['/trade?match=1', 'Spot · Open Exchange'],
  ] as const;
  const descriptions = new Set<string>();
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description!.length).toBeGreaterThan(50);
    descriptions.add(description!);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  }
  expect(descriptions.size).toBe(3);
  await page.evaluate(() => localStorage.setItem('lang', 'jp'));
  await page.goto('/markets');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page).toHaveTitle(/^マーケット · /);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /マーケット/);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
