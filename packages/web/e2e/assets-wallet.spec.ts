import { Decimal } from '@oex/protocol';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  budget,
  expectAccessible,
  handTokenToPage,
  latestCode,
  registerUser,
  serverLock,
  signInAs,
} from './helpers.js';

/**
 * Deposits, withdrawals and the address book in the asset centre, against the real wallet on the
 * local development chain (anvil): real tokens are sent to the user's address, and a withdrawal is
 * really signed and sent.
 */

const USDT = 1;
const SPOT = 1;
const PAY_PASSWORD = 'Lantern-Harbor-Quiet-73';

/** Skips while this server has no wallet (it is built alongside the pages). */
async function requireWallet(request: APIRequestContext): Promise<void> {
  const answer = await request.get('/api/block_chain/currency_protocols');
  test.skip(answer.status() === 404, 'the wallet API is not on this server yet');
}

const headers = (token: string) => ({ authorization: token });

async function spotBalance(request: APIRequestContext, token: string, currency: number): Promise<Decimal> {
  const answer = await request.get(`/api/account/detail?currency_id=${currency}&account_type_id=${SPOT}`, {
    headers: headers(token),
  });
  return Decimal.parse(((await answer.json()) as { data: { balance: string } }).data.balance);
}

const row = (page: Page, code: string) => page.getByTestId('balances').locator(`tr[data-currency="${code}"]`);
const shownBalance = async (page: Page, code: string) =>
  Decimal.parse((await row(page, code).getByTestId('available').getAttribute('data-value'))!);

