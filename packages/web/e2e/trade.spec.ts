import { Decimal } from '@oex/protocol';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  budget,
  cancelOpenOrders,
  expectAccessible,
  must,
  serverLock,
  setTheme,
  signInAs,
} from './helpers.js';

const BTC_USDT = 1;
const USDT = 1;
const BTC = 2;

interface DealAnswer {
  data: { depth: { in: { price: string }[]; out: { price: string }[] } };
}

async function balance(request: APIRequestContext, token: string, currency: number): Promise<Decimal> {
  const answer = await request.get(`/api/account/detail?currency_id=${currency}&account_type_id=1`, {
    headers: { authorization: token },
  });
  return Decimal.parse(((await answer.json()) as { data: { balance: string } }).data.balance);
}

/** A price inside the spread, so a limit sell rests as the best ask and takes nobody's order. */
async function insideSpread(request: APIRequestContext): Promise<string> {
  const deal = (await (
    await request.get(`/api/market/deal?currency_match_id=${BTC_USDT}`)
  ).json()) as DealAnswer;
  const bid = Decimal.parse(deal.data.depth.in[0]!.price);
  const ask = Decimal.parse(deal.data.depth.out[0]!.price);
  // BTC/USDT has 2 price decimals (market/currency_matches).
  return bid.add(ask).div(Decimal.fromInt(2), 2, 'down').toString();
}

const book = (page: Page) => page.getByRole('region', { name: 'Order book' });
const orders = (page: Page) => page.getByRole('region', { name: 'Orders' });
const form = (page: Page, name: 'Buy BTC' | 'Sell BTC') => page.getByRole('form', { name });
const digits = (text: string) => text.replace(/,/g, '');
/** An exact decimal as the English page shows it: thousands grouped. */
const grouped = (text: string) => text.replace(/^(\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));
/** A balance as /assets shows it: the currency's 8 decimals at most, its own places, at least 2, cut. */
const asAssets = (value: Decimal) => {
  const places = Math.min(8, Math.max(2, value.decimalPlaces()));
  return grouped(value.round(places, 'down').toString(places));
};

test('a visitor sees the live book, trades and chart, but no order forms', async ({ page }) => {
  await page.goto('/trade?match=1');
  await expect(page.getByRole('heading', { name: 'BTC/USDT', level: 1 })).toBeVisible();
  await expect(book(page).getByRole('rowheader', { name: 'Sell 1', exact: true })).toBeVisible();
  await expect(book(page).getByRole('rowheader', { name: 'Buy 1', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent trades' }).locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByText('Log in or register to trade')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy BTC' })).toHaveCount(0);
  await expect(orders(page)).toHaveCount(0);
  await expectAccessible(page);

  // The left list opens another pair, and the address follows it.
  await page.getByRole('navigation', { name: 'Markets' }).getByRole('button', { name: /^ETH/ }).click();
  await expect(page.getByRole('heading', { name: 'ETH/USDT', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/trade\?match=2$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'ETH/USDT', level: 1 })).toBeVisible();
});

test('the chart changes interval, loads that period and keeps the choice', async ({ page }) => {
  await page.goto('/trade?match=1');
  const chart = page.getByTestId('price-chart');
  await expect(chart).toHaveAttribute('data-interval', '5min');
  const loaded = page.waitForRequest(/\/api\/market\/kline\?.*period=15min/);
  await page
    .getByRole('toolbar', { name: 'Chart interval' })
    .getByRole('button', { name: '15min', exact: true })
    .click();
  await loaded;
  await expect(chart).toHaveAttribute('data-interval', '15min');
  await page.reload();
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-interval', '15min');
  await page
    .getByRole('toolbar', { name: 'Chart interval' })
    .getByRole('button', { name: '5min', exact: true })
    .click();
  await page.getByRole('tab', { name: 'Depth' }).click();
  await expect(page.getByRole('img', { name: 'Depth' })).toBeVisible();
});

