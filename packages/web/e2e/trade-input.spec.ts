import { Decimal } from '@oex/protocol';
import { expect, test, type Page } from '@playwright/test';
import { setTheme, signInAs, budget } from './helpers.js';

/** The order forms' inputs, their arithmetic, the confirmation and each market's precision. */

const form = (page: Page, name: string) => page.getByRole('form', { name });
const book = (page: Page) => page.getByRole('region', { name: 'Order book' });
/** The price button of one book level, such as 'Sell 1'. */
const level = (page: Page, name: string) =>
  book(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    .getByRole('button');

interface DealAnswer {
  data: { depth: { in: { price: string; amount: string }[]; out: { price: string; amount: string }[] } };
}

/** No page may show an exception's text, whatever is typed. */
async function expectNoCrash(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(
    /decimal out of range|DecimalError|at \w+ \(|TypeError|Unexpected Application Error/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('typed and pasted numbers are kept as written: the reader’s marks and the book’s format are read, the rest refused with a message', async ({
  page,
}) => {
  // Typing key by key on the live trade page takes a while on a busy machine.
  test.setTimeout(budget(120_000));
  await signInAs(page, 'alice@demo.test');
  await page.goto('/trade?match=1');
  await page.getByRole('tab', { name: 'Limit' }).click();
  const buy = form(page, 'Buy BTC');
  const price = buy.getByLabel('Price');
  const amount = buy.getByLabel('Amount');
  const total = buy.getByTestId('total-buy');

  // Typed key by key, grouped as the page shows numbers: never rewritten to 63.00.
  await amount.fill('2');
  await price.pressSequentially('63,000.50');
  await expect(price).toHaveValue('63,000.50');
  await expect(total).toHaveText('126,001.000000');
  // The book's own format, pasted whole.
  await price.fill('64,015.24');
  await expect(price).toHaveValue('64,015.24');
  await expect(total).toHaveText('128,030.480000');
  await expect(buy.getByTestId('field-hint').first()).toHaveText('');

  // Not a number: kept as typed, refused with a message under the field, nothing computed.
  for (const typed of ['1e5', '-5', '1.2.3']) {
    await price.fill('');
    await price.pressSequentially(typed);
    await expect(price).toHaveValue(typed);
    await expect(total).toHaveText('—');
  }
  await price.fill('1e5');
  await expect(buy.getByText('Not a number: write it like 63,000.50')).toBeVisible();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await price.fill('-5');
  await expect(buy.getByText('No sign: enter the number as it is, like 63,000.50')).toBeVisible();
  for (const [width, height] of [
    [1440, 1000],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await page.getByRole('tab', { name: 'Limit' }).click();
      await price.fill('-5');
      await expect(buy.getByText('No sign: enter the number as it is, like 63,000.50')).toBeVisible();
      await buy.screenshot({ path: `test-results/screens/trade-input-refused-${width}-${theme}.png` });
    }
  }
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('tab', { name: 'Limit' }).click();
  await price.fill('-5');
  await buy.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await price.fill('12.5');
  await expect(buy.getByTestId('field-hint').first()).toHaveText('');

  // In German the marks swap: 63.000,50 is sixty-three thousand, and the book shows it so.
  await page.evaluate(() => localStorage.setItem('lang', 'gm'));
  await page.reload();
  await page.getByRole('tab', { name: 'Limit' }).click();
  const kaufen = page.locator('#order-form-buy');
  await kaufen.locator('input').nth(1).fill('2');
  await kaufen.locator('input').first().pressSequentially('63.000,50');
  await expect(kaufen.locator('input').first()).toHaveValue('63.000,50');
  await expect(kaufen.getByTestId('total-buy')).toHaveText('126.001,000000');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await page.getByRole('tab', { name: 'Limit' }).click();

  // BTC/USDT: 2 price decimals, 13 digits before the point; 6 amount decimals.
  await price.fill('64000.12');
  await price.pressSequentially('3');
  await expect(price).toHaveValue('64000.123');
  await expect(buy.getByText('At most 2 decimals')).toBeVisible();
  await price.fill('12345678901234');
  await expect(buy.getByText('At most 13 digits before the point')).toBeVisible();
  await amount.fill('0.1234567');
  await expect(buy.getByText('At most 6 decimals')).toBeVisible();
  await amount.fill('0,5');
  await expect(amount).toHaveValue('0,5');
  await expect(buy.getByTestId('field-hint').nth(1)).toHaveText('');
  await expect(amount).toHaveAttribute('placeholder', 'Min. 0.00001 BTC');

  // TRX/USDT follows its own market: 5 price decimals, 1 amount decimal.
  await page.goto('/trade?match=3');
  await page.getByRole('tab', { name: 'Limit' }).click();
  const trx = form(page, 'Buy TRX');
  await trx.getByLabel('Price').fill('0.12345');
  await expect(trx.getByLabel('Price')).toHaveValue('0.12345');
  await trx.getByLabel('Price').fill('0.123456');
  await expect(trx.getByText('At most 5 decimals')).toBeVisible();
  await trx.getByLabel('Amount').fill('1.55');
  await expect(trx.getByText('At most 1 decimals')).toBeVisible();
  await expectNoCrash(page);
});

test('a price typed or picked for one pair does not carry over to another', async ({ page }) => {
  await signInAs(page, 'alice@demo.test');
  await page.goto('/trade?match=1');
  await page.getByRole('tab', { name: 'Limit' }).click();
  await level(page, 'Sell 1').click();
  await expect(form(page, 'Buy BTC').getByLabel('Price')).not.toHaveValue('');
  await form(page, 'Buy BTC').getByLabel('Amount').fill('0.5');
  await page.getByRole('navigation', { name: 'Markets' }).getByRole('button', { name: /^TRX/ }).click();
  await expect(page.getByRole('heading', { name: 'TRX/USDT', level: 1 })).toBeVisible();
  await expect(form(page, 'Buy TRX').getByLabel('Price')).toHaveValue('');
  await expect(form(page, 'Buy TRX').getByLabel('Amount')).toHaveValue('');
  // A pick on this pair's book fills its forms, at its own precision.
  await level(page, 'Buy 1').click();
  await expect(form(page, 'Sell TRX').getByLabel('Price')).toHaveValue(/^0\.\d{1,5}$/);
});

test('huge amounts never crash the app: out-of-range values are refused with a message', async ({ page }) => {
  await signInAs(page, 'bob@demo.test');
  await page.goto('/trade?match=1');
  const buy = form(page, 'Buy BTC');
  // The live book can take a while to arrive on a busy machine.
  await expect(book(page).getByRole('rowheader', { name: 'Sell 1', exact: true })).toBeVisible({
    timeout: 60_000,
  });

  // A 15-digit market-buy amount (this replaced the whole app with a stack trace).
  await buy.getByLabel('Amount').fill('123456789012345');
  await expect(buy.getByLabel('Amount')).toHaveValue('123456789012345');
  await expect(buy.getByText('At most 9 digits before the point')).toBeVisible();
  await buy.getByLabel('Amount').fill('999999999');
  await expect(buy.getByLabel('Amount')).toHaveValue('999999999');
  await expectNoCrash(page);
  await buy.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Price 100 with a 26-digit amount; then the largest price and amount: a total past the maximum.
  await page.getByRole('tab', { name: 'Limit' }).click();
  await buy.getByLabel('Price').fill('100');
  await buy.getByLabel('Amount').fill('1'.repeat(26));
  await expect(buy.getByText('At most 9 digits before the point')).toBeVisible();
  await expectNoCrash(page);
  await buy.getByLabel('Amount').fill('999999999');
  await buy.getByLabel('Price').fill('9999999999999.99');
  await expect(buy.getByText('Total — USDT')).toBeVisible();
  await buy.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(page.getByText('The total is above the maximum of 1000000000000000 USDT')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expectNoCrash(page);
});

test('a page that fails shows a translated error with a reload button, never a stack', async ({ page }) => {
  await page.goto('/home');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  // The trade page's code cannot load (as after a deploy replaced it): the page fails, the app does not.
  await page.route(/\/assets\/TradePage-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/trade?match=1');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: '此页面出错了' })).toBeVisible();
  await expect(alert).not.toContainText(/Error|at |\.js/);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.unroute(/\/assets\/TradePage-[^/]+\.js$/);
  await alert.getByRole('button', { name: '重新加载页面' }).click();
  await expect(page.getByRole('heading', { name: 'BTC/USDT', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '此页面出错了' })).toHaveCount(0);
});

test('the confirmation shows side, price, amount, total and fee in the market precision, and warns of a far price', async ({
  page,
}) => {
  await signInAs(page, 'alice@demo.test');
  await page.goto('/trade?match=1');
  const deal = (await (await page.request.get('/api/market/deal?currency_match_id=1')).json()) as DealAnswer;
  const ask = Decimal.parse(deal.data.depth.out[0]!.price);
  // 20 % above the best ask: past the 10 % setting.
  const far = ask.mul(Decimal.parse('1.2'), 2, 'down').toString(2);
  await page.getByRole('tab', { name: 'Limit' }).click();
  const buy = form(page, 'Buy BTC');
  await buy.getByLabel('Price').fill(far);
  await buy.getByLabel('Amount').fill('0.0001');
  await expect(
    buy.getByTestId('field-hint').filter({ hasText: /Your price is \d+\.\d{2}% above the best ask/ }),
  ).toBeVisible();
  await buy.getByRole('button', { name: 'Buy BTC' }).click();
  const dialog = page.getByRole('dialog');
  const summary = dialog.getByTestId('order-summary');
  await expect(summary).toContainText('Buy · Limit');
  const grouped = (text: string) => text.replace(/^(\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));
  await expect(summary).toContainText(`Price${grouped(far)} USDT`);
  await expect(summary).toContainText('Amount0.000100 BTC');
  const total = Decimal.parse(far).mul(Decimal.parse('0.0001'), 6, 'up').toString(6);
  await expect(summary).toContainText(`Total${grouped(total)} USDT`);
  await expect(summary).toContainText('Fee rate0.1%');
  await expect(dialog.getByRole('alert')).toContainText(/above the best ask \([\d,]+\.\d{2} USDT\)/);
  await page.screenshot({ path: 'test-results/screens/trade-confirm-far.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // With confirmation off, a far price still asks first.
  await page.getByLabel('Confirm before placing').uncheck();
  await buy.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Confirm before placing').check();

  // A market buy shows its estimated average price from the visible book.
  await page.getByRole('tab', { name: 'Market' }).click();
  await buy.getByLabel('Amount').fill('0.001');
  await buy.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(summary).toContainText('Buy · Market');
  await expect(summary).toContainText(/Estimated average price≈ [\d,]+\.\d{2} USDT/);
  await expect(summary).toContainText(/Estimated total≈ [\d,]+\.\d{6} USDT/);
  const average = Decimal.parse(
    (await summary.innerText()).match(/Estimated average price\s*≈ ([\d,]+\.\d{2})/)![1]!.replace(/,/g, ''),
  );
  // Between the best ask and 5 % above it, as the market maker's ladder stands.
  expect(average.gte(ask.mul(Decimal.parse('0.95')))).toBe(true);
  expect(average.lte(ask.mul(Decimal.parse('1.05')))).toBe(true);
  await page.screenshot({ path: 'test-results/screens/trade-confirm-market.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test("prices show each market's decimals everywhere: BTC/USDT 2, TRX/USDT 5", async ({ page }) => {
  const twoDecimals = /^\d{1,3}(,\d{3})*\.\d{2}$/;
  await page.goto('/trade?match=1');
  const header = page.getByTestId('book-last');
  await expect(header).toHaveText(twoDecimals);
  await expect(level(page, 'Sell 1')).toHaveText(twoDecimals);
  await expect(level(page, 'Buy 1')).toHaveText(twoDecimals);
  for (const cell of await book(page).getByRole('row').getByRole('button').all()) {
    await expect(cell).toHaveText(twoDecimals);
  }
  const trades = page.getByRole('region', { name: 'Recent trades' }).locator('tbody tr td:nth-child(2)');
  await expect(trades.first()).toHaveText(twoDecimals);
  await page.goto('/trade?match=3');
  await expect(page.getByTestId('book-last')).toHaveText(/^0\.\d{5}$/);
  await page.goto('/markets');
  const btcRow = page.getByRole('row', { name: /BTC/ }).first();
  await expect(btcRow.getByRole('cell').filter({ hasText: twoDecimals }).first()).toBeVisible();
});
