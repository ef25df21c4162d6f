import type { WalletAnswer, WithdrawalView } from '@oex/protocol';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  certifyIdentity,
  accountBalance,
  expectAccessible,
  expectDrawnAndFitting,
  latestCode,
  must,
  newUser,
  openThemed,
  operatorLogin,
  png,
  send,
  sendCode,
  serverLock,
  SPOT_ACCOUNT,
  type Envelope,
  type User,
  budget,
} from './helpers.js';

/**
 * The operator console (docs/operator-console.md): an operator signs in with the authenticator's code, certifies a
 * new user's identity (the documents through the authenticated route) and approves a withdrawal
 * held above the review limit; each action is on the operator log, whose chain verifies. The
 * console's pages in both themes at 1280 and 360 px, axe clean.
 */

const USDT = 1;
const TRADE_PASSWORD = 'Trade-Harbor-77';

async function upload(
  request: APIRequestContext,
  user: User,
  rgb: [number, number, number],
): Promise<number> {
  const answer = await request.post('/api/common/image_upload?purpose=identity', {
    headers: { authorization: user.token },
    multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: png(rgb) } },
  });
  const envelope = (await answer.json()) as Envelope<{ id: number }>;
  expect(envelope.code, envelope.msg).toBe(1);
  return envelope.data.id;
}

/** A new user who has sent their identity (name, number, two photos): it waits for review. */
async function identityUnderReview(request: APIRequestContext, name: string): Promise<User> {
  const user = await newUser(request, 'ida-console');
  await must(request, 'POST', 'user_real/real_name', user, {
    name,
    card_id: '110101199003071234',
    front_pic: await upload(request, user, [200, 40, 40]),
    reverse_pic: await upload(request, user, [40, 200, 40]),
  });
  return user;
}

/**
 * A new user with 10 600 test USDT deposited on the local chain and a trade password, who asks to
 * withdraw 10 500: above the review limit (10 000 USD), so it waits for an operator.
 */
async function withdrawalUnderReview(request: APIRequestContext): Promise<{ user: User; id: number }> {
  const user = await newUser(request, 'carl-console');
  await sendCode(request, user, user.email, 3);
  await must(request, 'POST', 'user/amend_pay_password', user, {
    password: TRADE_PASSWORD,
    re_password: TRADE_PASSWORD,
    auth_code: await latestCode(request, user.email),
  });
  const wallet = await must<WalletAnswer>(request, 'GET', 'wallet/wallet', user, {
    currency_id: String(USDT),
  });
  const erc20 = wallet.wallets.find((entry) => entry.chain_protocol.code === 'ERC20')!;
  await must(
    request,
    'POST',
    'dev/chain/send',
    {},
    { address: erc20.address, amount: '10600', currency: 'USDT' },
  );
  await expect
    .poll(
      async () => {
        await send(request, 'POST', 'dev/chain/mine', {}, { blocks: 6 });
        return (await accountBalance(request, user.token, USDT, SPOT_ACCOUNT)).toString();
      },
      { timeout: 30_000 },
    )
    .toBe('10600');
  // The same request id each time: a retry while the deposit is not yet final makes one withdrawal.
  const requestId = `console-${Date.now()}`;
  let withdrawal: WithdrawalView | undefined;
  await expect
    .poll(
      async () => {
        await send(request, 'POST', 'dev/chain/mine', {}, { blocks: 2 });
        const answer = await send<WithdrawalView>(request, 'POST', 'account/draw', user, {
          currency_id: USDT,
          currency_protocol_id: erc20.currency_protocol_id,
          number: '10500',
          address: `0x${'c0ffee'.repeat(6)}abcd`,
          pay_password: TRADE_PASSWORD,
          request_id: requestId,
        });
        withdrawal = answer.code === 1 ? answer.data : undefined;
        return withdrawal?.status ?? answer.msg;
      },
      { timeout: 30_000 },
    )
    .toBe('review');
  return { user, id: withdrawal!.id };
}

/** The queue row of one item (a table row on a wide screen, a card on a phone). */
const queueRow = (page: Page, id: number) => page.getByTestId('reviews-table').locator(`[data-row="${id}"]`);

