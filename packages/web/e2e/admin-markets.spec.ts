import type { NewsItem, Paged, QuoteGroup, ScheduledChangeView } from '@oex/protocol';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectDrawnAndFitting,
  newUser,
  openThemed,
  operatorLogin,
  send,
  type Envelope,
  budget,
} from './helpers.js';

/**
 * Markets and currencies in the operator console (docs/operator-console.md): an admin closes DOT/USDT now with a
 * notice in English and French, reviewing current → new first; the trade page says it is closed and
 * orders are refused; a fee change scheduled an hour ahead waits in the list and is cancelled; the
 * market reopens at the time it was scheduled for. Both themes at 1280 and 360 px, axe clean.
 */

const DOT_USDT = 4;
const NOTICES = 22;

/** The signed-in operator's token, as the console keeps it for the tab. */
async function operatorToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('oex.operator'));
  expect(token).toBeTruthy();
  return token!;
}

async function schedule(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<ScheduledChangeView> {
  const answer = await request.post('/api/admin/changes/schedule', {
    headers: { 'x-operator-token': token },
    data: body,
  });
  const envelope = (await answer.json()) as Envelope<ScheduledChangeView>;
  expect(envelope.code, envelope.msg).toBe(1);
  return envelope.data;
}

async function dotOpen(request: APIRequestContext): Promise<number> {
  const groups = (await (await request.get('/api/market/currency_matches')).json()) as Envelope<QuoteGroup[]>;
  return groups.data.flatMap((group) => group.matches).find((market) => market.id === DOT_USDT)!.open_change;
}

test('an admin closes a market now with a notice in two languages; the trade page shows it closed; it reopens as scheduled', async ({
  page,
  request,
}) => {
  test.setTimeout(budget(180_000));
  await operatorLogin(page, 'admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Markets' }).click();
  await expect(page).toHaveURL(/\/admin\/markets$/);
  const markets = page.getByTestId('markets-table');
  await expect(markets.locator(`[data-row="${DOT_USDT}"]`)).toContainText('DOT/USDT');
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(page, '/admin/markets', theme, width);
      await expect(markets.locator(`[data-row="${DOT_USDT}"]`)).toBeVisible();
      await expectDrawnAndFitting(page, `admin-markets-${theme}-${width}`);
    }
  }
  for (const tab of ['currencies', 'seconds', 'products'] as const) {
    await openThemed(page, `/admin/markets?tab=${tab}`, 'light', 1280);
    await expect(page.getByRole('tabpanel').getByRole('table').first()).toBeVisible();
    await expectDrawnAndFitting(page, `admin-markets-${tab}-light-1280`);
  }

  // A currency's seconds-contract stakes: shown per currency; a preset outside the bounds is refused
  // in the server's words at the last step, and nothing is scheduled.
  await openThemed(page, '/admin/markets?tab=seconds', 'light', 1280);
  const stakes = page.getByRole('table', { name: 'Stakes per currency' });
  await expect(stakes.locator('[data-row="1"]')).toContainText('10 · 50 · 100 · 500 · 1000');
  await page.getByTestId('edit-micro_currency-1').click();
  const stakesDialog = page.getByTestId('change-dialog');
  await expect(stakesDialog.getByRole('heading')).toHaveText('Change USDT');
  await stakesDialog.getByLabel('Preset stakes (comma-separated)').fill('5, 50');
  await stakesDialog.getByTestId('notice-title-en').fill('New stakes');
  await stakesDialog.getByTestId('notice-content-en').fill('Seconds-contract stakes change.');
  await stakesDialog.getByTestId('change-reason').fill('Stake review');
  await stakesDialog.getByRole('button', { name: 'Review…' }).click();
  await expect(stakesDialog.getByTestId('change-review')).toContainText('10, 50, 100, 500, 1000 → 5, 50');
  await stakesDialog.getByRole('button', { name: 'Schedule the change' }).click();
  await expect(stakesDialog.getByTestId('change-problem')).toHaveText(
    'Every preset stake must lie between the minimum 10 and the maximum 1000',
  );
  await stakesDialog.getByRole('button', { name: 'Close' }).click();
  await expect(stakesDialog).toBeHidden();

  // The edit dialog: current → new, `now` offered only because this closes trading.
  await openThemed(page, '/admin/markets', 'light', 1280);
  await page.getByTestId(`edit-market-${DOT_USDT}`).click();
  const dialog = page.getByTestId('change-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Change DOT/USDT');
  await expect(dialog.getByTestId('change-now')).toHaveCount(0);
  await dialog.getByLabel('Spot trading').selectOption('0');
  await dialog.getByTestId('change-now').check();
  await dialog.getByTestId('notice-title-en').fill('DOT/USDT trading suspended');
  await dialog
    .getByTestId('notice-content-en')
    .fill('Trading on DOT/USDT is suspended while we check the DOT network.');
  await dialog.getByTestId('notice-add-lang').selectOption('fr');
  await dialog.getByTestId('notice-title-fr').fill('Négociation DOT/USDT suspendue');
  await dialog
    .getByTestId('notice-content-fr')
    .fill('La négociation DOT/USDT est suspendue pendant la vérification du réseau DOT.');
  await dialog.getByTestId('change-reason').fill('Incident 17-4: DOT network halted');
  await expectDrawnAndFitting(page, 'admin-markets-dialog-light-1280');
  await dialog.getByRole('button', { name: 'Review…' }).click();
  const review = dialog.getByTestId('change-review');
  await expect(review).toContainText('Spot trading: on → off');
  await expect(review).toContainText('Takes effect now');
  await expect(review).toContainText('English, Français');
  await expectDrawnAndFitting(page, 'admin-markets-review-light-1280');
  await dialog.getByRole('button', { name: 'Close now' }).click();
  await expect(dialog).toBeHidden();
  await expect(markets.locator(`[data-row="${DOT_USDT}"]`).getByText('off').first()).toBeVisible();
  expect(await dotOpen(request)).toBe(0);

  // Users: the notice in both languages, the trade page says so, an order is refused in words.
  const notices = async (lang: string) =>
    (
      (await (
        await request.get('/api/news/list', { headers: { lang }, params: { category_id: NOTICES } })
      ).json()) as Envelope<Paged<NewsItem>>
    ).data.data.map((item) => item.title);
  expect(await notices('en')).toContain('DOT/USDT trading suspended');
  expect(await notices('fr')).toContain('Négociation DOT/USDT suspendue');
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(page, `/trade?match=${DOT_USDT}`, theme, width);
      await expect(page.getByTestId('market-closed')).toContainText('DOT/USDT is closed for trading');
      await expectDrawnAndFitting(page, `trade-market-closed-${theme}-${width}`);
    }
  }
  const user = await newUser(request, 'closed-market');
  const refused = await send(request, 'POST', 'tx_in/add', user, {
    currency_match_id: DOT_USDT,
    number: '1',
    price: '5',
    type: 0,
  });
  expect(refused).toMatchObject({ code: 0, msg: 'Trading is not supported for this pair for now' });

  // A fee change an hour ahead waits in the list; cancelled before its time, with a notice.
  const token = await operatorToken(page);
  const pending = await schedule(request, token, {
    kind: 'market',
    target_id: DOT_USDT,
    changes: { change_fee_rate: '0.0015' },
    effective_at: Date.now() + 3_600_000,
    notice: { en: { title: 'DOT/USDT fee to 0.15 %', content: 'The trading fee changes.' } },
    reason: 'Fee review',
  });
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await openThemed(page, '/admin/markets?tab=changes&status=pending', theme, width);
      await expect(page.getByTestId(`change-status-${pending.id}`)).toHaveText(/Pending/);
      await expectDrawnAndFitting(page, `admin-markets-changes-${theme}-${width}`);
    }
  }
  await openThemed(page, '/admin/markets?tab=changes&status=pending', 'light', 1280);
  await page.getByTestId(`cancel-change-${pending.id}`).click();
  const cancel = page.getByTestId('cancel-change-dialog');
  await expect(cancel).toContainText('Trading fee: 0.1 % → 0.15 %');
  await cancel.getByRole('textbox').fill('Fee review postponed');
  await cancel.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(cancel).toBeHidden();
  await page.getByRole('tab', { name: 'Cancelled' }).click();
  await expect(page.getByTestId(`change-status-${pending.id}`)).toContainText('Fee review postponed');
  expect(await notices('en')).toContain('Cancelled: DOT/USDT fee to 0.15 %');

  // Reopened as any change is: announced, at its time (a few seconds on).
  await schedule(request, token, {
    kind: 'market',
    target_id: DOT_USDT,
    changes: { open_change: 1 },
    effective_at: Date.now() + 3000,
    notice: { en: { title: 'DOT/USDT trading resumes', content: 'The DOT network is back.' } },
    reason: 'Incident 17-4 closed',
  });
  await expect.poll(() => dotOpen(request), { timeout: 20_000 }).toBe(1);
  await openThemed(page, `/trade?match=${DOT_USDT}`, 'light', 1280);
  await expect(page.getByRole('heading', { name: 'DOT/USDT', level: 1 })).toBeVisible();
  await expect(page.getByTestId('market-closed')).toHaveCount(0);
});

test('a viewer sees the settings read-only and the server refuses its change', async ({ page, request }) => {
  await operatorLogin(page, 'viewer');
  await page.goto('/admin/markets');
  await expect(page.getByTestId('markets-read-only')).toBeVisible();
  await expect(page.getByTestId(`edit-market-${DOT_USDT}`)).toHaveCount(0);
  const token = await operatorToken(page);
  const answer = await request.post('/api/admin/changes/schedule', {
    headers: { 'x-operator-token': token },
    data: {
      kind: 'market',
      target_id: DOT_USDT,
      changes: { open_change: 0 },
      effective_at: 'now',
      notice: { en: { title: 'x', content: 'y' } },
      reason: 'not allowed',
    },
  });
  expect(answer.status()).toBe(403);
  expect(await dotOpen(request)).toBe(1);
});
