import { Decimal, type LiabilitySnapshotView } from '@oex/protocol';
import { expect, test, type Page } from '@playwright/test';
import { expectDrawnAndFitting, must, openThemed, serverLock, signInAs, budget } from './helpers.js';

/** Takes a snapshot now, as the local command line may (the daily one waits for its time). */
async function takeSnapshot(page: Page, baseURL: string): Promise<LiabilitySnapshotView[]> {
  return must<LiabilitySnapshotView[]>(page.request, 'POST', 'admin/transparency/snapshot', {
    admin: serverLock(baseURL).adminToken,
  });
}

test('a visitor sees the liabilities, the chain holdings plainly unknown and how to verify', async ({
  page,
  baseURL,
}) => {
  const taken = await takeSnapshot(page, baseURL!);
  const usdt = taken.find((snapshot) => snapshot.currency === 'USDT')!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Transparency' }).click();
  await expect(page).toHaveURL(/\/transparency$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transparency' })).toBeVisible();
  const row = page.getByTestId('transparency-table').locator('tr[data-currency="USDT"]');
  await expect(row.getByRole('cell').first()).toHaveText(/^\d[\d,]*(\.\d+)?$/);
  expect(Decimal.parse(usdt.total).isPositive()).toBe(true);
  await expect(row.getByTitle(usdt.root_hash)).toBeVisible();
  // The e2e server reads no chain: the page says so instead of showing a figure.
  await expect(row.getByText('Not known')).toBeVisible();
  await expect(page.getByText('Log in to verify that your own balance is counted.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Verify my/ })).toHaveCount(0);
  await expect(page.getByTestId('transparency-log-head')).toContainText(/Entry \d+/);
  await expectDrawnAndFitting(page, 'transparency-visitor-light-1280');
});

test('a signed-in user verifies their own balance in the browser, step by step', async ({
  page,
  baseURL,
}) => {
  // Four page loads, each with a full-page screenshot and an axe run.
  test.setTimeout(budget(120_000));
  await takeSnapshot(page, baseURL!);
  await signInAs(page, 'alice@demo.test');
  for (const [theme, width] of [
    ['light', 1280],
    ['dark', 1280],
    ['light', 360],
    ['dark', 360],
  ] as const) {
    await openThemed(page, '/transparency', theme, width);
    await page.getByRole('button', { name: 'Verify my USDT balance' }).click();
    const panel = page.getByTestId('transparency-verify');
    await expect(
      panel.getByRole('heading', { name: 'Your USDT balance in the latest snapshot' }),
    ).toBeFocused();
    const result = panel.getByTestId('transparency-result');
    await expect(result).toHaveAttribute('data-ok', 'true');
    await expect(result).toContainText(
      /^✓passedVerified: your [\d,.]+ USDT is counted in the published total/,
    );
    // The balance is split into several leaves, each checked on its own: the leaf, at least one
    // level, the root and the total; and the leaves add up to the balance.
    const leaves = panel.getByTestId('transparency-leaf');
    expect(await leaves.count()).toBeGreaterThanOrEqual(2);
    for (const leaf of await leaves.all()) {
      const steps = leaf.getByTestId('transparency-steps').getByRole('listitem');
      expect(await steps.count()).toBeGreaterThanOrEqual(4);
      await expect(steps.last()).toContainText('equals the published total');
    }
    await expect(panel.locator('li[data-ok="false"]')).toHaveCount(0);
    await expect(panel.getByTestId('transparency-sum')).toHaveAttribute('data-ok', 'true');
    await expect(panel.getByTestId('transparency-sum')).toContainText(/leaves add up to your balance/);
    await expectDrawnAndFitting(page, `transparency-verified-${theme}-${width}`);
  }
});

test('a proof changed on its way is caught by the browser, with a red cross and why', async ({
  page,
  baseURL,
}) => {
  await takeSnapshot(page, baseURL!);
  await signInAs(page, 'alice@demo.test');
  // One leaf's piece of the balance is raised by the smallest unit before the page sees it.
  let raised = '';
  await page.route('**/api/transparency/proof?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { leaves: { balance: string }[] } };
    raised = Decimal.parse(body.data.leaves[0]!.balance).add(Decimal.fromUnits(1n)).toString();
    body.data.leaves[0]!.balance = raised;
    await route.fulfill({ response, json: body });
  });
  await openThemed(page, '/transparency', 'dark', 1280);
  await page.getByRole('button', { name: 'Verify my BTC balance' }).click();
  const result = page.getByTestId('transparency-result');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText('Not verified: the path does not lead to the published root');
  const panel = page.getByTestId('transparency-verify');
  await expect(panel.locator('li[data-ok="false"]')).toHaveCount(1);
  // The leaves no longer add up to the balance either.
  await expect(panel.getByTestId('transparency-sum')).toHaveAttribute('data-ok', 'false');
  // Shown to the last decimal place, so the changed digit is there to see.
  await expect(panel).toContainText(`${raised.split('.')[1]} BTC`);
  await expectDrawnAndFitting(page, 'transparency-tampered-dark-1280');
});
