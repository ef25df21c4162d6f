import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  expectDrawnAndFitting,
  openThemed,
  operatorLogin,
  png,
  budget,
} from './helpers.js';

/** The public notice page of an article in a language (the language is kept in local storage). */
async function readAsPublic(page: Page, id: number, lang: string): Promise<void> {
  await page.goto('/home');
  await page.evaluate((code) => localStorage.setItem('lang', code), lang);
  await page.goto(`/notice?id=${id}&category_id=22`);
}

test('an admin publishes a notice in English and Chinese; the public notice page shows each, English for the rest', async ({
  page,
  browser,
}) => {
  test.setTimeout(budget(120_000));
  await operatorLogin(page, 'admin');
  await page.getByRole('link', { name: 'Content', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(page.getByRole('tab', { name: 'Notices' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('content-table')).toBeVisible();

  await page.getByTestId('content-new').click();
  await expect(page).toHaveURL(/\/admin\/content\/new\?category=22$/);
  await page.getByTestId('content-title').fill('Scheduled maintenance on Sunday');
  const box = page.getByTestId('content-body-box');
  await box.click();
  await page.keyboard.type('Deposits pause for 30 minutes.');
  await page.keyboard.press('ControlOrMeta+A');
  await page.getByRole('button', { name: 'Bold' }).click();
  await expect(box.locator('b, strong')).toHaveText('Deposits pause for 30 minutes.');

  // An injection typed in the HTML source: the console does not run it, the server drops it.
  await page.getByRole('button', { name: 'Edit the HTML' }).click();
  const source = page.getByTestId('content-body-source');
  await source.fill(
    `${await source.inputValue()}<p>Orders stay in the book.</p><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">details</a>`,
  );
  await page.getByRole('button', { name: 'Back to the editor' }).click();
  await expect(box).toContainText('Orders stay in the book.');

  await page.getByTestId('content-lang-zh').click();
  await page.getByRole('button', { name: 'Write a 简体中文 text' }).click();
  await page.getByTestId('content-title').fill('周日例行维护');
  await page.getByTestId('content-body-box').click();
  await page.keyboard.type('充值暂停 30 分钟。');

  await page.getByTestId('content-preview').click();
  const dialog = page.getByTestId('content-preview-dialog');
  await expect(dialog.getByRole('heading', { name: 'Scheduled maintenance on Sunday' })).toBeVisible();
  const body = dialog.getByTestId('content-preview-body');
  await expect(body.locator('strong')).toHaveText('Deposits pause for 30 minutes.');
  await expect(body.locator('img, script')).toHaveCount(0);
  await expect(body.getByText('details')).toBeVisible();
  await expect(body.locator('a')).toHaveCount(0);
  await expect(dialog).toContainText('繁體中文, 日本語, Deutsch, Nederlands, Français');
  await dialog.getByRole('tab', { name: '简体中文' }).click();
  await expect(dialog.getByRole('heading', { name: '周日例行维护' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/admin-content-preview.png' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('content-status')).toHaveText('Published');
  await expect(page.getByTestId('content-history')).toContainText('Saved by');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // Anyone, signed in or not, reads it in their language, and in English where it has none.
  const visitor = await (await browser.newContext()).newPage();
  await readAsPublic(visitor, id, 'en');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Scheduled maintenance on Sunday');
  await expect(visitor.locator('.notice-body strong')).toHaveText('Deposits pause for 30 minutes.');
  await expect(visitor.locator('.notice-body img, .notice-body script')).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Scheduled maintenance on Sunday' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await readAsPublic(visitor, id, 'zh');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('周日例行维护');
  await expect(visitor.locator('.notice-body')).toContainText('充值暂停 30 分钟。');
  await visitor.screenshot({ path: 'test-results/screens/admin-content-public-zh.png' });
  await readAsPublic(visitor, id, 'fr');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Scheduled maintenance on Sunday');
  await visitor.evaluate(() => localStorage.setItem('lang', 'en'));
  await visitor.goto('/home');
  await expect(visitor.getByRole('region', { name: 'Notices' })).toContainText(
    'Scheduled maintenance on Sunday',
  );

  // Withdrawn with a reason: gone from the list, its link says so.
  await page.getByRole('button', { name: 'Withdraw…' }).click();
  const withdraw = page.getByTestId('content-withdraw');
  await withdraw.getByLabel('Reason (kept in the operator log)').fill('Maintenance moved to next week');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('content-status')).toHaveText('Withdrawn');
  await expect(page.getByText(/^Withdrawn on .* by .*: Maintenance moved to next week$/)).toBeVisible();
  await readAsPublic(visitor, id, 'en');
  await expect(visitor.getByText('This article was withdrawn by the exchange').first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Scheduled maintenance on Sunday' })).toHaveCount(0);

  await page.goto('/admin/log');
  await expect(page.getByText('admin/content/articles/withdraw')).toBeVisible();
  await expect(page.getByText('admin/content/articles/save').first()).toBeVisible();
  await visitor.context().close();
});

test('a banner goes through the upload checks, shows in the editor, and on the home page once published', async ({
  page,
  browser,
}) => {
  test.setTimeout(budget(120_000));
  await operatorLogin(page, 'admin');
  await page.goto('/admin/content/new?category=1');
  await page.getByTestId('content-title').fill('A banner from the console');
  await page.getByTestId('content-body-box').click();
  await page.keyboard.type('Read about it here.');
  await page.getByTestId('content-preview').click();
  await expect(page.getByTestId('content-problem')).toHaveText(
    'An article of the home carousel needs a banner image.',
  );

  await page.getByTestId('content-banner-file').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await expect(page.getByTestId('content-banner-problem')).not.toBeEmpty();
  await page.getByTestId('content-banner-file').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: png([40, 90, 200], 96),
  });
  await expect(page.getByRole('img', { name: 'The article’s banner' })).toBeVisible();
  await page.getByTestId('content-preview').click();
  await page.getByTestId('content-preview-dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/\d+$/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/home');
  // The artwork has no words of its own: the article's title is written over it, in the reader's language.
  const link = visitor.getByRole('link', { name: 'A banner from the console' });
  await expect(link).toBeVisible();
  const banner = link.locator('img');
  await expect(banner).toBeVisible();
  expect(await banner.getAttribute('src')).toMatch(/^\/api\/content\/image\/[A-Za-z0-9_-]{43}\.png$/);
  await visitor.context().close();
});

test('the content pages in both themes, wide and on a phone', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await operatorLogin(page, 'admin');
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(page, '/admin/content?category=22', theme, width);
      await expect(page.getByTestId('content-table')).toBeVisible();
      await expectDrawnAndFitting(page, `admin-content-list-${theme}-${width}`);
      await openThemed(page, '/admin/content/14', theme, width);
      await expect(page.getByTestId('content-title')).not.toHaveValue('');
      await expectDrawnAndFitting(page, `admin-content-editor-${theme}-${width}`);
    }
  }
});

test('a viewer reads the articles but cannot change them', async ({ page }) => {
  await operatorLogin(page, 'viewer');
  await page.goto('/admin/content');
  await expect(page.getByTestId('content-read-only')).toBeVisible();
  await expect(page.getByTestId('content-new')).toHaveCount(0);
  await page.getByRole('link', { name: 'View #14' }).click();
  await expect(page.getByTestId('content-title')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  await expect(page.getByTestId('content-preview')).toHaveCount(0);
});
