import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectDrawnAndFitting,
  handTokenToPage,
  openThemed,
  png,
  registerUser,
  type Envelope,
  budget,
} from './helpers.js';

const file = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: png(rgb),
});

/** A new user (registered with the dev mailbox's code), signed in on the page; answers the token. */
async function newUser(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const { token } = await registerUser(request, prefix, 'Browser-Puffin-66');
  await handTokenToPage(page, token);
  return token;
}

/** Picks a file in one image picker and waits until it is uploaded (its preview shows, no progress bar). */
async function pick(page: Page, testId: string, image: ReturnType<typeof file>): Promise<void> {
  const picker = page.getByTestId(testId);
  await picker.locator('input[type=file]').setInputFiles(image);
  await expect(picker.getByRole('img')).toBeVisible();
  await expect(picker.locator('progress')).toHaveCount(0);
  await expect(picker.getByText('Replace')).toBeVisible();
}

test('a new user submits identity with three photos and sees "under review"; the photos stay private', async ({
  page,
  request,
}) => {
  const token = await newUser(page, request, 'ida');
  await page.goto('/personal/authentication');
  await expect(page.getByRole('heading', { level: 1, name: 'Authentication' })).toBeVisible();

  // Without the photos the form says what is missing and sends nothing.
  await page.getByLabel('Name').fill('Ida Example');
  await page.getByLabel('ID number').fill('110101199003071234');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Upload the front image')).toBeVisible();

  await pick(page, 'pick-front', file('front.png', [200, 40, 40]));
  await pick(page, 'pick-back', file('back.png', [40, 200, 40]));
  await pick(page, 'pick-hand', file('hand.png', [40, 40, 200]));
  await page.getByRole('button', { name: 'Submit' }).click();

  const state = page.getByTestId('identity-state');
  await expect(state.getByRole('heading', { name: 'Under review' })).toBeVisible();
  await expect(state).toContainText('Ida Example');
  await expect(state).toContainText('11**************34');
  await page.screenshot({ path: 'test-results/screens/personal-authentication-review.png', fullPage: true });

  const info = (await (
    await request.get('/api/user/info', { headers: { authorization: token } })
  ).json()) as Envelope<{ review_status: number }>;
  expect(info.data.review_status).toBe(1);
  // An image url without the owner's token answers nothing.
  const firstImage = await request.get('/api/common/image/1');
  expect(firstImage.status()).toBe(401);
});

test('a user saves a bank method and an Alipay method with its QR code, then sends feedback and sees it listed', async ({
  page,
  request,
}) => {
  await newUser(page, request, 'pay');
  await page.goto('/personal/collectionSettings');
  await page.getByRole('radio', { name: 'Bank card' }).check();
  await expect(page.getByTestId('pay-method-saved')).toHaveText('No Bank card method saved yet.');
  await page.getByLabel('Real name').fill('Pat Example');
  await page.getByLabel('Bank name').fill('Bank of Examples');
  await page.getByLabel('Branch name').fill('Main Street');
  await page.getByLabel('Card number').fill('123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the card number (8-30 digits)')).toBeVisible();
  await page.getByLabel('Card number').fill('6222 0200 1234 5678');
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByTestId('pay-method-saved');
  await expect(saved.getByRole('heading', { name: 'Saved Bank card method' })).toBeVisible();
  await expect(saved).toContainText('6222020012345678');
  await expect(saved).toContainText('Main Street');

  await page.getByRole('radio', { name: 'Alipay' }).check();
  await page.getByLabel('Real name').fill('Pat Example');
  await page.getByLabel('Account', { exact: true }).fill('pat@example.test');
  await pick(page, 'pick-qrcode', file('qr.png', [0, 0, 0]));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('pay-method-saved')).toContainText('pat@example.test');
  // The saved QR code comes back through the signed-in fetch (an object URL), and really draws.
  const qr = page.getByTestId('pick-qrcode').getByRole('img');
  await expect(qr).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await page.screenshot({ path: 'test-results/screens/personal-collection-saved.png', fullPage: true });

  await page.goto('/personal/feedback');
  await expect(page.getByText('You have not sent any feedback yet.')).toBeVisible();
  await page.getByLabel('Your feedback').fill('short');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('The feedback is too short: at least 10 characters')).toBeVisible();
  await page.getByLabel('Your feedback').fill('The order book is hard to read on my phone.');
  await pick(page, 'pick-feedback', file('screen.png', [90, 90, 90]));
  await page.getByRole('button', { name: 'Send' }).click();
  const item = page.getByTestId('feedback-item').first();
  await expect(item).toContainText('The order book is hard to read on my phone.');
  await expect(item).toContainText('Awaiting a reply');
  await expect(item.getByRole('img', { name: 'Attached screenshot' })).toBeVisible();
  await expect(page.getByLabel('Your feedback')).toHaveValue('');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the authentication, collection settings and feedback pages in the ${theme} theme at 1280 and 360 px: fit, screenshots, axe clean`, async ({
    page,
    request,
  }) => {
    test.setTimeout(budget(60_000));
    const token = await newUser(page, request, `shots-${theme}`);
    const sent = await request.post('/api/feedback/submit', {
      headers: { authorization: token },
      data: { content: 'Please add more languages to the selector.' },
    });
    expect(((await sent.json()) as Envelope<unknown>).code).toBe(1);
    const pages = [
      ['authentication', '/personal/authentication', 'Authentication'],
      ['collection', '/personal/collectionSettings', 'Collection settings'],
      ['feedback', '/personal/feedback', 'Feedback'],
    ] as const;
    for (const width of [1280, 360]) {
      for (const [name, path, heading] of pages) {
        await openThemed(page, path, theme, width);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectDrawnAndFitting(page, `personal-${name}-${theme}-${width}`);
      }
    }
  });
}
