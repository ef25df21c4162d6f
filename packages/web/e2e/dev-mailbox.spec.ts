import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers.js';

test('the dev mailbox shows a code the moment it is sent, and filters by recipient', async ({
  page,
  request,
}) => {
  const email = `browser-${Date.now()}@example.test`;
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole('status')).toHaveText('No messages yet.');

  const sent = await request.post('/api/notify/send_email', { data: { to: email, type: 1 } });
  expect(await sent.json()).toMatchObject({ code: 1 });

  const row = page.locator('tbody tr').first();
  await expect(row).toBeVisible({ timeout: 6000 });
  await expect(row.locator('td').nth(1)).toHaveText(email);
  const code = await row.locator('td.code').innerText();
  expect(code).toMatch(/^\d{6}$/);
  await page.screenshot({ path: 'test-results/dev-mailbox.png', fullPage: true });

  // The code from the page registers the account through the API, as a person would use it.
  const registered = await request.post('/api/user/register', {
    data: {
      type: 'email',
      account: email,
      password: 'Browser-Puffin-66',
      re_password: 'Browser-Puffin-66',
      sms_code: code,
      invite_code: 'DEMO2026',
    },
  });
  expect(await registered.json()).toMatchObject({ code: 1 });

  await page.getByLabel('Recipient').fill('nobody-else@example.test');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('status')).toHaveText('No messages yet.');
  await expect(page).toHaveURL(/to=nobody-else/);

  expect(
    (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('the API documentation page lists the routes', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('Open Exchange API').first()).toBeVisible();
  await expect(page.getByText('/api/user/register').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/api-docs.png' });
});

test('the mailbox page fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dev/mailbox');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
