import type { AccountLogView } from '@oex/protocol';
import { expect, test, type Page } from '@playwright/test';
import {
  accountBalance,
  expectDrawnAndFitting,
  must,
  newUser,
  openThemed,
  operatorLogin,
  send,
  SPOT_ACCOUNT,
  USER_PASSWORD,
  budget,
} from './helpers.js';

/**
 * The console's users and balances (docs/operator-console.md): an operator finds a user, freezes the account with a
 * reason (the user is refused sign-in), and lifts it; one operator proposes an adjustment (any amount,
 * however small, waits), cannot approve it, and a second operator does; the user sees it in their
 * records as an adjustment with its reference and reason. The
 * dashboard, users, a user's page and the balances page in both themes at 1280 and 360 px, axe clean.
 */

const USDT = 1;

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
}

test('support freezes and unfreezes a user; two operators make an adjustment; the pages in both themes', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(budget(240_000));
  const una = await newUser(request, 'una-console');
  const signIn = () =>
    send<string>(
      request,
      'POST',
      'user/login',
      {},
      {
        login_type: 'email',
        account: una.email,
        password: USER_PASSWORD,
      },
    );

  await operatorLogin(page, 'support');
  // The dashboard: users counted, the markets with the market maker's share stated.
  const dashboard = page.getByTestId('admin-dashboard');
  await expect(dashboard.getByTestId('stat-registered')).toContainText(/\d+/);
  const btc = page.getByTestId('dashboard-market-table').locator('[data-row="1"]');
  await expect(btc).toContainText('BTC/USDT');
  await expect(btc).toContainText('%');
  await expectDrawnAndFitting(page, 'admin-dashboard-light-1280');

  // Search by a piece of the email, open the user.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search users').fill(una.email.split('@')[0]!);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('users-total')).toHaveText('1 user(s)');
  await page.getByTestId('users-table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(una.email);
  await expect(page.getByTestId('user-sessions')).toContainText('Sessions (1)');

  // Freeze: a reason is required; the user's session ends and sign-in is refused with a clear message.
  await page.getByRole('button', { name: 'Freeze' }).click();
  const freeze = page.getByRole('dialog', { name: 'Freeze this account?' });
  await expect(freeze).toContainText('Open orders stay in the book.');
  await expect(freeze.getByRole('button', { name: 'Freeze' })).toBeDisabled();
  await freeze.getByLabel('Reason (at least 3 characters)').fill('Suspected account takeover, case 4411');
  await freeze.getByRole('button', { name: 'Freeze' }).click();
  await expect(freeze).toBeHidden();
  await expect(page.locator('[data-badge="frozen"]')).toBeVisible();
  await expect(page.getByTestId('user-profile')).toContainText('Suspected account takeover, case 4411');
  await expect(page.getByTestId('user-sessions')).toContainText('Sessions (0)');
  expect((await send(request, 'GET', 'user/info', una)).code).toBe(999);
  expect((await signIn()).msg).toBe('This account is frozen. Please contact support.');
  // And in the browser, on the user site's login page.
  const visitor = await browser.newPage();
  await visitor.goto('/login');
  await visitor.getByLabel('Email address').fill(una.email);
  await visitor.getByLabel('Password').fill(USER_PASSWORD);
  await visitor.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(visitor.getByText('This account is frozen. Please contact support.')).toBeVisible();
  await expect(visitor).toHaveURL(/\/login$/);
  await expectDrawnAndFitting(page, 'admin-user-frozen-light-1280');

  await page.getByRole('button', { name: 'Unfreeze' }).click();
  const unfreeze = page.getByRole('dialog', { name: 'Lift the freeze?' });
  await unfreeze.getByLabel('Reason (at least 3 characters)').fill('Owner verified by video call');
  await unfreeze.getByRole('button', { name: 'Unfreeze' }).click();
  await expect(unfreeze).toBeHidden();
  await expect(page.locator('[data-badge="frozen"]')).toHaveCount(0);
  const again = await signIn();
  expect(again.code, again.msg).toBe(1);
  // The freeze ended the old session: the user's token from now on.
  const token = again.data;
  await visitor.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(visitor).toHaveURL(/\/home$/);
  await visitor.close();
  const userId = Number(new URL(page.url()).pathname.split('/').at(-1));

  // Support may not move money: the balances page says so and offers no form.
  await page.goto('/admin/balances');
  await expect(page.getByTestId('balances-read-only')).toBeVisible();
  await expect(page.getByTestId('propose-form')).toHaveCount(0);
  await logOut(page);

  // Finance proposes 25 USDT: small, and it waits all the same; its proposer cannot approve.
  const proposer = await operatorLogin(page, 'finance');
  await page.goto(`/admin/balances?user_id=${userId}`);
  const form = page.getByTestId('propose-form');
  await expect(form).toContainText(
    'Every adjustment, whatever its amount, waits until another operator approves it.',
  );
  await form.getByLabel('Amount').fill('25');
  await form.getByLabel('Reference', { exact: true }).fill('CASE-4411');
  await form.getByRole('button', { name: 'Propose' }).click();
  const propose = page.getByRole('dialog', { name: 'Propose this adjustment?' });
  await expect(propose).toContainText(`User #${userId}`);
  await expect(propose).toContainText('+25 USDT');
  await propose.getByLabel('Reason (at least 3 characters)').fill('Refund of a double-charged deposit fee');
  await propose.getByRole('button', { name: 'Propose' }).click();
  await expect(propose).toBeHidden();
  await expect(page.getByTestId('propose-outcome')).toHaveAttribute('data-status', 'pending');
  const pending = page.getByTestId('adjustments-table').locator('tr', { hasText: 'CASE-4411' });
  await expect(pending).toContainText(proposer.name);
  await expect(pending.getByRole('button', { name: 'Approve' })).toBeDisabled();
  expect((await accountBalance(request, token, USDT, SPOT_ACCOUNT)).toString()).toBe('0');
  await expectDrawnAndFitting(page, 'admin-balances-pending-light-1280');
  await logOut(page);

  // A second operator approves it, once.
  const approver = await operatorLogin(page, 'admin');
  await page.goto('/admin/balances');
  const row = page.getByTestId('adjustments-table').locator('tr', { hasText: 'CASE-4411' });
  await row.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: /^Approve adjustment #\d+\?$/ });
  await expect(approve).toContainText('Refund of a double-charged deposit fee');
  await approve.getByLabel('Reason (at least 3 characters)').fill('Checked the deposit record');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.getByRole('tab', { name: 'Applied' }).click();
  const applied = page.getByTestId('adjustments-table').locator('tr', { hasText: 'CASE-4411' });
  await expect(applied).toContainText(`by ${approver.name}`);
  // A proof-of-liabilities snapshot on demand, from the same page.
  await page.getByTestId('snapshot-now').getByRole('button', { name: 'Take snapshot now' }).click();
  await expect(page.getByTestId('snapshot-taken')).toContainText(/Snapshot taken for \d+ currencies/);
  expect((await accountBalance(request, token, USDT, SPOT_ACCOUNT)).toString()).toBe('25');
  const records = await must<{ data: AccountLogView[] }>(request, 'GET', 'account_log/all', { token });
  expect(records.data[0]).toMatchObject({
    memo: 'Adjustment',
    notes: 'CASE-4411: Refund of a double-charged deposit fee',
    value: '25',
  });

  // The user's page shows it among the records and the adjustments.
  await page.goto(`/admin/users/${userId}`);
  await expect(page.getByTestId('user-records-table')).toContainText('CASE-4411');
  await expect(page.getByTestId('user-adjustments-table')).toContainText('+25 USDT');

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(page, '/admin', theme, width);
      await expect(page.getByTestId('dashboard-markets')).toBeVisible();
      await expectDrawnAndFitting(page, `admin-dashboard-${theme}-${width}`);
      await openThemed(page, '/admin/users', theme, width);
      await expect(page.getByTestId('users-table')).toBeVisible();
      await expectDrawnAndFitting(page, `admin-users-${theme}-${width}`);
      await openThemed(page, `/admin/users/${userId}`, theme, width);
      await expect(page.getByTestId('user-accounts')).toBeVisible();
      await expectDrawnAndFitting(page, `admin-user-${theme}-${width}`);
      await openThemed(page, '/admin/balances?status=all', theme, width);
      await expect(page.getByTestId('adjustments-table')).toBeVisible();
      await expectDrawnAndFitting(page, `admin-balances-${theme}-${width}`);
    }
  }
});