test('an operator signs in with TOTP, certifies an identity and approves a withdrawal above the limit; both are on the log', async ({
  page,
  request,
}) => {
  test.setTimeout(budget(180_000));
  const ida = await identityUnderReview(request, 'Ida Console');
  const { user: carl, id: withdrawalId } = await withdrawalUnderReview(request);

  // Signed out, the console sends to its login, and back after.
  await page.goto('/admin/reviews');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Freviews$/);
  await expectAccessible(page);
  const operator = await operatorLogin(page, 'admin');
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();

  // Identity: the documents arrive through the operator's header as object URLs, never a token in a URL.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  const row = page.getByTestId('reviews-table').locator('[data-row]', { hasText: 'Ida Console' });
  await row.getByRole('button', { name: 'Review' }).click();
  const detail = page.getByTestId('reviews-detail');
  await expect(detail).toContainText('110101199003071234');
  const front = detail.getByRole('img', { name: 'Front of the ID' });
  await expect(front).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => front.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await expect(detail.getByRole('img', { name: 'Back of the ID' })).toHaveAttribute('src', /^blob:/);
  // The queue with the detail open, in both themes at 1280 and 360 px (one card per row on a phone).
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(page, '/admin/reviews?tab=identity', theme, width);
      await row.getByRole('button', { name: 'Review' }).click();
      await expect(detail.getByRole('img', { name: 'Front of the ID' })).toHaveAttribute('src', /^blob:/);
      await expectDrawnAndFitting(page, `admin-reviews-identity-${theme}-${width}`);
    }
  }
  await openThemed(page, '/admin/reviews', 'light', 1280);
  await row.getByRole('button', { name: 'Review' }).click();

  // Rejecting needs a reason the user will read; cancelling changes nothing.
  await detail.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject the identity submission of Ida Console' });
  await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await expect(reject.getByText('The user reads this reason.')).toBeVisible();
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toBeHidden();

  await detail.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Certify the identity of Ida Console?' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(row).toHaveCount(0);
  const info = await must<{ review_status: number }>(request, 'GET', 'user/info', ida);
  expect(info.review_status).toBe(2);

  // The withdrawal held above the limit: whose it is, what leaves and what arrives; approved with a note.
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await expect(page).toHaveURL(/tab=withdrawals/);
  const held = queueRow(page, withdrawalId);
  await expect(held).toContainText(carl.email);
  await expect(held).toContainText('10,500 USDT');
  await held.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('reviews-detail')).toContainText('The address receives');
  await page.getByTestId('reviews-detail').getByRole('button', { name: 'Approve' }).click();
  const send10500 = page.getByTestId('withdrawal-approve');
  await expect(send10500.getByRole('heading')).toContainText('USDT to this address?');
  await send10500.getByLabel('Note (optional)').fill('Checked with the user by phone');
  await send10500.getByRole('button', { name: 'Approve' }).click();
  await expect(send10500).toBeHidden();
  await expect(held).toHaveCount(0);
  const records = await must<{ data: WithdrawalView[] }>(request, 'GET', 'wallet/withdrawals', carl, {
    currency_id: String(USDT),
  });
  expect(records.data.find((entry) => entry.id === withdrawalId)!.status).not.toBe('review');

  // The operator log: both actions by this operator, the chain intact with its head hash.
  await page.getByRole('link', { name: 'Operator log' }).click();
  await expect(page.getByTestId('chain-status')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('chain-head')).toHaveText(/^[0-9a-f]{64}$/);
  await page.getByRole('textbox', { name: 'Operator', exact: true }).fill(operator.name);
  await page.getByRole('button', { name: 'Filter' }).click();
  const log = page.getByTestId('operator-log');
  const identityEntry = log.locator('tr', { hasText: 'admin/user_real/approve' });
  const withdrawalEntry = log.locator('tr', { hasText: 'admin/withdrawals/approve' });
  await expect(identityEntry).toHaveCount(1);
  await expect(withdrawalEntry).toHaveCount(1);
  await expect(withdrawalEntry).toContainText(`id=${withdrawalId}`);
  await expect(withdrawalEntry).toContainText('Checked with the user by phone');
  await expect(withdrawalEntry.locator('[data-outcome="ok"]')).toBeVisible();
  await withdrawalEntry.getByRole('button', { name: 'Details' }).click();
  const entry = page.getByTestId('log-entry-detail');
  // The log holds what the decision found and what it left: held for review, then queued to send.
  const status = entry
    .locator('tr[data-change="changed"]')
    .filter({ has: page.getByRole('cell', { name: 'status', exact: true }) });
  await expect(status).toContainText('"review"');
  await expect(status).toContainText('"queued"');
  await expectDrawnAndFitting(page, 'admin-log-entry-light-1280');

  // Both themes at 1280 and 360 px: the log and the login; a phone opens the menu.
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(page, `/admin/log?operator=${operator.name}`, theme, width);
      await expect(page.getByTestId('operator-log')).toBeVisible();
      if (width === 360) {
        const menu = page.getByRole('button', { name: 'Menu' });
        await menu.click();
        await expect(
          page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reviews' }),
        ).toBeVisible();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
      }
      await expectDrawnAndFitting(page, `admin-log-${theme}-${width}`);
    }
  }
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(page, '/admin/login', theme, width);
      await expectDrawnAndFitting(page, `admin-login-${theme}-${width}`);
    }
  }
});

