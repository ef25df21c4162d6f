import { Decimal } from '@oex/protocol';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectAccessible,
  handTokenToPage,
  must,
  openThemed,
  registerUser,
  send,
  serverLock,
  transferFromSpot,
  type Envelope,
  budget,
} from './helpers.js';

/*
 * The leveraged contract's Verify view on the real path: a new user funds the lever account, opens
 * a position on a demo market, closes it on the page, and its Verify view shows the two tape rows
 * whose marks opened and closed it, each checked in the browser.
 */

const USDT = 1;
const LEVER = 3;
const BTC_USDT = 1;

interface Position {
  id: number;
  status: number;
  origin_price: string;
  update_price: string;
}

interface Row {
  time: number;
  price: string;
}

interface Verification {
  position: Position;
  open_entry: Row | null;
  close_entry: Row | null;
  rule: string;
}

/**
 * Opens a one-hand 10× long at market. The mark's window fills for the first seconds after a server
 * start and the demo book may be thin for a moment: a refusal then is asked again.
 */
async function openLong(request: APIRequestContext, token: string): Promise<Position> {
  let last: Envelope<Position> | null = null;
  for (let attempt = 0; attempt < 30; attempt += 1) {
    last = await send<Position>(
      request,
      'POST',
      'lever/submit',
      { token },
      {
        currency_match_id: BTC_USDT,
        share: 1,
        multiple: 10,
        type: 1,
        status: 1,
      },
    );
    if (last.code === 1) return last.data;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`lever/submit refused: ${last?.msg}`);
}

const positionRow = (page: Page, view: number, id: number) =>
  page.getByTestId(`lever-view-${view}`).locator(`tr[data-position-id="${id}"]`);

/** The closed list, and the Verify view of one position in it. */
async function openVerify(page: Page, id: number) {
  await page.getByRole('tab', { name: 'All closed' }).click();
  await positionRow(page, 3, id)
    .getByRole('button', { name: `Verify position ${id}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Verify position #${id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('verify-rule')).toBeVisible();
  return dialog;
}

test('a closed position’s Verify view shows the tape rows that opened and closed it, every check ✓', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(budget(120_000));
  const { email, token } = await registerUser(page.request, 'lever-verify');
  const admin = serverLock(baseURL!).adminToken;
  await must(
    page.request,
    'POST',
    'admin/credit',
    { admin },
    { user: email, currency: 'USDT', amount: '500' },
  );
  await transferFromSpot(page.request, token, USDT, LEVER, '500');
  const opened = await openLong(page.request, token);

  await handTokenToPage(page, token);
  await openThemed(page, '/lever', 'light', 1440);
  // Closed on the page, with its confirmation.
  await positionRow(page, 5, opened.id)
    .getByRole('button', { name: `Close position ${opened.id}` })
    .click();
  const closeDialog = page.getByRole('dialog', { name: 'Close this BTC/USDT position?' });
  const closing = page.waitForResponse(/\/api\/lever\/close$/);
  await closeDialog.getByRole('button', { name: 'Close', exact: true }).click();
  const closed = (await (await closing).json()) as Envelope<Position>;
  expect(closed.code, closed.msg).toBe(1);
  expect(closed.data.status).toBe(3);

  // What the server answers, to hold the page to.
  const served = await must<Verification>(
    page.request,
    'GET',
    'lever/verify',
    { token },
    { id: String(opened.id) },
  );
  expect(served.open_entry).not.toBeNull();
  expect(served.close_entry).not.toBeNull();

  const verifying = page.waitForResponse(/\/api\/lever\/verify\?/);
  const dialog = await openVerify(page, opened.id);
  expect((await verifying).ok()).toBe(true);
  await expect(dialog.getByTestId('verify-rule')).toHaveText(served.rule);
  // The two rows, each recomputed from its own inputs in the browser.
  const open = dialog.locator('tr[data-entry="Open"]');
  const close = dialog.locator('tr[data-entry="Close"]');
  await expect(open).toBeVisible();
  await expect(close).toBeVisible();
  await expect(open.locator('[data-check]')).toHaveAttribute('data-check', 'ok');
  await expect(close.locator('[data-check]')).toHaveAttribute('data-check', 'ok');
  const shownPrice = async (row: typeof open) =>
    Decimal.parse((await row.getByTestId('tape-price').textContent())!.replace(/,/g, ''));
  expect((await shownPrice(open)).eq(Decimal.parse(served.open_entry!.price))).toBe(true);
  expect((await shownPrice(close)).eq(Decimal.parse(served.close_entry!.price))).toBe(true);
  // The recomputation: open row = the mark it opened at, close row = the mark it closed at, each ✓.
  for (const id of ['verify-open-same', 'verify-open-row', 'verify-close-same', 'verify-close-row']) {
    await expect(dialog.getByTestId(id)).toHaveAttribute('data-check', 'ok');
    await expect(dialog.getByTestId(id)).toHaveText('✓ matches');
  }
  await expect(dialog.locator('[data-check="ok"]')).toHaveCount(6);
  await expect(dialog.locator('[data-check="failed"]')).toHaveCount(0);
  await expect(dialog.getByTestId('verify-recomputed')).toContainText('is the mark the position opened at');
  await page.screenshot({ path: 'test-results/screens/lever-verify-light-1440.png' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Dark, on a phone: the same view fits the screen.
  await openThemed(page, '/lever', 'dark', 390);
  const phone = await openVerify(page, opened.id);
  await expect(phone.locator('[data-check="ok"]')).toHaveCount(6);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screens/lever-verify-dark-390.png' });
  await expectAccessible(page);
});