test('clicking a book price fills both forms', async ({ page }) => {
  await signInAs(page, 'alice@demo.test');
  await page.goto('/trade?match=1');
  await page.getByRole('tab', { name: 'Limit' }).click();
  const price = book(page)
    .getByRole('row', { name: /^Sell 1 / })
    .getByRole('button');
  // One element, read and clicked: book rows are keyed by price, so it keeps its price even if the
  // market maker re-quotes in between.
  const button = (await price.elementHandle())!;
  const text = digits(await button.innerText());
  await button.click();
  for (const name of ['Buy BTC', 'Sell BTC'] as const) {
    // The pick reaches the forms on the next render, which a busy page may defer a moment.
    const input = form(page, name).getByLabel('Price');
    await expect(input).not.toHaveValue('');
    const value = await input.inputValue();
    expect(Decimal.parse(value).eq(Decimal.parse(text)), `${value} = ${text}`).toBe(true);
  }
});

test('A sells at a limit, B buys it at market: both see the fill live, and balances are exact', async ({
  browser,
  baseURL,
}) => {
  const alice = await browser.newPage();
  const bob = await browser.newPage();
  const aliceToken = await signInAs(alice, 'alice@demo.test');
  const bobToken = await signInAs(bob, 'bob@demo.test');
  // Another spec's 100 % market buy may have spent Bob's USDT: the server's own command line credits him.
  await must(
    alice.request,
    'POST',
    'admin/credit',
    { admin: serverLock(baseURL!).adminToken },
    { user: 'bob@demo.test', currency: 'USDT', amount: '100' },
  );
  // Orders of theirs left resting by earlier tests would fill meanwhile and move the balances.
  for (const token of [aliceToken, bobToken]) {
    for (const side of ['tx_in', 'tx_out'] as const) await cancelOpenOrders(alice.request, token, side);
  }
  await alice.goto('/trade?match=1');
  await bob.goto('/trade?match=1');
  const request = alice.request;
  const markets = await (await request.get('/api/market/currency_matches')).json();
  const fee = Decimal.parse(
    markets.data[0].matches.find((m: { id: number }) => m.id === BTC_USDT).change_fee_rate,
  );
  const before = {
    aliceUsdt: await balance(request, aliceToken, USDT),
    aliceBtc: await balance(request, aliceToken, BTC),
    bobUsdt: await balance(request, bobToken, USDT),
    bobBtc: await balance(request, bobToken, BTC),
  };
  const quantity = Decimal.parse('0.001');

  // Bob prepares a market buy and watches his orders; confirmation off for speed.
  await bob.getByLabel('Confirm before placing').uncheck();
  await orders(bob).getByRole('tab', { name: 'All orders' }).click();
  await form(bob, 'Buy BTC').getByLabel('Amount').fill('0.001');

  // Alice places a limit sell inside the spread, through the confirmation step.
  await alice.getByRole('tab', { name: 'Limit' }).click();
  await orders(alice).getByRole('tab', { name: 'Sell' }).click();
  const price = await insideSpread(request);
  await form(alice, 'Sell BTC').getByLabel('Price').fill(price);
  await form(alice, 'Sell BTC').getByLabel('Amount').fill('0.001');
  // Her latest sell in any status: the demo market maker's taker trades too, and may fill her ask
  // before it shows among her open orders (seen in CI: 'No orders' with the sell placed).
  const latestSell = async () => {
    const mine = await request.get('/api/tx_out/list?currency_match_id=1&status=all&page=1&limit=1', {
      headers: { authorization: aliceToken },
    });
    type Listed = { id: number; number: string; transacted_amount: string };
    return ((await mine.json()) as { data: { data: Listed[] } }).data.data[0];
  };
  const previous = (await latestSell())?.id ?? 0;
  await form(alice, 'Sell BTC').getByRole('button', { name: 'Sell BTC' }).click();
  await expect(alice.getByRole('dialog')).toContainText(`Sell 0.001 BTC at ${price} USDT?`);
  await alice.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(async () => (await latestSell())?.id ?? 0).toBeGreaterThan(previous);
  const orderId = String((await latestSell())!.id);
  // It rests among her open orders, at her price, unless the taker filled it whole first.
  const row = orders(alice).locator(`tr[data-order-id="${orderId}"]`);
  const filledWhole = async () => {
    const latest = (await latestSell())!;
    return Decimal.parse(latest.transacted_amount).eq(Decimal.parse(latest.number));
  };
  await expect
    .poll(async () =>
      (await row.count()) > 0
        ? (await row.textContent())!.includes(grouped(Decimal.parse(price).toString(2)))
        : filledWhole(),
    )
    .toBe(true);

  await form(bob, 'Buy BTC').getByRole('button', { name: 'Buy BTC' }).click();

  // Alice's open order leaves her current list without a reload; it is in her history, completed.
  await expect(orders(alice).locator(`tr[data-order-id="${orderId}"]`)).toHaveCount(0);
  await orders(alice).getByRole('tab', { name: 'Order history' }).click();
  await expect(orders(alice).locator(`tr[data-order-id="${orderId}"]`)).toContainText('Completed');
  // Bob's market order appears on top of his list as it fills.
  await expect(orders(bob).locator('tbody tr').first()).toContainText('0.001000');
  await expect(orders(bob).locator('tbody tr').first()).toContainText('Completed');

  const cost = quantity.mul(Decimal.parse(price));
  // The live market maker may re-quote below Alice's ask (or its taker take her ask) between the two
  // clicks, so Bob's spend is read from his order; every balance must still match to the unit.
  const bobOrder = (
    (await (
      await request.get('/api/tx_history/list?page=1&limit=1', { headers: { authorization: bobToken } })
    ).json()) as { data: { data: { transacted_amount: string; transacted_volume: string; fee: string }[] } }
  ).data.data[0]!;
  expect(bobOrder.transacted_amount).toBe('0.001');
  const after = {
    aliceUsdt: before.aliceUsdt.add(cost.sub(cost.mul(fee))),
    aliceBtc: before.aliceBtc.sub(quantity),
    bobUsdt: before.bobUsdt.sub(Decimal.parse(bobOrder.transacted_volume)),
    bobBtc: before.bobBtc.add(quantity.sub(Decimal.parse(bobOrder.fee))),
  };
  expect(bobOrder.fee).toBe(quantity.mul(fee).toString());
  expect((await balance(request, aliceToken, USDT)).toString()).toBe(after.aliceUsdt.toString());
  expect((await balance(request, aliceToken, BTC)).toString()).toBe(after.aliceBtc.toString());
  expect((await balance(request, bobToken, USDT)).toString()).toBe(after.bobUsdt.toString());
  expect((await balance(request, bobToken, BTC)).toString()).toBe(after.bobBtc.toString());
  // The forms show the same balances as /assets does (docs/web-app.md): the currency's 8 decimals, at
  // least 2, cut, refreshed without a reload.
  await expect(alice.getByTestId('available-buy')).toHaveText(asAssets(after.aliceUsdt));
  await expect(bob.getByTestId('available-sell')).toHaveText(asAssets(after.bobBtc));
  const onTrade = await bob.getByTestId('available-sell').textContent();
  await bob.goto('/assets');
  await expect(
    bob.getByTestId('balances').locator('tr[data-currency="BTC"]').getByTestId('available'),
  ).toContainText(onTrade!);
  await alice.close();
  await bob.close();
});

