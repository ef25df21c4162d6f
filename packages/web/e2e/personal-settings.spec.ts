import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  expectDrawnAndFitting,
  handTokenToPage,
  latestCode,
  openThemed,
  registerUser,
  signInAs,
  type Envelope,
  budget,
} from './helpers.js';

const PASSWORD = 'Secret-Harbor-91';

/** A new user registered by email through the API (dev mailbox code), signed in on the page. */
async function freshUser(page: Page, request: APIRequestContext, prefix: string) {
  const { email, token } = await registerUser(request, prefix, PASSWORD);
  await handTokenToPage(page, token);
  return { email, token };
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}

test('a user registered by phone binds an email with the code sent to it, and settings show it', async ({
  page,
  request,
}) => {
  const mobile = `137${String(Date.now()).slice(-8)}`;
  await request.post('/api/notify/send_sms', { data: { to: mobile, type: 1, area_id: 1 } });
  const registered = await request.post('/api/user/register', {
    data: {
      type: 'mobile',
      account: mobile,
      area_id: 1,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await latestCode(request, mobile),
      invite_code: 'DEMO2026',
    },
  });
  expect(((await registered.json()) as Envelope<unknown>).code).toBe(1);
  const login = await request.post('/api/user/login', {
    data: { login_type: 'mobile', account: mobile, password: PASSWORD, country_code: '86' },
  });
  const { data, msg } = (await login.json()) as Envelope<string>;
  expect(data, msg).toBeTruthy();
  await page.goto('/home');
  await page.evaluate((token) => localStorage.setItem('token', token), data);

  const email = `p${String(Date.now()).slice(-7)}@ex.test`;
  await page.goto('/bindAccount');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Email code').fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page).toHaveURL(/\/personal\/accountSettings$/);
  await expect(page.getByText(email)).toBeVisible();
  await page.goto('/bindAccount');
  await expect(page.getByTestId('email-bound')).toContainText(email);
});

test('Alice binds a phone, sets the trade password, changes the login password and logs in again', async ({
  page,
  request,
}) => {
  const alice = await freshUser(page, request, 'alice-settings');
  await page.goto('/personal/accountSettings');
  // Email bound at sign-up: 50 + 25.
  await expect(page.getByTestId('security-level')).toHaveAttribute('data-level', '75');
  await expect(page.getByTestId('security-level')).toContainText('High');

  const mobile = `138${String(Date.now()).slice(-8)}`;
  await page.getByTestId('phone-row').getByRole('button', { name: 'Bind' }).click();
  await page.getByLabel('Phone number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in (60|59) s/ })).toBeDisabled();
  await page.getByLabel('SMS code').fill(await latestCode(request, `+86${mobile}`));
  await page.getByRole('button', { name: 'Bind', exact: true }).last().click();
  await expect(page.getByTestId('phone-row')).toContainText(mobile);
  await expect(page.getByTestId('security-level')).toHaveAttribute('data-level', '100');
  await expect(page.getByTestId('security-level')).toContainText('Strong');

  await page.getByTestId('trade-row').getByRole('link', { name: 'Set' }).click();
  await expect(page).toHaveURL(/\/tradePassword$/);
  await page.getByLabel('Trade password').fill('Trade-Harbor-77');
  await page.getByLabel('Confirm password').fill('Trade-Harbor-77');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter the verification code')).toBeVisible();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await latestCode(request, alice.email));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/personal\/accountSettings$/);
  await expect(page.getByTestId('trade-row')).toContainText('Set');
  await expect(page.getByTestId('trade-row').getByRole('link', { name: 'Change' })).toBeVisible();

  await page.goto('/resetPassword');
  await page.getByLabel('Old password').fill(PASSWORD);
  await page.getByLabel('New password').fill('Harbor-Secret-19');
  await page.getByLabel('Confirm password').fill('Harbor-Secret-18');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The two passwords are inconsistent')).toBeVisible();
  await page.getByLabel('Confirm password').fill('Harbor-Secret-19');
  await page.getByRole('button', { name: 'Change password' }).click();
  // Every session ended, this one too: the page (or the live channel's notice, whichever comes
  // first) sends her to log in, and says why.
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByText(/Log in again with the new password/)).toBeVisible();
  // The old token ended with the change.
  const old = await request.get('/api/user/info', { headers: { authorization: alice.token } });
  expect(((await old.json()) as Envelope<unknown>).code).toBe(999);
  await logIn(page, alice.email, 'Harbor-Secret-19');
  await expect(page).toHaveURL(/\/home$/);
});

test('Bob turns on two-factor sign-in and logs in with a code from his app', async ({ page, request }) => {
  const bob = await freshUser(page, request, 'bob-totp');
  await page.goto('/personal/accountSettings');
  await expect(page.getByTestId('totp-state')).toHaveText('Off');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/personal-totp-enrol.png', fullPage: true });
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const now = Math.floor(Date.now() / 1000);
  await page
    .getByRole('textbox', { name: 'Authentication code' })
    .fill(await generate({ secret, epoch: now }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.screenshot({ path: 'test-results/screens/personal-totp-recovery.png', fullPage: true });
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('totp-state')).toHaveText('On');

  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await logIn(page, bob.email, PASSWORD);
  await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();
  // The code of the enrolment's step is spent; the app's next code (one step ahead is accepted) works.
  await page
    .getByRole('textbox', { name: 'Authentication code' })
    .fill(await generate({ secret, epoch: now + 30 }));
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  // His earlier session is still listed; he signs out every other device, after a confirmation.
  await page.goto('/personal/accountSettings');
  const sessions = page.getByTestId('sessions').locator('tbody tr');
  await expect(sessions).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(sessions).toHaveCount(1);
  const earlier = await request.get('/api/user/info', { headers: { authorization: bob.token } });
  expect(((await earlier.json()) as Envelope<unknown>).code).toBe(999);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the personal pages in the ${theme} theme at 1280 and 360 px`, async ({ page }) => {
    // Eight pages drawn, screenshotted and checked by axe: over 30 s on a busy two-core machine.
    test.setTimeout(budget(120_000));
    // The demo user: seeded balances give her transaction log rows.
    await signInAs(page, 'alice@demo.test');
    for (const width of [1280, 360]) {
      for (const [path, name] of [
        ['/personal/accountSettings', 'settings'],
        ['/personal/transactionLog', 'txlog'],
        ['/resetPassword', 'reset-password'],
        ['/tradePassword', 'trade-password'],
      ] as const) {
        await openThemed(page, path, theme, width);
        await expect(page.locator('h1')).toBeVisible();
        await expectDrawnAndFitting(page, `personal-${name}-${theme}-${width}`);
      }
    }
  });
}
