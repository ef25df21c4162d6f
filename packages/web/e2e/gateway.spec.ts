import { expect, test } from '@playwright/test';
import { budget, expectDrawnAndFitting } from './helpers.js';

/*
 * The web app through a gateway (docs/cluster.md): its files, its API calls and its live channel all
 * come from the gateway, which has no database and reaches the server over NATS. The config starts
 * the gateway beside the server when NATS runs on this machine (CI starts it).
 */
const gateway = process.env.E2E_GATEWAY_URL;
test.skip(!gateway, 'no NATS on 127.0.0.1:4222: no gateway to test through');

test('a visitor and a signed-in user use the web app through a gateway: files, calls and live pushes', async ({
  page,
}) => {
  test.setTimeout(budget(60_000));
  const fromGateway = new Set<string>();
  page.on('request', (request) => fromGateway.add(new URL(request.url()).origin));
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));

  await page.goto(`${gateway}/trade?match=1`);
  const book = page.getByRole('region', { name: 'Order book' });
  await expect(book.getByRole('row', { name: /^Sell 1 / })).toBeVisible();
  await expect(book.getByRole('row', { name: /^Buy 1 / })).toBeVisible();
  // The market bot trades on the server; its trades reach this page live, through the gateway.
  const trades = page.getByRole('region', { name: 'Recent trades' }).locator('tbody tr');
  await expect(trades).not.toHaveCount(0);
  const first = await trades.first().textContent();
  await expect
    .poll(async () => trades.first().textContent(), { timeout: budget(45_000), intervals: [500] })
    .not.toBe(first);
  expect([...fromGateway]).toEqual([gateway]);
  expect(sockets).toEqual([`${gateway!.replace('http', 'ws')}/ws`]);

  // Signed in through the gateway: the balances are the server's.
  const login = await page.request.post(`${gateway}/api/user/login`, {
    data: { login_type: 'email', account: 'alice@demo.test', password: 'demo1234' },
  });
  const { data: token } = (await login.json()) as { data: string };
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(`${gateway}/assets/tradeAccount`);
  await expect(page.getByRole('heading', { name: 'Spot account', level: 1 })).toBeVisible();
  await expect(page.getByTestId('balances').locator('tbody tr')).not.toHaveCount(0);
  await expectDrawnAndFitting(page, 'gateway-assets');
  expect([...fromGateway]).toEqual([gateway]);
});
