import { expect, test } from '@playwright/test';
import { budget, expectDrawnBars, handTokenToPage, newUser, openThemed } from './helpers.js';

/**
 * The /lever chart after its live channel and its polls were cut off for a while. These tests mostly
 * wait on the clock, so they run beside the others (playwright.config.ts, project `clock`), each as a
 * user of its own: no other test's sign-out or balance touches them.
 */

const MINUTE = 60_000;
const BTC_USDT = { id: 1, symbol: 'BTC/USDT' };
const ONE_MINUTE = { type: 'minute', span: 1 };

test('the /lever chart draws the bars the server has, to the newest, in both themes at 1440 and 390 px', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  await handTokenToPage(page, (await newUser(page.request, 'lever-chart')).token);
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 390]) {
      await openThemed(page, '/lever', theme, width);
      await expect(page.getByTestId('price-chart')).toHaveAttribute('data-interval', '5min');
      await expectDrawnBars(page, BTC_USDT, '5min', { type: 'minute', span: 5 });
      await page.screenshot({ path: `test-results/screens/lever-chart-${theme}-${width}.png` });
    }
  }
});

test('after an outage longer than two bars, the /lever chart draws every bar it missed, in its final state', async ({
  page,
}) => {
  test.setTimeout(budget(300_000));
  await handTokenToPage(page, (await newUser(page.request, 'lever-chart')).token);
  await page.evaluate(() => {
    localStorage.setItem('leverData', '1');
    localStorage.setItem('leverPeriod', '1min');
  });
  // The outage: the live channel drops and cannot reconnect, and every market/kline call fails.
  let away = false;
  const sockets: { close(): Promise<void> }[] = [];
  await page.routeWebSocket('**/ws', (socket) => {
    if (away) return void socket.close();
    socket.connectToServer();
    sockets.push(socket);
  });
  await page.route(
    (url) => url.pathname === '/api/market/kline',
    (route) => (away ? route.abort() : route.continue()),
  );
  await page.goto('/lever');
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-interval', '1min');
  await expectDrawnBars(page, BTC_USDT, '1min', ONE_MINUTE);

  // The demo's market maker trades BTC every few seconds, so the minute the chart last saw open
  // (when most of it is still to come), or else the next one, changes while the chart hears nothing;
  // the outage lasts until that bar is more than two bars old.
  const cut = Date.now();
  const open = Math.floor(cut / MINUTE) * MINUTE;
  const missed = cut - open < 20_000 ? open : open + MINUTE;
  away = true;
  for (const socket of sockets.splice(0)) await socket.close();
  await page.waitForTimeout(missed + 2 * MINUTE + 5_000 - Date.now());
  away = false;

  // Back: within one poll the chart holds every bar of the server, the missed ones included.
  await expectDrawnBars(page, BTC_USDT, '1min', ONE_MINUTE);
});