test('a demo user buys from the market maker at market: it fills, shows in history, balances move exactly', async ({
  page,
}) => {
  const token = await signInAs(page, 'bob@demo.test');
  await page.goto('/trade?match=1');
  await page.getByLabel('Confirm before placing').uncheck();
  await orders(page).getByRole('tab', { name: 'Order history' }).click();
  const usdt = await balance(page.request, token, USDT);
  const btc = await balance(page.request, token, BTC);
  // A market buy's slider sets the total to spend; typing an amount takes its place.
  await form(page, 'Buy BTC').getByRole('button', { name: '25%' }).click();
  await expect(form(page, 'Buy BTC').getByLabel('Spend')).not.toHaveValue('');
  await form(page, 'Buy BTC').getByLabel('Amount').fill('0.0005');
  await expect(form(page, 'Buy BTC').getByLabel('Spend')).toHaveValue('');
  await form(page, 'Buy BTC').getByRole('button', { name: 'Buy BTC' }).click();
  const row = orders(page).locator('tbody tr').first();
  await expect(row).toContainText('Completed');
  await expect(row.getByTestId('filled')).toHaveText('0.000500');

  const history = await page.request.get('/api/tx_history/list?page=1&limit=1', {
    headers: { authorization: token },
  });
  const order = (
    (await history.json()) as {
      data: { data: { id: number; transacted_amount: string; transacted_volume: string; fee: string }[] };
    }
  ).data.data[0]!;
  expect(await row.getAttribute('data-order-id')).toBe(String(order.id));
  expect(order.transacted_amount).toBe('0.0005');
  const spent = Decimal.parse(order.transacted_volume);
  const received = Decimal.parse(order.transacted_amount).sub(Decimal.parse(order.fee));
  expect((await balance(page.request, token, USDT)).toString()).toBe(usdt.sub(spent).toString());
  expect((await balance(page.request, token, BTC)).toString()).toBe(btc.add(received).toString());
});

