import type {
  AdminWithdrawalView,
  WithdrawalView,
  DepositView,
  Paged,
  WalletAnswer,
  BoundAddressView,
} from '@oex/protocol';
import { createPublicClient, getAddress, http, type TestClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnvilNode } from '../src/demo/anvil.js';
import { auditLedger } from '../src/ledger/audit.js';
import { chainTick, MANUAL_CHAIN, testChain, tokensAt } from './helpers/chain.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, ETH, USDT } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';
import { budget } from './helpers/budget.js';

let node: AnvilNode;
let control: TestClient;
let exchange: TestExchange;
const PAY = 'Trade-Harbor-77';

beforeAll(async () => {
  ({ node, control } = await testChain());
  exchange = await startTestExchange({ evmRpcUrl: node.rpcUrl, ...MANUAL_CHAIN });
}, budget(60_000));

afterAll(async () => {
  await exchange?.stop();
  await node?.stop();
});

const usdtAt = (address: string) => tokensAt(node.rpcUrl, exchange.wallet.devChain!.tokenAddress, address);

/** A user with a trade password and `amount` USDT deposited on chain and final (6 confirmations). */
async function fundedUser(amount: string) {
  const user = await signUp(exchange.api);
  await exchange.api.post('notify/send_email', { to: user.email, type: 3 }, { token: user.token });
  const code = await exchange.api.latestCode(user.email);
  const set = await exchange.api.post(
    'user/amend_pay_password',
    { password: PAY, re_password: PAY, auth_code: code },
    { token: user.token },
  );
  expect(set.body.code, set.body.msg).toBe(1);
  const wallet = await exchange.api.get<WalletAnswer>(
    'wallet/wallet',
    { currency_id: USDT },
    { token: user.token },
  );
  await chainTick(exchange);
  await exchange.api.post('dev/chain/send', {
    address: wallet.body.data!.wallets[0]!.address,
    amount,
    currency: 'USDT',
  });
  await control.mine({ blocks: 6 });
  await chainTick(exchange);
  expect(await balanceOf(exchange.api, user.token, USDT)).toBe(amount);
  return user;
}

const ERC20_PROTOCOL = () => exchange.wallet.networks.list().find((n) => n.chain === 'ERC20')!.id;
const outside = '0x000000000000000000000000000000000000dEaD';

function draw(token: string, body: Record<string, unknown>) {
  return exchange.api.post<WithdrawalView>(
    'account/draw',
    { currency_id: USDT, currency_protocol_id: ERC20_PROTOCOL(), pay_password: PAY, ...body },
    { token },
  );
}

async function records(token: string) {
  return (await exchange.api.get<Paged<WithdrawalView>>('wallet/withdrawals', {}, { token })).body.data!.data;
}

async function auditClean() {
  expect((await auditLedger(exchange.db.kysely)).problems).toEqual([]);
}

