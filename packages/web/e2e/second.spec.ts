import { Decimal } from '@oex/protocol';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  accountBalance,
  collectPushes,
  expectDrawnAndFitting,
  expectSentToLogIn,
  openThemed,
  expectAccessible,
  SPOT_ACCOUNT,
  signInAs,
  transferFromSpot,
  type Envelope,
  budget,
} from './helpers.js';

const USDT = 1;
const MICRO = 4;

interface Order {
  id: number;
  status: number;
  number: string;
  fee: string;
  payout: string | null;
  fact_profits: string | null;
  outcome: 'win' | 'loss' | 'tie' | null;
  profit_ratio: string;
  currency_match_id: number;
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const answer = await request.get(`/api/${path}`, { headers: { authorization: token } });
  const envelope = (await answer.json()) as Envelope<T>;
  expect(envelope.code, envelope.msg).toBe(1);
  return envelope.data;
}

const microBalance = (request: APIRequestContext, token: string) =>
  accountBalance(request, token, USDT, MICRO);

const fundMicro = (request: APIRequestContext, token: string, amount: string) =>
  transferFromSpot(request, token, USDT, MICRO, amount);

const order = (page: Page, id: number) => page.locator(`tr[data-order-id="${id}"]`);
const panel = (page: Page) => page.getByRole('region', { name: 'Seconds contract' });
const exact = async (page: Page, testId: string) =>
  Decimal.parse((await page.getByTestId(testId).getAttribute('data-value')) ?? 'x');

test('a visitor opening /second is sent to log in, and told why', async ({ page }) => {
  await expectSentToLogIn(page, '/second');
});

