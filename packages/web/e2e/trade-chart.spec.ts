import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Chart } from 'klinecharts';
import { expectAccessible, expectDrawnBars, budget } from './helpers.js';

/** The spot chart shows the selected market at the selected period, readably. */

interface Match {
  id: number;
  symbol: string;
  base_currency_code: string;
  price_decimals: number;
}

async function markets(request: APIRequestContext): Promise<Map<string, Match>> {
  const answer = await request.get('/api/market/currency_matches');
  const groups = ((await answer.json()) as { data: { matches: Match[] }[] }).data;
  return new Map(groups.flatMap((group) => group.matches).map((match) => [match.base_currency_code, match]));
}

/** Every KLINE channel the page is subscribed to, replaying its sub and unsub frames. */
function klineSubscriptions(page: Page): Set<string> {
  const active = new Set<string>();
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type: string; params: unknown };
      const channel =
        typeof frame.params === 'string' ? frame.params : (frame.params as { channel?: string })?.channel;
      if (!channel?.startsWith('KLINE.')) return;
      if (frame.type === 'sub') active.add(channel);
      if (frame.type === 'unsub') active.delete(channel);
    });
    socket.on('close', () => active.clear());
  });
  return active;
}

/** market/kline requests the page sends, as "match period poll|load". */
function klineRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/api/market/kline') return;
    const query = url.searchParams;
    const kind = query.has('from') && !query.has('to') ? 'poll' : 'load';
    seen.push(`${query.get('currency_match_id')} ${query.get('period')} ${kind}`);
  });
  return seen;
}

const intervalButton = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Chart interval' }).getByRole('button', { name, exact: true });
const marketButton = (page: Page, code: string) =>
  page.getByRole('navigation', { name: 'Markets' }).getByRole('button', { name: new RegExp(`^${code}`) });