test('cancelling a resting order releases exactly its funds', async ({ page }) => {
  const token = await signInAs(page, 'alice@demo.test');
  await page.goto('/trade?match=1');
  await page.getByLabel('Confirm before placing').uncheck();
  await page.getByRole('tab', { name: 'Limit' }).click();
  const before = await balance(page.request, token, USDT);
  await form(page, 'Buy BTC').getByLabel('Price').fill('1000.5');
  await form(page, 'Buy BTC').getByLabel('Amount').fill('0.002');
  await form(page, 'Buy BTC').getByRole('button', { name: 'Buy BTC' }).click();
  const row = orders(page).locator('tbody tr', { hasText: '1,000.50' });
  await expect(row).toBeVisible();
  await expect
    .poll(async () => (await balance(page.request, token, USDT)).toString())
    .toBe(before.sub(Decimal.parse('2.001')).toString());
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(0);
  await expect
    .poll(async () => (await balance(page.request, token, USDT)).toString())
    .toBe(before.toString());
});

test('an order whose answer was lost is sent again with its request id: one order, not two', async ({
  page,
}) => {
  const token = await signInAs(page, 'alice@demo.test');
  await page.goto('/trade?match=1');
  await page.getByLabel('Confirm before placing').uncheck();
  await page.getByRole('tab', { name: 'Limit' }).click();
  const resting = async () => {
    const answer = await page.request.get(`/api/tx_in/list?currency_match_id=${BTC_USDT}&status=open`, {
      headers: { authorization: token },
    });
    const { data } = (await answer.json()) as { data: { data: { id: number; price: string }[] } };
    return data.data.filter((order) => order.price === '1000.25');
  };
  await form(page, 'Buy BTC').getByLabel('Price').fill('1000.25');
  await form(page, 'Buy BTC').getByLabel('Amount').fill('0.002');
  // The order reaches the server, but its answer never comes back.
  await page.route('**/api/tx_in/add', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await form(page, 'Buy BTC').getByRole('button', { name: 'Buy BTC' }).click();
  await expect(page.getByText('Cannot reach the server, please retry later')).toBeVisible();
  await expect.poll(async () => (await resting()).length).toBe(1);
  await page.unroute('**/api/tx_in/add');
  // The same order again: the server answers the first one and places nothing more.
  await form(page, 'Buy BTC').getByRole('button', { name: 'Buy BTC' }).click();
  await expect(form(page, 'Buy BTC').getByLabel('Amount')).toHaveValue('');
  const [order] = await resting();
  expect((await resting()).map(({ id }) => id)).toEqual([order!.id]);
  const row = orders(page).locator('tbody tr', { hasText: '1,000.25' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(0);
});

test('the trade page in both themes, on a phone and a wide screen', async ({ page }) => {
  // Four full-page shots of a live page and four accessibility scans: more than 30 s on a busy machine.
  test.setTimeout(budget(120_000));
  await signInAs(page, 'alice@demo.test');
  for (const [width, height] of [
    [1440, 1000],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/trade?match=1');
      await setTheme(page, theme);
      await expect(book(page).getByRole('rowheader', { name: 'Sell 1', exact: true })).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `test-results/screens/trade-${width}-${theme}.png`, fullPage: true });
      await expectAccessible(page);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  // On a phone the buy and sell buttons stay on screen.
  await expect(page.getByRole('link', { name: 'Buy', exact: true })).toBeInViewport();
});
