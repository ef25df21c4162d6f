import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers.js';

test('a visitor sent to login signs in with a demo account and comes back to the page', async ({ page }) => {
  await page.goto('/assets/transfer');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fassets%2Ftransfer$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByRole('button', { name: 'Use alice@demo.test' }).click();
  await page.screenshot({ path: 'test-results/login.png' });
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/assets\/transfer$/);
  await expect(page.getByText('Account', { exact: true })).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    password: localStorage.getItem('password'),
  }));
  expect(stored.token).toMatch(/^[\w-]{43}$/);
  expect(stored.password).toBeNull();

  await page.getByText('Account', { exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('checks the fields in the spec order, and shows the server message for a wrong password', async ({
  page,
}) => {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Log in', exact: true });
  await submit.click();
  await expect(page.getByText('Enter your email')).toBeVisible();
  await page.getByLabel('Email address').fill('not-an-email');
  await submit.click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Email address').fill('  alice@demo.test  ');
  await submit.click();
  await expect(page.getByText('Enter your password')).toBeVisible();
  await page.getByLabel('Password').fill('wrong-pass1');
  await submit.click();
  await expect(page.getByText('Wrong account or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('remember-me keeps the account on this device but never the password', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill('bob@demo.test');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByLabel('Remember my account').check();
  await expect(page.getByText('never the password')).toBeVisible();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await expect(page.getByLabel('Email address')).toHaveValue('bob@demo.test');
  await expect(page.getByLabel('Password')).toHaveValue('');
  // The phone tab has its own (empty) account and the area codes.
  await page.getByRole('tab', { name: 'Phone' }).click();
  await expect(page.getByLabel('Mobile number')).toHaveValue('');
  await expect(page.getByLabel('Country or area code')).toContainText('+86');
  expect(
    (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
