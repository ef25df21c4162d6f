import { expect, test } from '@playwright/test';
import { handTokenToPage, registerUser } from './helpers.js';

/**
 * The kit's Dialog, here as the sessions panel's confirmation: Escape closes it, so does a click on
 * the backdrop (not one inside its box), and each time the focus goes back to the button that
 * opened it. Neither way of closing does what the dialog asks.
 */
test('a kit dialog closes on Escape and on a backdrop click, and gives the focus back to its opener', async ({
  page,
  request,
}) => {
  const { email, password, token } = await registerUser(request, 'dialog');
  // A second sign-in is another device's session, so there is one to sign out.
  const other = await request.post('/api/user/login', {
    data: { login_type: 'email', account: email, password },
  });
  expect(await other.json()).toMatchObject({ code: 1 });
  await handTokenToPage(page, token);
  await page.goto('/personal/accountSettings');
  const sessions = page.getByTestId('sessions').locator('tbody tr');
  await expect(sessions).toHaveCount(2);

  const opener = page.getByRole('button', { name: 'Sign out all other devices' });
  const dialog = page.getByRole('dialog', { name: 'Sign out every other device?' });

  // Escape.
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(opener).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // A click inside the box leaves it open; one on the backdrop, outside the box, closes it.
  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('heading', { name: 'Sign out every other device?' }).click();
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThan(10);
  await page.mouse.click(box.x / 2, box.y + box.height / 2);
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Closing was not confirming: the other device is still signed in.
  await expect(sessions).toHaveCount(2);
  await page.reload();
  await expect(sessions).toHaveCount(2);
});
