import { expect, test } from '@playwright/test';
import { expectAccessible, latestCode, signInAs } from './helpers.js';

test('registers by email with the code from the dev mailbox, then signs in', async ({ page, request }) => {
  const email = `reg-${Date.now()}@example.test`;
  await page.goto('/register?extension_code=DEMO2026');
  const invite = page.getByLabel('Invite code');
  await expect(invite).toHaveValue('DEMO2026');
  // A known code from a link stays filled in and editable, with nothing said against it.
  await expect(invite).toBeEditable();
  await expect(invite).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/notice?id=66&category_id=26',
  );

  // The checks run in the spec's order: the account first, then the privacy box, then the code.
  const submit = page.getByRole('button', { name: 'Register', exact: true }).last();
  await submit.click();
  await expect(page.getByText('Enter your email')).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox').uncheck();
  await submit.click();
  await expect(page.getByText('Please accept the privacy policy')).toBeVisible();
  await page.getByRole('checkbox').check();
  await submit.click();
  await expect(page.getByText('Enter the verification code')).toBeVisible();

  // Sending starts the 60 s countdown; editing the account ends it.
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in (60|59) s/ })).toBeDisabled();
  await page.getByLabel('Email address').fill(`x${email}`);
  await expect(page.getByRole('button', { name: 'Send code' })).toBeEnabled();
  await page.getByLabel('Email address').fill(email);
  const code = await latestCode(request, email);
  await page.getByLabel('Email code').fill(code);
  // The field says the rule: guessability, not length.
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /What counts is that it is hard to guess: 6 random letters and digits will do/,
  );
  // A guessable password passes the form's length rule but the server refuses it, in words.
  await page.getByLabel('Password', { exact: true }).fill('123456');
  await page.getByLabel('Confirm password').fill('123456');
  await submit.click();
  await expect(page.getByText(/This password is too easy to guess/)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Secret-Harbor-91');
  await page.getByLabel('Confirm password').fill('Secret-Harbor-92');
  await submit.click();
  await expect(page.getByText('The two passwords differ')).toBeVisible();
  await page.getByLabel('Confirm password').fill('Secret-Harbor-91');
  await page.screenshot({ path: 'test-results/register-filled.png' });
  await submit.click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The login page has the new account filled in; only the password is left to type.
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await page.getByLabel('Password').fill('Secret-Harbor-91');
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Account', { exact: true })).toBeVisible();
});

test('registers by phone with the SMS code, and resets the password by phone', async ({ page, request }) => {
  const mobile = `139${String(Date.now()).slice(-8)}`;
  await page.goto('/register?extension_code=DEMO2026');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await expect(page.getByLabel('Country or area code')).toContainText('+86');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('SMS code').fill(await latestCode(request, mobile));
  await page.getByLabel('Password', { exact: true }).fill('Phone-Orchid-73');
  await page.getByLabel('Confirm password').fill('Phone-Orchid-73');
  await page.getByRole('button', { name: 'Register', exact: true }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgetPassword$/);
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in/ })).toBeVisible();
  const code = await latestCode(request, mobile);
  await page.getByLabel('SMS code').fill(code);
  await page.getByLabel('New password').fill('Phone-Orchid-74');
  await page.getByLabel('Confirm password').fill('Phone-Orchid-74');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/forgot-filled.png' });
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Password').fill('Phone-Orchid-74');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a register link with an unknown invite code says so and leaves the field editable', async ({
  page,
}) => {
  await page.goto('/register?extension_code=NOSUCH99');
  const invite = page.getByTestId('register-invite');
  await expect(invite).toHaveValue('NOSUCH99');
  await expect(invite).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This invite code does not exist').first()).toBeVisible();
  await expect(invite).toBeEditable();
  await invite.fill('DEMO2026');
  await expect(invite).toHaveValue('DEMO2026');
  await expect(invite).toHaveAttribute('aria-invalid', 'false');
  await page.screenshot({ path: 'test-results/register-unknown-invite.png' });
});

test('the help article on registering names the demo invite code, not the login page', async ({
  request,
}) => {
  const list = await request.get('/api/news/list?category_id=4&page=1&limit=50');
  const { data: page } = (await list.json()) as { data: { data: { id: number; title: string }[] } };
  const article = page.data.find((item) => item.title.startsWith('How to register'));
  expect(article).toBeDefined();
  const answer = await request.get(`/api/news/info?id=${article!.id}`);
  const { data } = (await answer.json()) as { data: { content: string } };
  expect(data.content).toContain('demo code DEMO2026');
  expect(data.content).not.toContain('login page');
});

test('copying the invite link says "Copied" in plain words', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, 'alice@demo.test');
  await page.goto('/personal/accountSettings');
  await page.getByRole('button', { name: 'Copy the invite link' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  await expect(page.getByText('Replication success')).toHaveCount(0);
});
