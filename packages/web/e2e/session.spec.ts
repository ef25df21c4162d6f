import { expect, test } from '@playwright/test';
import { signInAs } from './helpers.js';

test('a revoked session (999) clears the token, says so and returns to the page after sign-in', async ({
  page,
}) => {
  const token = await signInAs(page, 'alice@demo.test');
  await page.goto('/markets');
  await expect(page.getByText('Account', { exact: true })).toBeVisible();
  // The session ends elsewhere (another tab logged out). The live channel tells this page at once,
  // and its next call answers 999: no reload is needed (a reload would race that sign-out).
  await page.request.post('/api/user/logout', { headers: { authorization: token } });
  await expect(page.getByText('Your session has timed out, please log in again')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmarkets$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.getByRole('button', { name: 'Use alice@demo.test' }).click();
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/markets$/);
});
