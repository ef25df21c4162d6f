import { Decimal } from '@oex/protocol';
import { expect, test } from '@playwright/test';
import {
  accountBalance,
  expectDrawnAndFitting,
  openThemed,
  signInAs,
  transferFromSpot,
  type Envelope,
} from './helpers.js';

const USDT = 1;
const FINANCIAL = 5;

test('Bob buys a savings product at the previewed interest and sees it in my financial, in another tab too; a refused amount changes nothing', async ({
  page,
  context,
}) => {
  const token = await signInAs(page, 'bob@demo.test');
  await transferFromSpot(page.request, token, USDT, FINANCIAL, '1000');
  const before = await accountBalance(page.request, token, USDT, FINANCIAL);
  // A second tab of the same user, on my financial: it follows the purchase without a reload.
  const other = await context.newPage();
  await other.goto('/coinlog');
  await expect(other.getByText('No holdings yet')).toBeVisible();
  await page.goto('/deposit');
  const row = page.getByTestId('earn-products').locator('tr', { hasText: 'USDT 30-day saver' });
  await expect(row).toContainText('30 days');
  await expect(row).toContainText('0.05% / day');
  const productId = Number(await row.getAttribute('data-product'));
  await row.getByRole('button', { name: 'Buy USDT 30-day saver' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('earn-available')).toHaveAttribute('data-value', before.toString());

  // Below the minimum: said in the dialog, nothing sent.
  await dialog.getByLabel('Amount').fill('99');
  await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(dialog.getByTestId('earn-problem')).toContainText('The minimum is 100 USDT');

  await dialog.getByLabel('Amount').fill('500');
  // 500 × 0.05 % = 0.25 a day, 7.5 over the 30 days.
  await expect(dialog.getByTestId('earn-daily')).toHaveText('0.25 USDT');
  await expect(dialog.getByTestId('earn-total')).toHaveText('7.50 USDT');
  await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByText('Purchase successful')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('you hold 500 USDT');
  await expect(other.getByTestId('earn-holdings').locator('tbody tr')).toHaveCount(1);
  await other.close();
  expect((await accountBalance(page.request, token, USDT, FINANCIAL)).toString()).toBe(
    before.sub(Decimal.parse('500')).toString(),
  );

  await page.getByRole('link', { name: 'My financial' }).click();
  await expect(page).toHaveURL(/\/coinlog$/);
  const holding = page.getByTestId('earn-holdings').locator('tbody tr').first();
  await expect(holding).toContainText('USDT 30-day saver');
  await expect(holding).toContainText('500.00 USDT');
  await expect(holding).toContainText('0 / 30 (30 left)');
  await expect(holding).toContainText('In force');

  // Past the per-user maximum, sent straight to the server: refused, nothing moved.
  const over = await page.request.post('/api/ieo/addIeo', {
    headers: { authorization: token },
    data: { id: productId, number: '49501' },
  });
  const refused = (await over.json()) as Envelope<unknown>;
  expect(refused.code).toBe(0);
  expect(refused.msg).toMatch(/at most 50000.*49500/);
  expect((await accountBalance(page.request, token, USDT, FINANCIAL)).toString()).toBe(
    before.sub(Decimal.parse('500')).toString(),
  );
});

test("a savings product's 'Transfer in' opens the transfer page into the financial account, in the product's currency", async ({
  page,
}) => {
  await signInAs(page, 'bob@demo.test');
  await page.goto('/deposit');
  const row = page.getByTestId('earn-products').locator('tr', { hasText: 'USDT 30-day saver' });
  await expect(row).toContainText('30 days', { timeout: 20_000 });
  // The list may still be redrawn by a late answer: click until the dialog is open.
  await expect(async () => {
    await row.getByRole('button', { name: 'Buy USDT 30-day saver' }).click();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await page.getByRole('dialog').getByRole('link', { name: 'Transfer in' }).click();
  await expect(page).toHaveURL(/\/assets\/transfer\?/);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(String(1));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(String(FINANCIAL));
  await expect(page.getByLabel('To', { exact: true }).locator('option:checked')).toHaveText(/financ/i);
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue(String(USDT));
});

for (const theme of ['light', 'dark'] as const) {
  test(`the savings pages in the ${theme} theme at 1280 and 360 px: fit, screenshots, no serious accessibility problem`, async ({
    page,
  }) => {
    const token = await signInAs(page, 'alice@demo.test');
    await transferFromSpot(page.request, token, USDT, FINANCIAL, '200');
    await page.request.post('/api/ieo/addIeo', {
      headers: { authorization: token },
      data: { id: 1, number: '100' },
    });
    for (const width of [1280, 360]) {
      await openThemed(page, '/deposit', theme, width);
      await expect(page.getByRole('button', { name: 'Buy USDT 30-day saver' })).toBeVisible();
      await expectDrawnAndFitting(page, `deposit-${theme}-${width}`);
      await page.getByRole('button', { name: 'Buy USDT 30-day saver' }).click();
      await page.getByRole('dialog').getByLabel('Amount').fill('150');
      await page.screenshot({ path: `test-results/screens/deposit-buy-${theme}-${width}.png` });
      await page.keyboard.press('Escape');
      await openThemed(page, '/coinlog', theme, width);
      await expect(page.getByTestId('earn-holdings')).toBeVisible();
      await expectDrawnAndFitting(page, `coinlog-${theme}-${width}`);
    }
  });
}