test('a viewer sees the queues and the log but no decision buttons; the server refuses its decisions', async ({
  page,
  request,
}) => {
  await identityUnderReview(request, 'Vera Viewer');
  await operatorLogin(page, 'viewer');
  await expect(page.getByRole('link', { name: /Markets.*view only/ })).toBeVisible();
  await page.goto('/admin/reviews');
  const row = page.getByTestId('reviews-table').locator('[data-row]', { hasText: 'Vera Viewer' });
  await row.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('reviews-read-only')).toBeVisible();
  await expect(page.getByTestId('reviews-detail').getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // The server decides, not the page: the viewer's token is refused with the server's words.
  const token = await page.evaluate(() => sessionStorage.getItem('oex.operator'));
  const refused = await request.post('/api/admin/user_real/approve', {
    headers: { 'x-operator-token': token! },
    data: { id: 1 },
  });
  const envelope = (await refused.json()) as Envelope<null>;
  expect(envelope.code).toBe(0);
  expect(envelope.msg).toMatch(/viewer/i);

  // The app's language selector: the console in German, its session kept across the reload.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('gm');
  const nav = page.getByRole('navigation', { name: 'Konsole' });
  await expect(nav.getByRole('link', { name: 'Prüfungen' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Prüfungen' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Identität' })).toBeVisible();

  // The session ends on the server (as after 15 idle minutes): the next call answers 999, the page
  // forgets the token and goes to the console's login, to come back where it was.
  await request.post('/api/admin/session/logout', { headers: { 'x-operator-token': token! } });
  await nav.getByRole('link', { name: 'Betreiberprotokoll' }).click();
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Flog$/);
  expect(await page.evaluate(() => sessionStorage.getItem('oex.operator'))).toBeNull();
});

test('a support operator rejects a seller application and replies to feedback; the user reads both; withdrawals are view-only for support', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(budget(90_000));
  const admin = serverLock(baseURL!).adminToken;
  const sam = await identityUnderReview(request, 'Sam Seller');
  await certifyIdentity(request, admin, sam);
  await must(request, 'POST', 'legal_shop/apply', sam);
  const feedback = 'The deposit page took a long time to show my address today.';
  await must(request, 'POST', 'feedback/submit', sam, { content: feedback });

  await operatorLogin(page, 'support');
  await page.goto('/admin/reviews?tab=sellers');
  const application = page.getByTestId('reviews-table').locator('[data-row]', { hasText: sam.email });
  await application.getByRole('button', { name: 'Review' }).click();
  await page.getByTestId('reviews-detail').getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByTestId('seller-reject');
  await reject.getByLabel('Reason').fill('Add a bank card under collection settings first');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await expect(application).toHaveCount(0);
  const shop = await must<{ application: { status: number; reason: string | null } }>(
    request,
    'GET',
    'legal_shop/info',
    sam,
  );
  expect(shop.application).toMatchObject({
    status: 3,
    reason: 'Add a bank card under collection settings first',
  });

  await page.getByRole('tab', { name: 'Feedback' }).click();
  const item = page.getByTestId('reviews-table').locator('[data-row]', { hasText: feedback });
  await item.getByRole('button', { name: 'Review' }).click();
  await page
    .getByLabel('Your reply')
    .fill('Thank you: the address service was slow this morning and is fixed.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await page.getByTestId('feedback-reply').getByRole('button', { name: 'Send reply' }).click();
  await expect(item).toHaveCount(0);
  const mine = await must<{ data: { content: string; replies: { content: string }[] }[] }>(
    request,
    'GET',
    'feedback/list',
    sam,
  );
  expect(
    mine.data.find((entry) => entry.content === feedback)!.replies.map((reply) => reply.content),
  ).toEqual(['Thank you: the address service was slow this morning and is fixed.']);

  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await expect(page.getByTestId('reviews-read-only')).toBeVisible();
  await expectAccessible(page);
});
