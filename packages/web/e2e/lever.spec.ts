import { Decimal } from '@oex/protocol';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  accountBalance,
  collectPushes,
  expectAccessible,
  expectDrawnAndFitting,
  expectSentToLogIn,
  latestCode,
  openThemed,
  signInAs,
  transferFromSpot,
  type Envelope,
  budget,
} from './helpers.js';

const USDT = 1;
const LEVER = 3;
const BTC_USDT = 1;
/**
 * Alice's trade password: the one assets-wallet.spec.ts sets too, so whichever spec runs first sets
 * it (a code can be sent once a minute) and the other finds it.
 */
const PAY_PASSWORD = 'Lantern-Harbor-Quiet-73';

interface Position {
  id: number;
  type: 1 | 2;
  status: number;
  closed_type: number;
  origin_price: string;
  update_price: string;
  price: string | null;
  caution_money: string;
  trade_fee: string;
  overnight_money: string;
  profits: string;
  target_profit_price: string;
  stop_loss_price: string;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const answer = await request.post(`/api/${path}`, { headers: { authorization: token }, data });
  const envelope = (await answer.json()) as Envelope<T>;
  expect(envelope.code, envelope.msg).toBe(1);
  return envelope.data;
}

const leverBalance = (request: APIRequestContext, token: string) =>
  accountBalance(request, token, USDT, LEVER);

const fundLever = (request: APIRequestContext, token: string, amount: string) =>
  transferFromSpot(request, token, USDT, LEVER, amount);

const openAtMarket = (request: APIRequestContext, token: string, type: 1 | 2, share = 1, multiple = 10) =>
  post<Position>(request, token, 'lever/submit', {
    currency_match_id: BTC_USDT,
    share,
    multiple,
    type,
    status: 1,
    password: PAY_PASSWORD,
  });

/** Alice's trade password, set with its emailed code (type 3) unless she has one already. */
async function ensureTradePassword(request: APIRequestContext, token: string): Promise<void> {
  const info = await request.get('/api/user/info', { headers: { authorization: token } });
  if (((await info.json()) as Envelope<{ has_pay_password: boolean }>).data.has_pay_password) return;
  await post(request, token, 'notify/send_email', { to: 'alice@demo.test', type: 3 });
  const code = await latestCode(request, 'alice@demo.test');
  await post(request, token, 'user/amend_pay_password', {
    password: PAY_PASSWORD,
    re_password: PAY_PASSWORD,
    auth_code: code,
  });
}

const panel = (page: Page) => page.getByRole('region', { name: 'Leveraged contract' });
const row = (page: Page, id: number) => page.locator(`tr[data-position-id="${id}"]`);
const valueOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).getAttribute('data-value')) ?? '';

/** What the page shows a decimal as: cut (never rounded) to `places`, grouped for English. */
const shown = (value: string, places: number) =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
    roundingMode: 'trunc',
  }).format(Decimal.parse(value).round(places, 'down').toString(places) as `${number}`);

/** A margin or fee as the positions table shows it: its own places, at least 2, at most 8. */
const asTable = (value: string) =>
  shown(value, Math.min(8, Math.max(2, Decimal.parse(value).decimalPlaces())));

test('a visitor opening /lever is sent to log in, and told why', async ({ page }) => {
  await expectSentToLogIn(page, '/lever');
});

