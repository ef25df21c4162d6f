import { Decimal } from '@oex/protocol';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs } from './helpers.js';

const orders = (page: Page) => page.getByRole('region', { name: 'Orders' });
const buyForm = (page: Page) => page.getByRole('form', { name: 'Buy BTC' });

/** One device of a user: its own context and session, on the BTC/USDT trade page. */
async function device(browser: Browser, account: string): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await signInAs(page, account);
  await page.goto('/trade?match=1');
  await expect(page.getByTestId('available-buy')).not.toHaveText('');
  return { page, token };
}

async function usdtAvailable(page: Page, token: string): Promise<Decimal> {
  const answer = await page.request.get('/api/account/detail?currency_id=1&account_type_id=1', {
    headers: { authorization: token },
  });
  return Decimal.parse(((await answer.json()) as { data: { balance: string } }).data.balance);
}

/** A balance as /assets shows it: the currency's 8 decimals at most, its own places, at least 2, cut. */
const shown = (value: Decimal) =>
  value
    .round(Math.min(8, Math.max(2, value.decimalPlaces())), 'down')
    .toString(Math.min(8, Math.max(2, value.decimalPlaces())))
    .replace(/^(\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));

test('an order placed on one device and cancelled on another: both follow live, balances too', async ({
  browser,
}) => {
  const laptop = await device(browser, 'alice@demo.test');
  const phone = await device(browser, 'alice@demo.test');
  const before = await usdtAvailable(laptop.page, laptop.token);

  // The laptop places a resting buy far below the market.
  await laptop.page.getByLabel('Confirm before placing').uncheck();
  await laptop.page.getByRole('tab', { name: 'Limit' }).click();
  await buyForm(laptop.page).getByLabel('Price').fill('1000.5');
  await buyForm(laptop.page).getByLabel('Amount').fill('0.002');
  await buyForm(laptop.page).getByRole('button', { name: 'Buy BTC' }).click();
  const laptopRow = orders(laptop.page).locator('tbody tr', { hasText: '1,000.5' });
  await expect(laptopRow).toBeVisible();
  const orderId = await laptopRow.getAttribute('data-order-id');

  // The phone sees it, and the held 2.001 USDT, without a reload.
  const phoneRow = orders(phone.page).locator(`tr[data-order-id="${orderId}"]`);
  await expect(phoneRow).toBeVisible();
  const held = before.sub(Decimal.parse('2.001'));
  await expect(phone.page.getByTestId('available-buy')).toHaveText(shown(held));

  // The phone cancels it: the laptop's row leaves and its balance comes back, with no reload.
  await phoneRow.getByRole('button', { name: 'Cancel' }).click();
  await expect(phoneRow).toHaveCount(0);
  await expect(laptopRow).toHaveCount(0);
  await expect(laptop.page.getByTestId('available-buy')).toHaveText(shown(before));
  expect((await usdtAvailable(laptop.page, laptop.token)).toString()).toBe(before.toString());

  // The laptop's history shows it cancelled, with its average and fee columns.
  await orders(laptop.page).getByRole('tab', { name: 'Order history' }).click();
  const history = orders(laptop.page).locator(`tr[data-order-id="${orderId}"]`);
  await expect(history).toContainText('Cancelled');
  await expect(history.getByTestId('average')).toHaveText('—');
  await expect(history.getByTestId('fee')).toHaveText('0.00000000 BTC');
  await laptop.page.context().close();
  await phone.page.context().close();
});

test('a market fill says what happened: the toast and history carry the average price and fee', async ({
  browser,
}) => {
  const { page, token } = await device(browser, 'bob@demo.test');
  await page.getByLabel('Confirm before placing').uncheck();
  await buyForm(page).getByLabel('Amount').fill('0.0005');
  await buyForm(page).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(
    page.getByText(/^Order filled: 0\.0005 BTC at an average price of [\d.,]+, fee [\d.,]+ BTC$/),
  ).toBeVisible();
  const history = await page.request.get('/api/tx_history/list?page=1&limit=1', {
    headers: { authorization: token },
  });
  const order = ((await history.json()) as { data: { data: { id: number; avg_price: string }[] } }).data
    .data[0]!;
  await orders(page).getByRole('tab', { name: 'Order history' }).click();
  const row = orders(page).locator(`tr[data-order-id="${order.id}"]`);
  await expect(row.getByTestId('average')).not.toHaveText('—');
  // BTC/USDT prices have 2 decimals: so has the average.
  await expect(row.getByTestId('average')).toHaveText(/^[\d,]+\.\d{2}$/);
  expect(
    Decimal.parse((await row.getByTestId('average').innerText()).replace(/,/g, '')).gt(Decimal.ZERO),
  ).toBe(true);
});
