import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { expectAccessible, latestCode, openThemed, signInAs, budget } from './helpers.js';

/**
 * The deposit and withdrawal side tables keep Status and Confirmations in view at
 * 1440 px (and on a phone), and the records page shows Time on a 390 px phone, without scrolling
 * a table sideways.
 */

const USDT = 1;
const ETH = 3;
const PAY_PASSWORD = 'Lantern-Harbor-Quiet-73';
const headers = (token: string) => ({ authorization: token });

async function requireWallet(request: APIRequestContext): Promise<void> {
  const answer = await request.get('/api/block_chain/currency_protocols');
  test.skip(answer.status() === 404, 'the wallet API is not on this server yet');
}

/**
 * Whether the element is wholly inside the window and inside every scrolling box around it, so the
 * reader sees it without scrolling anything sideways.
 */
async function seenWithoutScrolling(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth + 0.5) return false;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const overflow = getComputedStyle(parent).overflowX;
      if (overflow !== 'auto' && overflow !== 'scroll' && overflow !== 'hidden') continue;
      const frame = parent.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) return false;
    }
    return true;
  });
}

test('the records page shows Time on a 390 px phone and at 1440 px, in both themes', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await signInAs(page, 'bob@demo.test');
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1440]) {
      await openThemed(page, `/assets/dealRecords?types=change_account&currency_id=${ETH}`, theme, width);
      const table = page.getByTestId('records');
      const time = table.getByRole('columnheader', { name: 'Time' });
      await expect(time).toBeVisible();
      expect(await seenWithoutScrolling(time), `Time header at ${width}`).toBe(true);
      const first = table.locator('tbody tr').first().getByTestId('record-time');
      await expect(first).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      expect(await seenWithoutScrolling(first), `a record's time at ${width}`).toBe(true);
      await page.screenshot({ path: `test-results/screens/issue29-records-time-${theme}-${width}.png` });
    }
  }
});

test('the deposit and withdrawal side tables show Status and Confirmations at 1440 and 390 px, in both themes', async ({
  page,
}) => {
  test.setTimeout(budget(180_000));
  const token = await signInAs(page, 'alice@demo.test');
  await requireWallet(page.request);
  const wallet = (await (
    await page.request.get(`/api/wallet/wallet?currency_id=${USDT}`, { headers: headers(token) })
  ).json()) as {
    data: { wallets: { address: string; currency_protocol_id: number; chain_protocol: { code: string } }[] };
  };
  const erc20 = wallet.data.wallets.find((candidate) => candidate.chain_protocol.code === 'ERC20')!;

  // A real deposit (seen, not yet confirmed) and a real withdrawal, so each side table has a row.
  const sent = await page.request.post('/api/dev/chain/send', {
    data: { address: erc20.address, amount: '12', currency: 'USDT' },
  });
  expect(((await sent.json()) as { code: number }).code).toBe(1);
  await page.request.post('/api/notify/send_email', {
    headers: headers(token),
    data: { to: 'alice@demo.test', type: 3 },
  });
  const set = await page.request.post('/api/user/amend_pay_password', {
    headers: headers(token),
    data: {
      password: PAY_PASSWORD,
      re_password: PAY_PASSWORD,
      auth_code: await latestCode(page.request, 'alice@demo.test'),
    },
  });
  expect(((await set.json()) as { code: number; msg: string }).code).toBe(1);
  const drawn = (await (
    await page.request.post('/api/account/draw', {
      headers: headers(token),
      data: {
        currency_id: USDT,
        currency_protocol_id: erc20.currency_protocol_id,
        number: '10',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        pay_password: PAY_PASSWORD,
      },
    })
  ).json()) as { code: number; msg: string };
  expect(drawn.code, drawn.msg).toBe(1);

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 390]) {
      for (const [path, region, testId] of [
        ['/assets/tradeAccount?charge=1', 'Deposit USDT', 'deposits'],
        ['/assets/tradeAccount?withdraw=1', 'Withdraw USDT', 'withdrawals'],
      ] as const) {
        await openThemed(page, path, theme, width);
        const panel = page.getByRole('region', { name: region });
        const table = panel.getByTestId(testId);
        const first = table.locator('tbody tr').first();
        await expect(first).toBeVisible({ timeout: 20_000 });
        await first.scrollIntoViewIfNeeded();
        // Every column of the side table is seen, Status and Confirmations above all.
        for (const cell of [
          table.getByRole('columnheader', { name: /Status/ }),
          first.getByTestId('status'),
          first.getByTestId('confirmations'),
          ...(await table.getByRole('columnheader').all()),
          ...(await first.locator('td').all()),
        ]) {
          await expect(cell).toBeVisible();
          expect(await seenWithoutScrolling(cell), `${testId} at ${width}: ${String(cell)}`).toBe(true);
        }
        await expect(first.getByTestId('confirmations')).toHaveText(/^\d+\/\d+$/);
        await table.screenshot({ path: `test-results/screens/issue29-${testId}-${theme}-${width}.png` });
        await page.screenshot({
          path: `test-results/screens/issue29-${testId}-page-${theme}-${width}.png`,
        });
        if (theme === 'light' && width === 1440) await expectAccessible(page);
      }
    }
  }
});