test('quick pair and interval switches draw only the selected market at the selected period', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  const byCode = await markets(page.request);
  const btc = byCode.get('BTC')!;
  const trx = byCode.get('TRX')!;
  const dot = byCode.get('DOT')!;
  const subscriptions = klineSubscriptions(page);
  const requests = klineRequests(page);
  // Every chart answer takes 2 s, so answers for a pair or interval left 0.5-1 s after its click
  // arrive after the next selection: the order that made TRX draw DOT's prices.
  await page.route('**/api/market/kline?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/trade?match=${btc.id}`);
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-interval', '5min');
  await expectDrawnBars(page, btc, '5min', { type: 'minute', span: 5 });

  // Pairs first, then intervals: BTC -> DOT -> TRX, then 5min -> 1day -> 1min.
  await marketButton(page, 'DOT').click();
  await page.waitForTimeout(1000);
  await marketButton(page, 'TRX').click();
  await page.waitForTimeout(500);
  await intervalButton(page, '1day').click();
  await page.waitForTimeout(700);
  let mark = requests.length;
  await intervalButton(page, '1min').click();
  await expect(page.getByRole('heading', { name: trx.symbol, level: 1 })).toBeVisible();
  await expectDrawnBars(page, trx, '1min', { type: 'minute', span: 1 });
  expect([...subscriptions]).toEqual([`KLINE.${trx.symbol}.1min`]);
  // After the last click the page asks only for the selected market and period.
  expect(requests.slice(mark).filter((request) => !request.startsWith(`${trx.id} 1min `))).toEqual([]);

  // Intervals first, then pairs: 1min -> 1day -> 15min, then TRX -> ETH -> DOT.
  await intervalButton(page, '1day').click();
  await page.waitForTimeout(500);
  await intervalButton(page, '15min').click();
  await page.waitForTimeout(300);
  await marketButton(page, 'ETH').click();
  await page.waitForTimeout(800);
  mark = requests.length;
  await marketButton(page, 'DOT').click();
  await expect(page.getByRole('heading', { name: dot.symbol, level: 1 })).toBeVisible();
  await expectDrawnBars(page, dot, '15min', { type: 'minute', span: 15 });
  expect([...subscriptions]).toEqual([`KLINE.${dot.symbol}.15min`]);
  expect(requests.slice(mark).filter((request) => !request.startsWith(`${dot.id} 15min `))).toEqual([]);

  // One poll for DOT at 15min, nothing for anything left behind, whenever it would have come.
  await page.waitForTimeout(2500);
  const from = requests.length;
  await page.waitForTimeout(12_000);
  const later = requests.slice(from);
  expect(later.filter((request) => !request.startsWith(`${dot.id} 15min `))).toEqual([]);
  expect(later.filter((request) => request.endsWith('poll')).length).toBeGreaterThanOrEqual(1);
  expect(later.filter((request) => request.endsWith('poll')).length).toBeLessThanOrEqual(2);
  await expectDrawnBars(page, dot, '15min', { type: 'minute', span: 15 });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

test('the legend never covers the candles or itself, in the app font and plain digits, from 360 px up', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  const trx = (await markets(page.request)).get('TRX')!;
  for (const width of [360, 390, 600, 768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/trade?match=${trx.id}`);
    const legend = page.getByTestId('chart-legend');
    await expect(legend).toBeVisible();
    const chart = (await page.getByTestId('price-chart').boundingBox())!;
    const panel = (await page.getByTestId('price-chart').locator('..').boundingBox())!;
    const items = await legend.locator('[data-legend-item]').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { x: box.x, y: box.y + window.scrollY, width: box.width, height: box.height };
      }),
    );
    expect(items.length).toBeGreaterThanOrEqual(11);
    for (const [i, item] of items.entries()) {
      // Above the canvas, inside the panel, and clear of every other item.
      expect(item.y + item.height, `item ${i} at ${width} px`).toBeLessThanOrEqual(chart.y + 0.5);
      expect(item.x + item.width, `item ${i} at ${width} px`).toBeLessThanOrEqual(
        panel.x + panel.width + 0.5,
      );
      for (const other of items.slice(i + 1))
        expect(overlaps(item, other), `items at ${width} px`).toBe(false);
    }
    // The page's font, on the canvas too, and no folded 0.0{3}9 anywhere.
    const fonts = await page.getByTestId('price-chart').evaluate((element) => {
      const chart = (element as HTMLElement & { chart?: Chart }).chart!;
      return {
        body: getComputedStyle(document.body).fontFamily,
        legend: getComputedStyle(document.querySelector('[data-testid="chart-legend"]')!).fontFamily,
        axis: chart.getStyles().yAxis.tickText.family,
        fold: chart.getDecimalFold().format('0.000009'),
      };
    });
    expect(fonts.legend).toBe(fonts.body);
    expect(fonts.axis).toBe(fonts.body);
    expect(fonts.fold).toBe('0.000009');
    await expect(legend).not.toContainText(/\{\d+\}/);
    await expect(legend).toContainText(new RegExp(`Close: 0\\.\\d{${trx.price_decimals}}(?!\\d)`));
  }

  // Hovering a bar shows that bar's values: aim at the bar six back from the newest, wherever the
  // chart has put it (a young market may fill only part of the width).
  const latest = await page.getByTestId('chart-legend').textContent();
  const target = await page.getByTestId('price-chart').evaluate((element) => {
    const chart = (element as HTMLElement & { chart?: Chart }).chart!;
    const bars = chart.getDataList();
    const dataIndex = bars.length - 6;
    const point = chart.convertToPixel(
      { dataIndex, value: bars[dataIndex]!.close },
      { paneId: 'candle_pane' },
    ) as { x: number; y: number };
    return { x: point.x, y: point.y, close: bars[dataIndex]!.close };
  });
  const chart = (await page.getByTestId('price-chart').boundingBox())!;
  await page.mouse.move(chart.x + target.x, chart.y + target.y);
  await expect(page.getByTestId('chart-legend')).not.toHaveText(latest!);
  await expect(page.getByTestId('chart-legend')).toContainText(
    `Close: ${target.close.toFixed(trx.price_decimals)}`,
  );
});

test('the depth chart has price and amount axes and a tooltip, by pointer and by keyboard', async ({
  page,
}) => {
  const btc = (await markets(page.request)).get('BTC')!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/trade?match=${btc.id}`);
  await page.getByRole('tab', { name: 'Depth' }).click();
  const depth = page.getByTestId('depth-chart');
  await expect(depth.locator('[data-axis="price"]')).not.toHaveCount(0);
  expect(await depth.locator('[data-axis="price"]').count()).toBeGreaterThanOrEqual(2);
  expect(await depth.locator('[data-axis="amount"]').count()).toBeGreaterThanOrEqual(3);
  await expect(depth.locator('[data-axis="amount"]').first()).toContainText(/^\d[\d,.]*$/);

  const box = (await depth.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height / 2);
  const tooltip = page.getByTestId('depth-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(/Price [\d,]+\.\d{2} USDT/);
  await expect(tooltip).toContainText(/Cumulative [\d,]+\.\d+ BTC/);
  await page.mouse.move(box.x + box.width * 0.9, box.y - 40);
  await expect(tooltip).toBeHidden();

  // The arrow keys walk the levels.
  await page.getByRole('img', { name: 'Depth' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tooltip).toBeVisible();
  const text = (await tooltip.textContent())!;
  expect(text).toMatch(/^Price [\d,]+\.\d{2} USDTCumulative [\d,]+\.\d{6} BTC$/);
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
});

const book = (page: Page) => page.getByRole('region', { name: 'Order book' });
const digits = (text: string) => text.replace(/[^\d.]/g, '');

test('the book fills its height with at least 15 levels a side, shows the spread and groups by the market', async ({
  page,
}) => {
  const btc = (await markets(page.request)).get('BTC')!;
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/trade?match=${btc.id}`);
  for (const side of ['Sell', 'Buy']) {
    const fifteenth = book(page).getByRole('row', { name: new RegExp(`^${side} 15 `) });
    await expect(fifteenth).toBeVisible();
    await expect(fifteenth.getByRole('button')).toHaveText(/^[\d,]+\.\d{2}$/);
  }
  // As many as fit: the deepest bid row ends within two rows of the book's bottom, inside it.
  const rows = Number(await book(page).locator('table').getAttribute('data-rows'));
  expect(rows).toBeGreaterThanOrEqual(15);
  const region = (await book(page).boundingBox())!;
  // The side's last row: a level, or the blank row that holds its place while the book is thinner
  // (a market order can take a level between two of the bot's steps).
  const bidRows = book(page).locator('table > tbody').last().locator('tr');
  expect(await bidRows.count()).toBe(rows);
  const deepest = (await bidRows.last().boundingBox())!;
  expect(deepest.y + deepest.height).toBeLessThanOrEqual(region.y + region.height);
  expect(region.y + region.height - (deepest.y + deepest.height)).toBeLessThan(2 * deepest.height + 4);
  // The spread between the two sides' best prices, and its percent of the mid price, as shown.
  await expect(async () => {
    const [ask, bid, spread] = await Promise.all([
      book(page)
        .getByRole('row', { name: /^Sell 1 / })
        .getByRole('button')
        .textContent(),
      book(page)
        .getByRole('row', { name: /^Buy 1 / })
        .getByRole('button')
        .textContent(),
      book(page).getByTestId('book-spread').textContent(),
    ]);
    const askPrice = Number(digits(ask!));
    const bidPrice = Number(digits(bid!));
    const [, absolute, percent] = /^Spread ([\d,.]+) \(([\d.]+)%\)$/.exec(spread!)!;
    expect(Number(digits(absolute!))).toBeCloseTo(askPrice - bidPrice, 2);
    expect(Number(percent)).toBeCloseTo(((askPrice - bidPrice) / ((askPrice + bidPrice) / 2)) * 100, 2);
  }).toPass({ timeout: 10_000 });
  // The last price carries the direction of its last move, by the trades listed beside it.
  await expect(async () => {
    const trades = await page
      .getByRole('region', { name: 'Recent trades' })
      .locator('tbody tr td:nth-child(2)')
      .allTextContents();
    const prices = trades.map((text) => Number(digits(text)));
    const previous = prices.find((price) => price !== prices[0]);
    const arrow = previous === undefined ? '' : prices[0]! > previous ? '↑' : '↓';
    const middle = (await book(page).getByTestId('book-last').locator('..').textContent())!;
    expect(middle.replace(/[^↑↓]/g, '')).toBe(arrow);
  }).toPass({ timeout: 10_000 });

  // BTC/USDT has 2 price decimals: the groups are 0.01, 0.1, 1 and 10, and 10 groups by tens.
  const grouping = book(page).getByRole('combobox', { name: 'Group' });
  const steps = [0, 1, 2, 3]
    .map((k) => k - btc.price_decimals)
    .map((exponent) => (exponent >= 0 ? String(10 ** exponent) : `0.${'0'.repeat(-exponent - 1)}1`));
  expect(steps).toContain('10');
  expect(await grouping.locator('option').allTextContents()).toEqual(steps);
  await grouping.selectOption('10');
  const asks = await book(page)
    .getByRole('row', { name: /^Sell \d+ / })
    .getByRole('button')
    .allTextContents();
  expect(asks.length).toBeGreaterThan(0);
  for (const ask of asks) expect(Number(digits(ask)) % 10).toBe(0);
});

test('trade page screenshots at 1440 and 390 px in both themes', async ({ page }) => {
  for (const [width, height] of [
    [1440, 1000],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/trade?match=1');
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await expect(page.getByTestId('chart-legend')).toBeVisible();
      await expect(book(page).getByRole('row', { name: /^Buy 1 / })).toBeVisible();
      await page.screenshot({
        path: `test-results/screens/trade-chart-${width}-${theme}.png`,
        fullPage: true,
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The legend's coloured values, the spread and the arrows keep their contrast in both themes.
      await expectAccessible(page);
    }
  }
});