describe('withdrawals on a real EVM chain', () => {
  it('pays a withdrawal on chain: hold, signed transaction, 6 confirmations, complete; fee and received exact', async () => {
    const alice = await fundedUser('150');
    const before = await usdtAt(outside);
    const asked = await draw(alice.token, { number: '100', address: outside, request_id: 'w-1' });
    expect(asked.body.code, asked.body.msg).toBe(1);
    expect(asked.body.data).toMatchObject({ status: 'queued', amount: '100', fee: '0.1', received: '99.9' });
    expect(await balanceOf(exchange.api, alice.token, USDT)).toBe('50');
    // A retry with the same request id answers the same withdrawal.
    const again = await draw(alice.token, { number: '100', address: outside, request_id: 'w-1' });
    expect(again.body.data!.id).toBe(asked.body.data!.id);
    // Two copies sent at once: one withdrawal, and both answer it.
    const twins = await Promise.all(
      [1, 2].map(() => draw(alice.token, { number: '10', address: outside, request_id: 'w-twin' })),
    );
    expect(twins.map((answer) => answer.body.code)).toEqual([1, 1]);
    expect(twins[0]!.body.data!.id).toBe(twins[1]!.body.data!.id);
    expect(await balanceOf(exchange.api, alice.token, USDT)).toBe('40');
    await chainTick(exchange);
    const sent = (await records(alice.token)).find((w) => w.id === asked.body.data!.id)!;
    expect(sent.status).toBe('sent');
    expect(sent.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // 99.9 from the first, 9.99 from the twins' one withdrawal.
    expect(await usdtAt(outside)).toBe(before + 99_900_000n + 9_990_000n);
    await control.mine({ blocks: 5 });
    await chainTick(exchange);
    expect((await records(alice.token)).find((w) => w.id === asked.body.data!.id)).toMatchObject({
      status: 'complete',
      confirmations: 6,
    });
    expect(await balanceOf(exchange.api, alice.token, USDT)).toBe('40');
    expect(await usdtAt(outside)).toBe(before + 99_900_000n + 9_990_000n);
    await auditClean();
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const bob = await fundedUser('60');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ number: '20', address: '0x000000000000000000000000000000000000DEAD' }, /not a valid ERC20 address/],
      [{ number: '20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, /not a valid ERC20 address/],
      [{ number: '5', address: outside }, /minimum withdrawal is 10/],
      [{ number: '100001', address: outside }, /maximum withdrawal is 100000/],
      [{ number: '20.1234567', address: outside }, /at most 6 decimals/],
      [{ number: '61', address: outside }, /Insufficient balance/],
      [{ number: '20', address: outside, pay_password: 'wrong-one-99' }, /trade password is wrong/],
      [{ number: '20', address: outside, currency_protocol_id: 999 }, /network does not exist/],
    ];
    for (const [body, message] of cases) {
      const answer = await draw(bob.token, body);
      expect(answer.body.code, JSON.stringify(body)).toBe(0);
      expect(answer.body.msg).toMatch(message);
    }
    const trc20 = exchange.wallet.networks.list().find((n) => n.chain === 'TRC20')!.id;
    const unavailable = await draw(bob.token, {
      number: '20',
      address: outside,
      currency_protocol_id: trc20,
    });
    expect(unavailable.body.msg).toMatch(/not available/);
    expect(await balanceOf(exchange.api, bob.token, USDT)).toBe('60');
    expect(await records(bob.token)).toEqual([]);
  });

  it('a large withdrawal waits for review; rejection releases the hold exactly, approval pays it', async () => {
    const carol = await fundedUser('30000');
    const big = await draw(carol.token, { number: '12000', address: outside });
    expect(big.body.data!.status).toBe('review');
    await chainTick(exchange);
    expect((await records(carol.token))[0]!.status).toBe('review');
    const admin = { headers: { 'x-admin-token': exchange.adminToken } };
    // The review queue says whose withdrawal it is.
    const queue = await exchange.api.get<Paged<AdminWithdrawalView>>('admin/withdrawals/review', {}, admin);
    expect(queue.body.data!.data.find((row) => row.id === big.body.data!.id)).toMatchObject({
      user_id: carol.id,
      account: carol.email,
      amount: '12000',
      status: 'review',
    });
    const call = (path: string, body: unknown) =>
      fetch(`${exchange.url}/api/admin/withdrawals/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...admin.headers },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ code: number; data: WithdrawalView }>);
    expect((await call('reject', { id: big.body.data!.id, reason: 'unusual size' })).data).toMatchObject({
      status: 'rejected',
      reason: 'unusual size',
    });
    expect(await balanceOf(exchange.api, carol.token, USDT)).toBe('30000');
    expect((await call('approve', { id: big.body.data!.id })).code).toBe(0);
    const second = await draw(carol.token, { number: '11000', address: outside });
    expect((await call('approve', { id: second.body.data!.id })).data.status).toBe('queued');
    await chainTick(exchange);
    expect((await records(carol.token))[0]!.status).toBe('sent');
    expect(await balanceOf(exchange.api, carol.token, USDT)).toBe('19000');
    // A rejection without the operator's words is refused, and the withdrawal stays in review.
    const third = await draw(carol.token, { number: '10500', address: outside });
    expect(await call('reject', { id: third.body.data!.id })).toMatchObject({ code: 0 });
    expect((await records(carol.token))[0]).toMatchObject({ id: third.body.data!.id, status: 'review' });
    await call('reject', { id: third.body.data!.id, reason: '请提供资金来源' });
    const inChinese = await exchange.api.get<Paged<WithdrawalView>>(
      'wallet/withdrawals',
      {},
      { token: carol.token, lang: 'zh' },
    );
    expect(inChinese.body.data!.data[0]).toMatchObject({ status: 'rejected', reason: '请提供资金来源' });
    expect(await balanceOf(exchange.api, carol.token, USDT)).toBe('19000');
    await auditClean();
  });

  it('a deposit not yet final can be traded but not withdrawn', async () => {
    const dave = await signUp(exchange.api);
    await exchange.api.post('notify/send_email', { to: dave.email, type: 3 }, { token: dave.token });
    const code = await exchange.api.latestCode(dave.email);
    await exchange.api.post(
      'user/amend_pay_password',
      { password: PAY, re_password: PAY, auth_code: code },
      { token: dave.token },
    );
    const wallet = await exchange.api.get<WalletAnswer>(
      'wallet/wallet',
      { currency_id: USDT },
      { token: dave.token },
    );
    await chainTick(exchange);
    await exchange.api.post('dev/chain/send', {
      address: wallet.body.data!.wallets[0]!.address,
      amount: '50',
      currency: 'USDT',
    });
    await chainTick(exchange);
    expect(await balanceOf(exchange.api, dave.token, USDT)).toBe('50');
    const early = await draw(dave.token, { number: '20', address: outside });
    expect(early.body.msg).toMatch(/not final yet/);
    await control.mine({ blocks: 5 });
    await chainTick(exchange);
    expect((await draw(dave.token, { number: '20', address: outside })).body.code).toBe(1);
  });

  it('binds a named address with the emailed code; with the setting on, only bound addresses are paid', async () => {
    const erin = await fundedUser('100');
    const sent = await exchange.api.post<{ to: string }>('wallet/bind_code', {}, { token: erin.token });
    expect(sent.body.data!.to).toMatch(/^\w\*\*\*@/);
    const code = await exchange.api.latestCode(erin.email);
    const bound = await exchange.api.post<BoundAddressView>(
      'wallet/bind_address',
      { currency_id: USDT, currency_protocol_id: ERC20_PROTOCOL(), address: outside, notes: 'cold', code },
      { token: erin.token },
    );
    // Kept lower-case for matching, shown with its EIP-55 checksum capitals, as it was entered.
    expect(bound.body.data).toMatchObject({ address: outside, notes: 'cold', chain: 'ERC20' });
    const book = await exchange.api.get<BoundAddressView[]>('wallet/addresses', {}, { token: erin.token });
    expect(book.body.data!.map((entry) => entry.address)).toContain(outside);
    await exchange.settings.set('withdraw_require_bound_address', '1');
    try {
      const other = await draw(erin.token, {
        number: '20',
        address: '0x000000000000000000000000000000000000bEEF',
      });
      expect(other.body.msg).toMatch(/address book/);
      expect((await draw(erin.token, { number: '20', address: outside })).body.code).toBe(1);
    } finally {
      await exchange.settings.set('withdraw_require_bound_address', '0');
    }
  });

  it('sweeps final deposits to the hot wallet: gas first for a token, then the whole token balance; balances untouched', async () => {
    const frank = await fundedUser('70');
    const wallet = await exchange.api.get<WalletAnswer>(
      'wallet/wallet',
      { currency_id: USDT },
      { token: frank.token },
    );
    const address = wallet.body.data!.wallets[0]!.address;
    // The deposit address is shown checksummed (EIP-55).
    expect(address).toBe(getAddress(address));
    const hot = exchange.wallet.hotAddress('evm')!;
    const hotBefore = await usdtAt(hot);
    expect(await usdtAt(address)).toBe(70_000_000n);
    // Pass by pass, mining between, as blocks would come: gas top-up, then the token sweep.
    await expect
      .poll(
        async () => {
          await chainTick(exchange);
          await control.mine({ blocks: 1 });
          return usdtAt(address);
        },
        { timeout: budget(20_000), interval: 50 },
      )
      .toBe(0n);
    await chainTick(exchange);
    expect(await usdtAt(hot)).toBe(hotBefore + 70_000_000n);
    const sweeps = await exchange.db.kysely
      .selectFrom('sweeps')
      .select(['kind', 'status', 'units'])
      .where((eb) =>
        eb.or([eb('from_address', '=', address.toLowerCase()), eb('to_address', '=', address.toLowerCase())]),
      )
      .orderBy('id')
      .execute();
    expect(sweeps.map((row) => [row.kind, row.status])).toEqual([
      ['gas', 'complete'],
      ['sweep', 'complete'],
    ]);
    expect(sweeps[1]!.units).toBe('70000000');
    // The user's balance is what it was: a sweep moves our coins, not theirs.
    expect(await balanceOf(exchange.api, frank.token, USDT)).toBe('70');
    // The gas the hot wallet sent for the sweep is the exchange's own transfer, not a deposit of
    // frank's: the ETH network, which saw it arrive at his address, lists none.
    const ethDeposits = await exchange.api.get<Paged<DepositView>>(
      'wallet/deposits',
      { currency_id: ETH },
      { token: frank.token },
    );
    expect(ethDeposits.body.data!.data).toEqual([]);
    // A row an earlier version recorded for that gas (below the minimum, never credited) is removed
    // by the watcher's first pass after a start.
    const gas = await exchange.db.kysely
      .selectFrom('sweeps')
      .select('tx_hash')
      .where('kind', '=', 'gas')
      .where('to_address', '=', address.toLowerCase())
      .executeTakeFirstOrThrow();
    const ethNetwork = exchange.wallet.networks.ofCurrency(ETH)[0]!.id;
    const ethWatcher = exchange.wallet.watchers.find((watcher) => watcher.watches(ethNetwork))!;
    await exchange.db.kysely
      .insertInto('deposits')
      .values({
        protocol_id: ethNetwork,
        user_id: frank.id,
        currency_id: ETH,
        address: address.toLowerCase(),
        tx_hash: gas.tx_hash,
        log_index: -1,
        block_number: 1,
        block_hash: '0x00',
        status: 'below_minimum',
        confirmations: 1,
        amount: '0.00018',
        shortfall: '0',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    expect(
      (
        await exchange.api.get<Paged<DepositView>>(
          'wallet/deposits',
          { currency_id: ETH },
          { token: frank.token },
        )
      ).body.data!.total,
    ).toBe(1);
    expect(await ethWatcher.forgetOwnTransfers()).toBe(1);
    expect(
      (
        await exchange.api.get<Paged<DepositView>>(
          'wallet/deposits',
          { currency_id: ETH },
          { token: frank.token },
        )
      ).body.data!.total,
    ).toBe(0);

    // Native ETH: the balance less the most the fee can cost goes to the hot wallet.
    await exchange.api.post('dev/chain/send', { address, amount: '0.5', currency: 'ETH' });
    await control.mine({ blocks: 6 });
    const client = createPublicClient({ transport: http(node.rpcUrl) });
    await expect
      .poll(
        async () => {
          await chainTick(exchange);
          await control.mine({ blocks: 1 });
          return (await client.getBalance({ address: getAddress(address) })) < 10n ** 15n;
        },
        { timeout: budget(20_000), interval: 50 },
      )
      .toBe(true);
    expect(await balanceOf(exchange.api, frank.token, ETH)).toBe('0.5');
    await auditClean();
  });
});