test('Alice stakes 30 s up, watches it count down, sees it settle live, checks it, and her balance moves by the payout', async ({
  page,
}) => {
  test.setTimeout(budget(150_000));
  const token = await signInAs(page, 'alice@demo.test');
  await fundMicro(page.request, token, '100');
  // Every MICRO_CLOSED push the page receives, to know the row moved because of it.
  const pushes = collectPushes<{ order: Order }>(page, 'MICRO_CLOSED');
  const terms = await api<{ id: number; fee_rate: string; micro_numbers: { number: string }[] }[]>(
    page.request,
    token,
    'microtrade/payable_currencies',
  );
  const usdt = terms.find((currency) => currency.id === USDT)!;
  const stake = usdt.micro_numbers[0]!.number;
  const seconds = await api<{ seconds: number; profit_ratio: string }[]>(
    page.request,
    token,
    'microtrade/seconds',
  );
  const ratio = seconds.find((option) => option.seconds === 30)!.profit_ratio;
  const before = await microBalance(page.request, token);

  await page.goto('/second');
  await expect(page).toHaveTitle(/^Fast contract · /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\/USDT$/);
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
  await expect.poll(async () => (await exact(page, 'micro-available')).toString()).toBe(before.toString());

  // The pair tabs remember the last choice (secondData).
  const pairs = page.getByRole('tablist', { name: 'Pairs' });
  await pairs.getByRole('tab', { name: /^ETH\/USDT/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ETH/USDT');
  expect(await page.evaluate(() => localStorage.getItem('secondData'))).toBe('2');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ETH/USDT');
  await pairs.getByRole('tab', { name: /^BTC\/USDT/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BTC/USDT');
  // The chart is the spot page's, with its own remembered interval (secondPeriod).
  const spotPeriod = await page.evaluate(() => localStorage.getItem('spotPeriod'));
  await page
    .getByRole('toolbar', { name: 'Chart interval' })
    .getByRole('button', { name: '15min', exact: true })
    .click();
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-interval', '15min');
  expect(await page.evaluate(() => localStorage.getItem('secondPeriod'))).toBe('15min');
  expect(await page.evaluate(() => localStorage.getItem('spotPeriod'))).toBe(spotPeriod);

  // 30 s and the smallest preset: the panel previews the rate, the fee and a win's payout exactly.
  const form = panel(page);
  const percent = Decimal.parse(ratio).mul(Decimal.fromInt(100)).toString();
  await form.getByRole('button', { name: `30 s · ${percent}%` }).click();
  await form.getByRole('button', { name: stake, exact: true }).click();
  await expect(form.getByRole('button', { name: `30 s · ${percent}%` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(form.getByTestId('preview-rate')).toHaveText(`${percent}%`);
  const fee = Decimal.parse(stake).mul(Decimal.parse(usdt.fee_rate), 8, 'down');
  const payout = Decimal.parse(stake).add(Decimal.parse(stake).mul(Decimal.parse(ratio), 8, 'down'));
  await expect(form.getByTestId('preview-fee')).toContainText(fee.toString());
  await expect(form.getByTestId('preview-payout')).toContainText(payout.toString(2));

  // The confirmation: keyboard closes it and gives the focus back; then confirm.
  const buyUp = form.getByRole('button', { name: 'Buy up' });
  await buyUp.click();
  const dialog = page.getByRole('dialog', { name: 'Buy up BTC/USDT?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('micro-confirm-summary')).toContainText('30 s');
  await expect(dialog.getByTestId('micro-confirm-summary')).toContainText(`${percent}%`);
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buyUp).toBeFocused();
  // Placed while the closed list shows, the order brings the in-progress list into view.
  await page.getByRole('tab', { name: 'Closed' }).click();
  await buyUp.click();
  const placed = page.waitForResponse(/\/api\/microtrade\/submit$/);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const answer = (await (await placed).json()) as Envelope<Order>;
  expect(answer.code, answer.msg).toBe(1);
  const id = answer.data.id;
  // The request carried an id, so a retry after a lost answer could not place it twice.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'In progress' })).toHaveAttribute('aria-selected', 'true');

  // In progress, with a countdown that goes down once a second.
  const open = page.getByTestId('micro-open');
  await expect(order(page, id)).toBeVisible();
  await expect(order(page, id)).toContainText('▲');
  const left = async () => Number(await order(page, id).getByTestId('remaining').getAttribute('data-ms'));
  const first = await left();
  expect(first).toBeGreaterThan(20_000);
  expect(first).toBeLessThanOrEqual(30_000);
  await expect.poll(left, { intervals: [500] }).toBeLessThanOrEqual(first - 2000);
  await expect(order(page, id).getByTestId('remaining')).toHaveText(/^0:[0-2]\d$/);
  await expectAccessible(page);

  // Settled by the server's push: the row leaves the in-progress list.
  await expect(open.locator(`tr[data-order-id="${id}"]`)).toHaveCount(0, { timeout: 45_000 });
  expect(pushes.map((push) => push.order.id)).toContain(id);
  const settled = pushes.find((push) => push.order.id === id)!.order;
  expect(settled.status).toBe(3);

  // ...and shows in the closed list with its outcome, signed profit and fee.
  await page.getByRole('tab', { name: 'Closed' }).click();
  const row = page.getByTestId('micro-closed').locator(`tr[data-order-id="${id}"]`);
  await expect(row).toBeVisible();
  const outcome = { win: 'Win', loss: 'Loss', tie: 'Tie' }[settled.outcome!];
  await expect(row).toContainText(outcome);
  expect(
    Decimal.parse(
      (await row.getByTestId('fact-profits').locator('[data-value]').getAttribute('data-value'))!,
    ).eq(Decimal.parse(settled.fact_profits!)),
  ).toBe(true);
  const sign = settled.outcome === 'win' ? '\\+' : settled.outcome === 'loss' ? '−' : '';
  await expect(row.getByTestId('fact-profits')).toHaveText(new RegExp(`^${sign}\\d`));

  // The verification: both public tape rows, recomputed here, the rule and the raw tape link.
  const verify = row.getByRole('button', { name: `Verify contract ${id}` });
  await verify.click();
  const check = page.getByRole('dialog', { name: `Verify contract #${id}` });
  await expect(check).toBeVisible();
  await expect(check.getByTestId('verify-rule')).not.toBeEmpty();
  await expect(check.locator('tr[data-entry="Open"]')).toBeVisible();
  await expect(check.locator('tr[data-entry="End"]')).toBeVisible();
  await expect(check.locator('[data-check="failed"]')).toHaveCount(0);
  await expect(check.getByTestId('verify-recomputed')).toContainText(outcome);
  await expect(check.getByTestId('verify-outcome')).toHaveText(outcome);
  const tape = await check.getByTestId('verify-tape-link').getAttribute('href');
  expect(tape).toMatch(/^\/api\/market\/mark_prices\?currency_match_id=1&from=\d+&to=\d+$/);
  const rows = await page.request.get(tape!);
  expect(((await rows.json()) as Envelope<unknown>).code).toBe(1);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(check).toBeHidden();
  await expect(verify).toBeFocused();

  // The balance moved by exactly: − stake − fee + payout, from the server's own answers.
  const final = (
    await api<{ data: Order[] }>(page.request, token, 'microtrade/lists?status=3&page=1')
  ).data.find((candidate) => candidate.id === id)!;
  expect(Decimal.parse(final.fee).eq(fee)).toBe(true);
  const expected = before
    .sub(Decimal.parse(final.number))
    .sub(Decimal.parse(final.fee))
    .add(Decimal.parse(final.payout!));
  expect((await microBalance(page.request, token)).toString()).toBe(expected.toString());
  await expect.poll(async () => (await exact(page, 'micro-available')).toString()).toBe(expected.toString());
});

test('an order the balance cannot cover is refused before the dialog, with a way to transfer in', async ({
  page,
}) => {
  await signInAs(page, 'bob@demo.test');
  await page.goto('/second');
  const form = panel(page);
  await expect(form.getByTestId('micro-available')).toBeVisible();
  await form.getByRole('button', { name: 'Buy down' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(form.getByTestId('micro-problem')).toContainText('Not enough balance');
  await form.getByRole('link', { name: 'Transfer in' }).click();
  await expect(page).toHaveURL(/\/assets\/transfer\?to=4&currency_id=1$/);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(String(SPOT_ACCOUNT));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(String(MICRO));
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 360]) {
    test(`the page in the ${theme} theme at ${width} px: fits, screenshots, no serious accessibility problem`, async ({
      page,
    }) => {
      const token = await signInAs(page, 'alice@demo.test');
      // One order in progress, so the list has a countdown to draw.
      await fundMicro(page.request, token, '20');
      const placed = await page.request.post('/api/microtrade/submit', {
        headers: { authorization: token },
        data: { match_id: 1, currency_id: USDT, type: 2, seconds: 300, number: '10' },
      });
      expect(((await placed.json()) as Envelope<unknown>).code).toBe(1);
      await openThemed(page, '/second', theme, width);
      await expect(page.getByTestId('micro-open').locator('tbody tr').first()).toBeVisible();
      await expectDrawnAndFitting(page, `second-${theme}-${width}`);
      await page.getByRole('tab', { name: 'Closed' }).click();
      const verify = page.getByTestId('micro-closed').getByRole('button', { name: /^Verify contract / });
      if ((await verify.count()) > 0) {
        await verify.first().click();
        await expect(page.getByTestId('verify-rule')).toBeVisible();
        await page.screenshot({ path: `test-results/screens/second-verify-${theme}-${width}.png` });
        await page.keyboard.press('Escape');
      }
      await panel(page).getByRole('button', { name: 'Buy up' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/second-confirm-${theme}-${width}.png` });
    });
  }
}