test('the deposit panel shows my address with a QR code, says plainly when a network is not connected, and a deposit arrives live', async ({
  page,
}) => {
  test.setTimeout(budget(90_000));
  // A user of its own: other tests send deposits to the demo users at the same time, and this one
  // reads its newest deposit and its exact balance.
  const { token } = await registerUser(page.request, 'deposit');
  await handTokenToPage(page, token);
  await requireWallet(page.request);
  const wallet = (await (
    await page.request.get(`/api/wallet/wallet?currency_id=${USDT}`, { headers: headers(token) })
  ).json()) as {
    data: {
      wallets: { address: string; chain_protocol: { code: string } }[];
      currency_protocols: { chain_protocol: { code: string }; unavailable_reason: string | null }[];
    };
  };
  const address = wallet.data.wallets.find((candidate) => candidate.chain_protocol.code === 'ERC20')!.address;
  // Shown with its EIP-55 checksum capitals (a 40-hex address has some letters), as a wallet writes it.
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(address).not.toBe(address.toLowerCase());
  const tron = wallet.data.currency_protocols.find((candidate) => candidate.chain_protocol.code === 'TRC20')!;

  await page.goto('/assets/tradeAccount');
  await row(page, 'USDT').getByRole('link', { name: 'Deposit USDT' }).click();
  await expect(page).toHaveURL(/\/assets\/tradeAccount\?charge=1$/);
  const panel = page.getByRole('region', { name: 'Deposit USDT' });
  await expect(panel.getByRole('tab', { name: 'ERC20' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByTestId('address')).toHaveText(address);
  await expect(panel.getByRole('list', { name: 'Before you deposit' })).toBeVisible();
  await expect(panel.getByText('Confirmations before it is credited: 1')).toBeVisible();
  await expect(
    panel.getByText('Send only USDT on the ERC20 network to this address; anything else is lost.'),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Show QR code' }).click();
  await expect(panel.getByRole('img', { name: 'QR code of your ERC20 address' })).toBeVisible();
  await expectAccessible(page);

  // TRC20 is not connected here: its reason, never an address.
  await panel.getByRole('tab', { name: 'TRC20' }).click();
  if (tron.unavailable_reason) {
    await expect(panel.getByText(tron.unavailable_reason)).toBeVisible();
    await expect(panel.getByTestId('address')).toHaveCount(0);
    await expect(panel.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expect(panel.getByRole('list', { name: 'Before you deposit' })).toHaveCount(0);
  }
  await panel.getByRole('tab', { name: 'ERC20' }).click();

  // Announce the deposit first (the deposit-amount box): it waits for exactly that amount.
  const announce = panel.getByRole('form', { name: 'Announce a deposit' });
  await announce.getByLabel('Amount you will send').fill('25');
  await announce.getByRole('button', { name: 'Announce' }).click();
  const announced = announce.getByTestId('pay-orders').locator('li').first();
  await expect(announced).toContainText('25.00 USDT');
  await expect(announced).toContainText('Waiting for the deposit');

  // 25 real test USDT to that address: the deposit appears, confirms and is credited, live.
  const before = await spotBalance(page.request, token, USDT);
  const sent = await page.request.post('/api/dev/chain/send', {
    data: { address, amount: '25', currency: 'USDT' },
  });
  expect(((await sent.json()) as { code: number }).code).toBe(1);
  const deposit = panel.getByTestId('deposits').locator('tbody tr').first();
  await expect(deposit).toContainText('25.00 USDT', { timeout: budget(20_000) });
  await page.request.post('/api/dev/chain/mine', { data: { blocks: 6 } });
  await expect(deposit).toContainText('Complete', { timeout: budget(20_000) });
  // The announcement found its deposit.
  await expect(announced).toContainText('Matched', { timeout: budget(20_000) });
  await expect
    .poll(async () => (await shownBalance(page, 'USDT')).toString(), { timeout: 10_000 })
    .toBe(before.add(Decimal.parse('25')).toString());

  // By keyboard: Escape closes the panel and gives the focus back to its action; Enter opens it.
  await panel.getByRole('tab', { name: 'ERC20' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/assets\/tradeAccount$/);
  const action = row(page, 'USDT').getByRole('link', { name: 'Deposit USDT' });
  await expect(action).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toBeFocused();
});

test('an address is saved with the emailed code; a withdrawal to it shows the fee and what arrives, needs the trade password, is sent once and is recorded', async ({
  page,
}) => {
  // Many steps against a real chain; on a busy two-core machine it has needed more than a minute.
  test.setTimeout(budget(120_000));
  const token = await signInAs(page, 'alice@demo.test');
  await requireWallet(page.request);
  // The trade password, set with its emailed code (type 3), unless another spec set it already (a
  // code can be sent once a minute, so a second setting right after would find the first code used).
  const info = await page.request.get('/api/user/info', { headers: headers(token) });
  if (!((await info.json()) as { data: { has_pay_password: boolean } }).data.has_pay_password) {
    await page.request.post('/api/notify/send_email', {
      headers: headers(token),
      data: { to: 'alice@demo.test', type: 3 },
    });
    const payCode = await latestCode(page.request, 'alice@demo.test');
    const set = await page.request.post('/api/user/amend_pay_password', {
      headers: headers(token),
      data: { password: PAY_PASSWORD, re_password: PAY_PASSWORD, auth_code: payCode },
    });
    const setAnswer = (await set.json()) as { code: number; msg: string };
    expect(setAnswer.code, setAnswer.msg).toBe(1);
  }

  // Save an address: the code goes to the account's own email; sending starts the 59 s countdown.
  // Entered with its EIP-55 checksum capitals (EIP-55's own example): kept and shown so everywhere,
  // never lower-cased. A copy left in the book by an earlier run is removed first.
  const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const book = (await (
    await page.request.get('/api/wallet/addresses', { headers: headers(token) })
  ).json()) as { data: { id: number; address: string }[] };
  for (const entry of book.data.filter((row) => row.address.toLowerCase() === address.toLowerCase())) {
    await page.request.post('/api/wallet/unbind_address', {
      headers: headers(token),
      data: { id: entry.id },
    });
  }
  await page.goto('/assets/bindAddr');
  const form = page.getByRole('form', { name: 'Add a withdrawal address' });
  await form.getByLabel('Currency', { exact: true }).selectOption('USDT');
  await form.getByLabel('Network', { exact: true }).selectOption('ERC20');
  await form.getByLabel('Address', { exact: true }).fill(address);
  await form.getByLabel('Name', { exact: true }).fill('e2e cold wallet');
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByRole('button', { name: /^Resend in (59|58) s$/ })).toBeDisabled();
  await expect(form.getByRole('status')).toHaveText(/^Code sent to .+@demo\.test$/);
  await form.getByLabel('Verification code').fill(await latestCode(page.request, 'alice@demo.test'));
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByRole('status')).toHaveText(`Saved ${address}`);
  const saved = page.getByTestId('address-book').locator('tbody tr', { hasText: address });
  await expect(saved).toContainText('e2e cold wallet');
  await expect(saved).toContainText(address);
  await expectAccessible(page);

  // Withdraw 20 USDT to it, picked from the book.
  const before = await spotBalance(page.request, token, USDT);
  const count = async () =>
    (
      (await (
        await page.request.get(`/api/wallet/withdrawals?currency_id=${USDT}`, { headers: headers(token) })
      ).json()) as { data: { total: number } }
    ).data.total;
  const withdrawalsBefore = await count();
  await page.goto('/assets/tradeAccount?withdraw=1');
  const panel = page.getByRole('region', { name: 'Withdraw USDT' });
  await panel.getByLabel('Network', { exact: true }).selectOption('ERC20');
  await panel.getByLabel('Or pick a saved address').selectOption({ label: `e2e cold wallet · ${address}` });
  await expect(panel.getByLabel('Address', { exact: true })).toHaveValue(address);
  await expect(panel.getByLabel('Amount', { exact: true })).toHaveAttribute('placeholder', 'Minimum 10 USDT');
  await panel.getByLabel('Amount', { exact: true }).fill('20');
  await expect(panel.getByTestId('fee-percent')).toHaveText('0.1%');
  await expect(panel.getByTestId('fee')).toHaveText('0.02 USDT');
  await expect(panel.getByTestId('received')).toHaveText('19.98 USDT');

  // A wrong trade password: the server's words, and nothing leaves.
  await panel.getByLabel('Trade password').fill('not-the-password');
  await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
  await expect(dialog.getByTestId('withdraw-summary')).toContainText('19.98 USDT');
  await dialog.getByRole('button', { name: 'Withdraw now' }).click();
  await expect(panel.getByRole('alert')).toHaveText('The trade password is wrong');
  expect(await count()).toBe(withdrawalsBefore);
  expect((await spotBalance(page.request, token, USDT)).eq(before)).toBe(true);

  // The right one, confirmed with a double click: one withdrawal, not two.
  await panel.getByLabel('Trade password').fill(PAY_PASSWORD);
  await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await dialog.getByRole('button', { name: 'Withdraw now' }).dblclick();
  await expect(dialog).toBeHidden();
  const recent = panel.getByTestId('withdrawals').locator('tbody tr').first();
  await expect(recent.getByTestId('withdrawal-amount')).toHaveText('20.00 USDT');
  await expect(recent.getByTestId('withdrawal-received')).toHaveText('19.98');
  await expect(recent).toContainText(address);
  expect(await count()).toBe(withdrawalsBefore + 1);
  await expect
    .poll(async () => (await spotBalance(page.request, token, USDT)).toString())
    .toBe(before.sub(Decimal.parse('20')).toString());

  // The signer sends it and the chain confirms it: the row follows live, with its transaction.
  await expect(recent).toContainText(/Sent|Complete/, { timeout: budget(20_000) });
  await page.request.post('/api/dev/chain/mine', { data: { blocks: 6 } });
  await expect(recent).toContainText('Complete', { timeout: budget(20_000) });
  // Its transaction: a link where the network has a public explorer, the hash alone where not (the
  // local chain has none).
  const sent = (
    (await (
      await page.request.get(`/api/wallet/withdrawals?currency_id=${USDT}`, { headers: headers(token) })
    ).json()) as { data: { data: { tx_hash: string; tx_url: string | null }[] } }
  ).data.data[0]!;
  const short = `${sent.tx_hash.slice(0, 8)}…${sent.tx_hash.slice(-6)}`;
  await expect(recent).toContainText(short);
  await expect(
    recent.getByRole('link', { name: `View transaction ${short} in the block explorer` }),
  ).toHaveCount(sent.tx_url ? 1 : 0);

  // An answer lost on the way back (the request reached the server, the page never heard): the
  // dialog stays, and confirming again sends the same request id, so still one withdrawal.
  const beforeLost = await count();
  await page.route('**/api/account/draw', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await panel.getByLabel('Amount', { exact: true }).fill('10');
  await panel.getByLabel('Trade password').fill(PAY_PASSWORD);
  await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await dialog.getByRole('button', { name: 'Withdraw now' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Cannot reach the server, please retry later');
  await expect.poll(count).toBe(beforeLost + 1);
  await page.unroute('**/api/account/draw');
  await dialog.getByRole('button', { name: 'Withdraw now' }).click();
  await expect(dialog).toBeHidden();
  expect(await count()).toBe(beforeLost + 1);

  // The records page lists it under withdrawals.
  await page.goto('/assets/dealRecords?types=change_account&kind=withdrawals');
  await expect(page.getByRole('tab', { name: 'Withdrawals' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('withdrawals').locator('tbody tr').first()).toContainText(address);

  // Deleting the saved address asks first.
  await page.goto('/assets/bindAddr');
  await page.getByRole('button', { name: `Delete ${address}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(saved).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${address}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(saved).toHaveCount(0);
});

/** An operator's change of a USDT network's switches, as the console sends it (command-line principal). */
async function switchNetwork(
  request: APIRequestContext,
  baseURL: string,
  networkId: number,
  open: 0 | 1,
): Promise<void> {
  const answer = await request.post('/api/admin/changes/schedule', {
    headers: { 'x-admin-token': serverLock(baseURL).adminToken },
    data: {
      kind: 'currency_network',
      target_id: networkId,
      changes: { open_deposit: open, open_withdraw: open },
      // Only a market closes at once; a network's switches are announced ahead, here a moment.
      effective_at: Date.now() + 1500,
      notice: {
        en: { title: 'USDT on ERC20', content: open ? 'Open again.' : 'Suspended for maintenance.' },
      },
      reason: open ? 'Maintenance over' : 'Node maintenance',
    },
  });
  const envelope = (await answer.json()) as { code: number; msg: string };
  expect(envelope.code, envelope.msg).toBe(1);
}

test('a network the operator suspends is said so on the deposit and withdraw panels, with no address and no form to send', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(budget(90_000));
  await signInAs(page, 'alice@demo.test');
  await requireWallet(page.request);
  const protocols = (await (await page.request.get('/api/block_chain/currency_protocols')).json()) as {
    data: { id: number; currency_protocols: { id: number; chain_protocol: { code: string } }[] }[];
  };
  const erc20 = protocols.data
    .find((currency) => currency.id === USDT)!
    .currency_protocols.find((network) => network.chain_protocol.code === 'ERC20')!;

  const switches = async () =>
    (
      (await (await page.request.get('/api/block_chain/currency_protocols')).json()) as {
        data: {
          id: number;
          currency_protocols: { id: number; open_deposit: number; open_withdraw: number }[];
        }[];
      }
    ).data
      .find((currency) => currency.id === USDT)!
      .currency_protocols.find((network) => network.id === erc20.id)!;
  await switchNetwork(page.request, baseURL!, erc20.id, 0);
  try {
    await expect.poll(async () => (await switches()).open_withdraw, { timeout: budget(20_000) }).toBe(0);
    await page.goto('/assets/tradeAccount?charge=1');
    const deposit = page.getByRole('region', { name: 'Deposit USDT' });
    await deposit.getByRole('tab', { name: 'ERC20' }).click();
    await expect(deposit.getByTestId('network-closed')).toHaveText(
      'Deposits on the ERC20 network are suspended for now. Please do not send coins to an earlier address of it.',
    );
    await expect(deposit.getByTestId('address')).toHaveCount(0);
    await expect(deposit.getByRole('img', { name: /QR code/ })).toHaveCount(0);

    await page.goto('/assets/tradeAccount?withdraw=1');
    const withdraw = page.getByRole('region', { name: 'Withdraw USDT' });
    await withdraw.getByLabel('Network', { exact: true }).selectOption('ERC20');
    await expect(withdraw.getByTestId('network-closed')).toHaveText(
      'Withdrawals on the ERC20 network are suspended for now.',
    );
    await expect(withdraw.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
    await expectAccessible(page);
  } finally {
    await switchNetwork(page.request, baseURL!, erc20.id, 1);
  }

  // Opened again at its time: the address is back.
  await expect.poll(async () => (await switches()).open_deposit, { timeout: budget(20_000) }).toBe(1);
  await expect
    .poll(
      async () => {
        await page.goto('/assets/tradeAccount?charge=1');
        const deposit = page.getByRole('region', { name: 'Deposit USDT' });
        await deposit.getByRole('tab', { name: 'ERC20' }).click();
        return deposit.getByTestId('address').count();
      },
      { timeout: budget(20_000) },
    )
    .toBe(1);
});
