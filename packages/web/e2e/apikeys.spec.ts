import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { expectDrawnAndFitting, handTokenToPage, must, openThemed, registerUser } from './helpers.js';

/** How many messages the dev mailbox holds for an address, and the newest one's code. */
async function mailbox(request: APIRequestContext, to: string): Promise<{ count: number; code?: string }> {
  const answer = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const { data } = (await answer.json()) as { data: { body: string }[] };
  return { count: data.length, code: data[0]?.body.match(/\b(\d{6})\b/)?.[1] };
}

/** A request to the trading API signed with a key as Binance's clients sign it. */
async function signedGet(request: APIRequestContext, path: string, key: { apiKey: string; secret: string }) {
  const query = `timestamp=${Date.now()}&recvWindow=10000`;
  const signature = createHmac('sha256', key.secret).update(query).digest('hex');
  return request.get(`${path}?${query}&signature=${signature}`, { headers: { 'X-MBX-APIKEY': key.apiKey } });
}

test('a user makes an API key on the page with the emailed code, sees the secret once, signs a request with it and revokes it', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await registerUser(request, 'apikeys');
  await handTokenToPage(page, user.token);
  await page.goto('/personal/api');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();

  await page.getByLabel('Name').fill('e2e bot');
  await expect(page.getByRole('checkbox', { name: 'Read' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Read' })).toBeDisabled();
  const withdraw = page.getByRole('checkbox', { name: 'Withdraw' });
  await expect(withdraw).toBeDisabled();
  await expect(page.getByText(/only when the key is limited to an IP allow list/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Spot trading' }).check();
  await page.getByLabel('Expiry', { exact: true }).selectOption('90');

  await page.getByRole('button', { name: 'Continue' }).click();
  const verify = page.getByTestId('apikey-verify');
  await expect(verify).toBeVisible();
  // Creating without a code is refused in the dialog, and makes no key.
  await verify.getByRole('button', { name: 'Create key' }).click();
  await expect(verify.getByRole('alert')).toHaveText('Enter the code sent to you');

  const before = await mailbox(request, user.email);
  await verify.getByRole('button', { name: 'Send code' }).click();
  await expect(verify.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const now = await mailbox(request, user.email);
      code = now.code;
      return now.count;
    })
    .toBeGreaterThan(before.count);
  await verify.getByLabel('Verification code').fill(code!);
  await verify.getByRole('button', { name: 'Create key' }).click();

  const secretDialog = page.getByTestId('apikey-secret');
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog.getByText(/shown only this once/)).toBeVisible();
  const apiKey = (await secretDialog.getByTestId('apikey-new-key').textContent())!;
  const secret = (await secretDialog.getByTestId('apikey-new-secret').textContent())!;
  expect(apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
  expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
  await secretDialog.getByRole('button', { name: 'Copy the secret key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  // Escape does not close it: only saying the secret is saved does.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog.getByTestId('apikey-new-secret')).toHaveText(secret);
  await page.screenshot({ path: 'test-results/screens/apikeys-secret.png' });
  await secretDialog.getByRole('button', { name: 'I have saved it' }).click();
  await expect(secretDialog).toBeHidden();

  const list = page.getByTestId('apikey-list');
  const row = list.locator('tr', { hasText: 'e2e bot' });
  await expect(row).toContainText(apiKey);
  await expect(row).toContainText('Read, Spot trading');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Not used yet');
  // The secret is in no list, nor anywhere on the page once its dialog is closed.
  expect(await page.content()).not.toContain(secret);

  // The key works on the trading API, and its use shows in the list.
  const account = await signedGet(request, '/api/v3/account', { apiKey, secret });
  expect(account.status(), await account.text()).toBe(200);
  expect(((await account.json()) as { balances: unknown[] }).balances).toBeInstanceOf(Array);
  await page.reload();
  await expect(row).not.toContainText('Not used yet');

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(page, '/personal/api', theme, width);
      await expect(row).toBeVisible();
      await expectDrawnAndFitting(page, `apikeys-${theme}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await row.getByRole('button', { name: 'Revoke e2e bot' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(confirm).toContainText(apiKey);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke e2e bot' })).toHaveCount(0);

  const refused = await signedGet(request, '/api/v3/account', { apiKey, secret });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
});

test('with two-factor on, the page asks for the authenticator code and sends no email', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'apikeys-totp');
  const auth = { token: user.token };
  const { secret } = await must<{ secret: string }>(request, 'POST', 'user/totp/enrol', auth);
  const step = Math.floor(Date.now() / 30_000);
  await must(request, 'POST', 'user/totp/confirm', auth, {
    code: await generate({ secret, epoch: step * 30 }),
  });
  await handTokenToPage(page, user.token);
  await page.goto('/personal/api');
  await page.getByLabel('Name').fill('totp bot');
  // An IP list lets withdrawal be chosen.
  await page.getByLabel('IP allow list').fill('203.0.113.7\n198.51.100.0/24');
  await page.getByRole('checkbox', { name: 'Withdraw' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const verify = page.getByTestId('apikey-verify');
  await expect(
    verify.getByText('Enter the code from your authenticator app to create the key.'),
  ).toBeVisible();
  await expect(verify.getByRole('button', { name: 'Send code' })).toHaveCount(0);
  await verify.getByLabel('Authenticator code').fill('000000');
  await verify.getByRole('button', { name: 'Create key' }).click();
  await expect(verify.getByRole('alert')).toHaveText(/wrong authenticator code/i);
  expect(await must<unknown[]>(request, 'GET', 'apikeys/list', auth)).toEqual([]);
  // The next step's code: the one that turned two-factor on cannot be used twice.
  await verify.getByLabel('Authenticator code').fill(await generate({ secret, epoch: (step + 1) * 30 }));
  await verify.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('apikey-secret')).toBeVisible();
  await page.getByRole('button', { name: 'I have saved it' }).click();
  const row = page.getByTestId('apikey-list').locator('tr', { hasText: 'totp bot' });
  await expect(row).toContainText('Read, Withdraw');
  await expect(row).toContainText('203.0.113.7, 198.51.100.0/24');
  await expect(row).toContainText('Active');
});