test('Alice opens a 10× long at market at the previewed cost, sets TP/SL, closes it, and her balance moves by exactly − fee + profit', async ({
  page,
}) => {
  test.setTimeout(budget(180_000));
  const token = await signInAs(page, 'alice@demo.test');
  await fundLever(page.request, token, '1000');
  await ensureTradePassword(page.request, token);
  // Every LEVER_TRADE push the page receives, to know the row's profit came from one.
  const pushes = collectPushes<{ trades_all: Position[]; hazard_rate: string | null }>(page, 'LEVER_TRADE');

  await page.goto('/lever');
  await expect(page).toHaveTitle(/^Leverage · /);
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
  // The market list holds the lever markets; the choice is remembered (leverData).
  const markets = page.getByRole('navigation', { name: 'Markets' });
  await markets.getByRole('button', { name: /^ETH/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ETH/USDT');
  expect(await page.evaluate(() => localStorage.getItem('leverData'))).toBe('2');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ETH/USDT');
  await markets.getByRole('button', { name: /^BTC/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BTC/USDT');

  // The chart starts at 5 minutes and keeps its own interval (leverPeriod).
  const chart = page.getByTestId('price-chart');
  await expect(chart).toHaveAttribute('data-interval', '5min');
  await page
    .getByRole('toolbar', { name: 'Chart interval' })
    .getByRole('button', { name: '15min', exact: true })
    .click();
  await expect(chart).toHaveAttribute('data-interval', '15min');
  expect(await page.evaluate(() => localStorage.getItem('leverPeriod'))).toBe('15min');
  expect(await page.evaluate(() => localStorage.getItem('spotPeriod'))).toBeNull();

  const form = panel(page);
  await expect.poll(() => valueOf(page, 'lever-available')).not.toBe('');
  // A price picked in the book fills the fixed price.
  const bid = page.getByRole('region', { name: 'Order book' }).getByRole('button').last();
  const picked = Decimal.parse((await bid.textContent())!.replace(/,/g, ''));
  await bid.click();
  await expect(form.getByRole('tab', { name: 'Fixed price' })).toHaveAttribute('aria-selected', 'true');
  expect(Decimal.parse(await form.getByLabel('Fixed price (USDT)').inputValue()).eq(picked)).toBe(true);
  await form.getByRole('tab', { name: 'Market price' }).click();

  // 10×, one hand (the default); hands stay whole and within the market's limits.
  await form.getByRole('button', { name: '10×', exact: true }).click();
  await expect(form.getByRole('button', { name: '10×', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const hands = form.getByLabel('Hands', { exact: true });
  await expect(hands).toHaveValue('1');
  await hands.fill('1.5');
  await expect(hands).toHaveValue('1');
  await form.getByRole('button', { name: 'One hand more' }).click();
  await expect(hands).toHaveValue('2');
  await form.getByRole('button', { name: 'One hand less' }).click();
  await expect(hands).toHaveValue('1');

  // The confirmation: Escape closes it and gives the focus back.
  const buyLong = form.getByRole('button', { name: 'Buy long' });
  await buyLong.click();
  const dialog = page.getByRole('dialog', { name: 'Buy long BTC/USDT?' });
  await expect(dialog).toBeVisible();
  // The trade password is asked for: missing or wrong, the server's words show and nothing opens.
  const password = dialog.getByLabel('Trade password');
  const refused = page.waitForResponse(/\/api\/lever\/submit$/);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  expect(((await (await refused).json()) as Envelope<unknown>).code).toBe(0);
  await expect(dialog.getByTestId('lever-confirm-problem')).toHaveText('Enter your trade password');
  await password.fill('not-the-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByTestId('lever-confirm-problem')).toHaveText('The trade password is wrong');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buyLong).toBeFocused();
  expect(
    await post<{ total: number }>(page.request, token, 'lever/my_trade', { status: 1, page: 1 }),
  ).toMatchObject({ total: 0 });

  // Placed: the preview at the mark the dialog showed is what the server charged. The mark (the
  // average of the last five seconds' samples) may move between the dialog and the server, and the
  // dialog follows it live; then that position is closed and the order placed again, until one opens
  // at the previewed mark.
  let position: Position | undefined;
  let before = Decimal.ZERO;
  for (let attempt = 0; attempt < 10 && !position; attempt += 1) {
    before = await leverBalance(page.request, token);
    await buyLong.click();
    await expect(dialog).toBeVisible();
    // The mark the dialog priced from and its margin and fee, read from one drawing.
    const { base, margin, fee } = await dialog.evaluate((element) => {
      const read = (selector: string, name: string) =>
        element.querySelector(selector)?.getAttribute(name) ?? '';
      return {
        base: read('[data-testid="lever-confirm-summary"]', 'data-base'),
        margin: read('[data-testid="confirm-margin"]', 'data-value'),
        fee: read('[data-testid="confirm-fee"]', 'data-value'),
      };
    });
    // The form's preview and the dialog's agree, and show the digits the positions table shows
    // (docs/web-app.md): the quote currency's 8 decimals, at least 2, cut.
    expect(await valueOf(page, 'preview-margin-1')).toBe(margin);
    await expect(form.getByTestId('preview-margin-1')).toHaveText(asTable(margin));
    await expect(form.getByTestId('preview-fee-1')).toHaveText(asTable(fee));
    await expect(dialog.getByTestId('confirm-margin')).toHaveText(asTable(margin));
    await expect(dialog.getByTestId('confirm-fee')).toHaveText(asTable(fee));
    await password.fill(PAY_PASSWORD);
    const placed = page.waitForResponse(/\/api\/lever\/submit$/);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const answer = (await (await placed).json()) as Envelope<Position>;
    expect(answer.code, answer.msg).toBe(1);
    await expect(dialog).toBeHidden();
    if (Decimal.parse(answer.data.origin_price).eq(Decimal.parse(base))) {
      expect(answer.data.caution_money).toBe(margin);
      expect(answer.data.trade_fee).toBe(fee);
      position = answer.data;
    } else {
      await post(page.request, token, 'lever/close', { id: answer.data.id });
    }
  }
  expect(position, 'a position opened at the previewed mark').toBeDefined();
  const id = position!.id;

  // In the current positions, live: its profit is the one LEVER_TRADE pushed.
  await expect(page.getByRole('tab', { name: 'Current positions' })).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, id)).toBeVisible();
  // The table's margin and fee read as the form's preview read them.
  await expect(row(page, id).getByTestId('margin')).toHaveText(asTable(position!.caution_money));
  await expect(row(page, id).getByTestId('fee')).toHaveText(asTable(position!.trade_fee));
  await expect(row(page, id)).toContainText('▲ Long');
  await expect(row(page, id)).toContainText('10×');
  await expect.poll(() => pushes.some((push) => push.trades_all.some((p) => p.id === id))).toBe(true);
  await expect
    .poll(async () => {
      const value = await row(page, id)
        .getByTestId('profit')
        .locator('[data-value]')
        .getAttribute('data-value');
      return pushes.some((push) => push.trades_all.some((p) => p.id === id && p.profits === value));
    })
    .toBe(true);
  await expect(form.getByTestId('lever-hazard')).not.toHaveAttribute('data-band', 'none');
  await expectAccessible(page);

  // Take-profit and stop-loss: a take-profit below the mark is refused here; then a valid pair.
  const stopsButton = row(page, id).getByRole('button', {
    name: `Take profit and stop loss of position ${id}`,
  });
  await stopsButton.click();
  const stops = page.getByRole('dialog', { name: 'Take profit and stop loss · BTC/USDT' });
  await expect(stops).toBeVisible();
  const mark = Decimal.parse(position!.update_price);
  await stops.getByLabel('Take-profit price').fill(mark.mul(Decimal.parse('0.9'), 2, 'down').toString());
  await stops.getByRole('button', { name: 'Save' }).click();
  await expect(stops.getByTestId('lever-stops-problem')).toHaveText(
    'A long take-profit must be above the mark price',
  );
  const tp = mark.mul(Decimal.parse('1.5'), 2, 'down').toString();
  const sl = mark.mul(Decimal.parse('0.5'), 2, 'down').toString();
  await stops.getByLabel('Take-profit price').fill(tp);
  await stops.getByLabel('Stop-loss price').fill(sl);
  await expect(stops.getByTestId('expected-profit')).toContainText('+');
  await expect(stops.getByTestId('expected-loss')).toContainText('−');
  await expectAccessible(page);
  const saved = page.waitForResponse(/\/api\/lever\/setstop$/);
  await stops.getByRole('button', { name: 'Save' }).click();
  expect(((await (await saved).json()) as Envelope<Position>).code).toBe(1);
  await expect(stops).toBeHidden();
  await expect(stopsButton).toBeFocused();
  const stopsCell = row(page, id).getByTestId('stops');
  await expect(stopsCell).toHaveAttribute('data-tp', tp);
  await expect(stopsCell).toHaveAttribute('data-sl', sl);
  await expect(stopsCell).toContainText(shown(tp, 2));
  await expect(stopsCell).toContainText(shown(sl, 2));

  // Closed by her: it leaves the current positions and shows in the closed list.
  await row(page, id)
    .getByRole('button', { name: `Close position ${id}` })
    .click();
  const closeDialog = page.getByRole('dialog', { name: 'Close this BTC/USDT position?' });
  await expect(closeDialog).toBeVisible();
  const closing = page.waitForResponse(/\/api\/lever\/close$/);
  await closeDialog.getByRole('button', { name: 'Close', exact: true }).click();
  const closedAnswer = (await (await closing).json()) as Envelope<Position>;
  expect(closedAnswer.code, closedAnswer.msg).toBe(1);
  const closed = closedAnswer.data;
  expect(closed.status).toBe(3);
  await expect(page.getByTestId('lever-view-5').locator(`tr[data-position-id="${id}"]`)).toHaveCount(0);
  await page.getByRole('tab', { name: 'All closed' }).click();
  const closedRow = page.getByTestId('lever-view-3').locator(`tr[data-position-id="${id}"]`);
  await expect(closedRow).toBeVisible();
  await expect(closedRow).toContainText('Closed · by you');
  expect(await closedRow.getByTestId('profit').locator('[data-value]').getAttribute('data-value')).toBe(
    closed.profits,
  );
  const sign = Decimal.parse(closed.profits).isNegative()
    ? '−'
    : Decimal.parse(closed.profits).isZero()
      ? ''
      : '\\+';
  await expect(closedRow.getByTestId('profit')).toHaveText(new RegExp(`^${sign}\\d`));

  // The balance moved by exactly − fee − overnight + profit (the margin came back), from the answers.
  const expected = before
    .sub(Decimal.parse(closed.trade_fee))
    .sub(Decimal.parse(closed.overnight_money))
    .add(Decimal.parse(closed.profits));
  expect((await leverBalance(page.request, token)).toString()).toBe(expected.toString());
  await expect.poll(() => valueOf(page, 'lever-available')).toBe(expected.toString());
  await expectAccessible(page);
});

test('a fixed-price order waits in the delegation and is cancelled; close-all closes the shorts, then the rest', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  const token = await signInAs(page, 'alice@demo.test');
  await fundLever(page.request, token, '500');
  await ensureTradePassword(page.request, token);
  await page.goto('/lever');
  const form = panel(page);
  await expect.poll(() => valueOf(page, 'lever-mark')).not.toBe('');
  const mark = Decimal.parse(await valueOf(page, 'lever-mark'));

  // A long at half the mark waits; its margin is priced from the fixed price.
  await form.getByRole('tab', { name: 'Fixed price' }).click();
  await form.getByRole('button', { name: 'Buy long' }).click();
  await expect(form.getByTestId('lever-problem')).toHaveText('Enter fixed price');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const target = mark.mul(Decimal.parse('0.5'), 2, 'down').toString();
  await form.getByLabel('Fixed price (USDT)').fill(target);
  await form.getByRole('button', { name: 'Buy long' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy long BTC/USDT?' });
  await expect(dialog).toBeVisible();
  const margin = await valueOf(page, 'confirm-margin');
  await dialog.getByLabel('Trade password').fill(PAY_PASSWORD);
  const placed = page.waitForResponse(/\/api\/lever\/submit$/);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const order = ((await (await placed).json()) as Envelope<Position>).data;
  expect(order.status).toBe(0);
  expect(order.caution_money).toBe(margin);
  await expect(page.getByRole('tab', { name: 'Current delegation' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(row(page, order.id)).toContainText('Long');
  await row(page, order.id)
    .getByRole('button', { name: `Cancel order ${order.id}` })
    .click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this BTC/USDT order?' });
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancel).toBeHidden();
  await expect(row(page, order.id)).toHaveCount(0);
  await expect(page.getByText('No pending order on BTC/USDT')).toBeVisible();

  // Close-all: shorts only, then everything.
  const long = await openAtMarket(page.request, token, 1);
  const short = await openAtMarket(page.request, token, 2);
  await page.getByRole('tab', { name: 'Current positions' }).click();
  await expect(row(page, long.id)).toBeVisible();
  await expect(row(page, short.id)).toBeVisible();
  await page.getByRole('button', { name: 'Close all' }).click();
  const batch = page.getByRole('dialog', { name: 'Close positions' });
  await expect(batch).toBeVisible();
  await batch.getByLabel('Shorts only').check();
  await expect(batch.getByLabel('BTC/USDT only')).toBeChecked();
  await expectAccessible(page);
  await batch.getByRole('button', { name: 'Close all' }).click();
  await expect(batch).toBeHidden();
  await expect(row(page, short.id)).toHaveCount(0);
  await expect(row(page, long.id)).toBeVisible();
  await page.getByRole('button', { name: 'Close all' }).click();
  await batch.getByRole('button', { name: 'Close all' }).click();
  await expect(row(page, long.id)).toHaveCount(0);
  await expect(page.getByText('No open position on BTC/USDT')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 360]) {
    test(`the page in the ${theme} theme at ${width} px: fits, screenshots, no serious accessibility problem`, async ({
      page,
    }) => {
      const token = await signInAs(page, 'alice@demo.test');
      await fundLever(page.request, token, '300');
      await ensureTradePassword(page.request, token);
      // An open position, so the rows, the hazard rate and the live profit have something to show.
      const open = await openAtMarket(page.request, token, 1, 2, 20);
      await openThemed(page, '/lever', theme, width);
      await expect(row(page, open.id)).toBeVisible();
      await expectDrawnAndFitting(page, `lever-${theme}-${width}`);
      await panel(page).getByRole('button', { name: 'Sell short' }).click();
      await expect(page.getByRole('dialog', { name: 'Sell short BTC/USDT?' })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/lever-confirm-${theme}-${width}.png` });
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await row(page, open.id)
        .getByRole('button', { name: `Take profit and stop loss of position ${open.id}` })
        .click();
      await expect(page.getByRole('dialog', { name: 'Take profit and stop loss · BTC/USDT' })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/lever-stops-${theme}-${width}.png` });
      await page.keyboard.press('Escape');
      await post(page.request, token, 'lever/close', { id: open.id });
    });
  }
}
