import type { DepositView, Paged, PayOrderView, WalletAnswer } from '@oex/protocol';
import { getAddress, type TestClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnvilNode } from '../src/demo/anvil.js';
import { auditLedger } from '../src/ledger/audit.js';
import { chainTick, MANUAL_CHAIN, testChain } from './helpers/chain.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, ETH, USDT } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';
import { budget } from './helpers/budget.js';

let node: AnvilNode;
let control: TestClient;
let exchange: TestExchange;

beforeAll(async () => {
  ({ node, control } = await testChain());
  exchange = await startTestExchange({ evmRpcUrl: node.rpcUrl, ...MANUAL_CHAIN });
}, budget(60_000));

afterAll(async () => {
  await exchange?.stop();
  await node?.stop();
});

async function depositAddress(token: string, currencyId: number, chain: string): Promise<string> {
  const answer = await exchange.api.get<WalletAnswer>(
    'wallet/wallet',
    { currency_id: currencyId },
    { token },
  );
  expect(answer.body.code, answer.body.msg).toBe(1);
  const wallet = answer.body.data!.wallets.find((entry) => entry.chain_protocol.code === chain);
  expect(wallet, `a ${chain} wallet`).toBeDefined();
  return wallet!.address;
}

async function deposits(token: string, currencyId: number): Promise<DepositView[]> {
  const answer = await exchange.api.get<Paged<DepositView>>(
    'wallet/deposits',
    { currency_id: currencyId },
    { token },
  );
  return answer.body.data!.data;
}

async function send(address: string, amount: string, currency: 'USDT' | 'ETH') {
  const answer = await exchange.api.post<{ tx_hash: string }>('dev/chain/send', {
    address,
    amount,
    currency,
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!.tx_hash;
}

async function auditClean() {
  const audit = await auditLedger(exchange.db.kysely);
  expect(audit.problems).toEqual([]);
}

describe('deposits on a real EVM chain', () => {
  it('lists each currency with its networks; TRON and Bitcoin say plainly they are not connected', async () => {
    const answer = await exchange.api.get<
      {
        code: string;
        currency_protocols: {
          chain_protocol: { code: string };
          available: number;
          unavailable_reason: string | null;
        }[];
      }[]
    >('block_chain/currency_protocols');
    const usdt = answer.body.data!.find((currency) => currency.code === 'USDT')!;
    expect(usdt.currency_protocols.map((p) => [p.chain_protocol.code, p.available])).toEqual([
      ['ERC20', 1],
      ['TRC20', 0],
    ]);
    expect(usdt.currency_protocols[1]!.unavailable_reason).toMatch(/TRON is not connected/);
    const btc = answer.body.data!.find((currency) => currency.code === 'BTC')!;
    expect(btc.currency_protocols[0]!.available).toBe(0);
  });

  it('gives each user one address per chain family, derived once and kept', async () => {
    const alice = await signUp(exchange.api);
    const bob = await signUp(exchange.api);
    const first = await depositAddress(alice.token, USDT, 'ERC20');
    // Shown with its EIP-55 checksum capitals (kept lower-case inside, for matching).
    expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(first).toBe(getAddress(first));
    expect(await depositAddress(alice.token, USDT, 'ERC20')).toBe(first);
    expect(await depositAddress(alice.token, ETH, 'ETH')).toBe(first);
    expect(await depositAddress(bob.token, USDT, 'ERC20')).not.toBe(first);
  });

  it('credits an ERC-20 deposit at 1 confirmation, withdrawable at 6; below the minimum is recorded, never credited', async () => {
    const alice = await signUp(exchange.api);
    const address = await depositAddress(alice.token, USDT, 'ERC20');
    await chainTick(exchange);
    const hash = await send(address, '25.5', 'USDT');
    await send(address, '0.5', 'USDT');
    await chainTick(exchange);
    const seen = await deposits(alice.token, USDT);
    expect(seen.map((d) => [d.amount, d.status, d.confirmations])).toEqual([
      ['0.5', 'below_minimum', 1],
      ['25.5', 'credited', 2],
    ]);
    expect(seen[1]!.tx_hash).toBe(hash);
    // A local chain's transaction is on no public explorer: no link rather than a dead one.
    expect(seen[1]!.tx_url).toBeNull();
    expect(await balanceOf(exchange.api, alice.token, USDT)).toBe('25.5');
    await control.mine({ blocks: 4 });
    await chainTick(exchange);
    expect((await deposits(alice.token, USDT))[1]!.status).toBe('confirmed');
    expect(await balanceOf(exchange.api, alice.token, USDT)).toBe('25.5');
    await auditClean();
  });

  it('credits native ETH with all 18 decimals', async () => {
    const alice = await signUp(exchange.api);
    const address = await depositAddress(alice.token, ETH, 'ETH');
    await chainTick(exchange);
    await send(address, '0.123456789012345678', 'ETH');
    await chainTick(exchange);
    expect((await deposits(alice.token, ETH)).map((d) => [d.amount, d.status])).toEqual([
      ['0.123456789012345678', 'credited'],
    ]);
    expect(await balanceOf(exchange.api, alice.token, ETH)).toBe('0.123456789012345678');
  });

  it('a reorg removes a credited deposit that was not final, and the balance follows', async () => {
    const alice = await signUp(exchange.api);
    const address = await depositAddress(alice.token, USDT, 'ERC20');
    await chainTick(exchange);
    const snapshot = await control.snapshot();
    await send(address, '40', 'USDT');
    await chainTick(exchange);
    expect(await balanceOf(exchange.api, alice.token, USDT)).toBe('40');
    // Another history: the deposit's block is gone, and the chain grows past where it was.
    await control.revert({ id: snapshot });
    await control.mine({ blocks: 3 });
    await chainTick(exchange);
    expect((await deposits(alice.token, USDT)).map((d) => [d.amount, d.status])).toEqual([
      ['40', 'reversed'],
    ]);
    expect(await balanceOf(exchange.api, alice.token, USDT)).toBe('0');
    await auditClean();
  });

  it('an announced deposit (createPayOrder) is matched by the first deposit of exactly its amount, and expires after a day', async () => {
    const alice = await signUp(exchange.api);
    const bob = await signUp(exchange.api);
    const address = await depositAddress(alice.token, USDT, 'ERC20');
    const bobs = await depositAddress(bob.token, USDT, 'ERC20');
    const announce = (token: string, amount: string, in_address: string) =>
      exchange.api.post<PayOrderView>(
        'wallet/createPayOrder',
        { walletAddress: amount, in_address, currency_id: USDT },
        { token },
      );
    expect((await announce(alice.token, '33', bobs)).body.msg).toMatch(/not your deposit address/);
    expect((await announce(alice.token, '0.5', address)).body.msg).toMatch(/below 1 are not credited/);
    const first = await announce(alice.token, '33', address);
    expect(first.body.data).toMatchObject({ status: 'waiting', amount: '33', chain: 'ERC20' });
    const other = await announce(alice.token, '44', address);
    await chainTick(exchange);
    await send(address, '33', 'USDT');
    await chainTick(exchange);
    const list = async () =>
      (await exchange.api.get<Paged<PayOrderView>>('wallet/pay_orders', {}, { token: alice.token })).body
        .data!.data;
    const [deposit] = await deposits(alice.token, USDT);
    expect((await list()).map((o) => [o.id, o.status, o.deposit_id])).toEqual([
      [other.body.data!.id, 'waiting', null],
      [first.body.data!.id, 'matched', deposit!.id],
    ]);
    exchange.clock.advance(25 * 60 * 60 * 1000);
    expect((await list()).map((o) => o.status)).toEqual(['expired', 'matched']);
  });

  it('a user may have 20 announced deposits waiting at once: more are refused in every language and store nothing; an arrival frees a place', async () => {
    const carol = await signUp(exchange.api);
    const address = await depositAddress(carol.token, USDT, 'ERC20');
    const rows = async () =>
      Number(
        (
          await exchange.db.kysely
            .selectFrom('pay_orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', carol.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const announce = (amount: string, lang = 'en') =>
      exchange.api.post<PayOrderView>(
        'wallet/createPayOrder',
        { walletAddress: amount, in_address: address, currency_id: USDT },
        { token: carol.token, lang },
      );
    // 30 at once: exactly 20 are recorded, however they interleave.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => announce(`${10 + i}`)));
    const made = answers.filter((answer) => answer.body.code === 1);
    const refused = answers.filter((answer) => answer.body.code !== 1);
    expect(made).toHaveLength(20);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({
        code: 0,
        msg: 'You already have 20 announced deposits waiting: wait for one to arrive or expire',
      });
    }
    expect(await rows()).toBe(20);
    const messages = new Set<string>();
    for (const lang of ['en', 'zh', 'hk', 'jp', 'gm', 'du', 'fr']) {
      const answer = await announce('5', lang);
      expect(answer.body.code, lang).toBe(0);
      expect(answer.body.msg, lang).toContain('20');
      expect(answer.body.msg, lang).not.toMatch(/^error\./);
      messages.add(answer.body.msg);
    }
    expect(messages.size).toBe(7);
    expect(await rows()).toBe(20);
    // One of them is matched by its deposit: its place is free again.
    const waitingFor = made[3]!.body.data!;
    await chainTick(exchange);
    await send(address, waitingFor.amount, 'USDT');
    await chainTick(exchange);
    const mine = (
      await exchange.api.get<Paged<PayOrderView>>('wallet/pay_orders', { limit: 50 }, { token: carol.token })
    ).body.data!.data;
    expect(mine.filter((order) => order.status === 'matched').map((order) => order.id)).toEqual([
      waitingFor.id,
    ]);
    expect((await announce('77')).body.code).toBe(1);
    expect((await announce('78')).body.code).toBe(0);
    // The limit is a setting.
    await exchange.settings.set('pay_orders_waiting_max', '21');
    expect((await announce('78')).body.code).toBe(1);
    await exchange.settings.set('pay_orders_waiting_max', '20');
    expect(await rows()).toBe(22);
  });

  it('a deposit is matched by its address when it arrives; one seen just before a restart is matched by the first pass after it', async () => {
    const dave = await signUp(exchange.api);
    const address = await depositAddress(dave.token, USDT, 'ERC20');
    const erin = await signUp(exchange.api);
    const erins = await depositAddress(erin.token, USDT, 'ERC20');
    const announce = (token: string, amount: string, in_address: string) =>
      exchange.api.post<PayOrderView>(
        'wallet/createPayOrder',
        { walletAddress: amount, in_address, currency_id: USDT },
        { token },
      );
    const first = (await announce(dave.token, '12', address)).body.data!;
    const twin = (await announce(dave.token, '12', address)).body.data!;
    const erinsOrder = (await announce(erin.token, '12', erins)).body.data!;
    await chainTick(exchange);
    await send(address, '12', 'USDT');
    await chainTick(exchange);
    const status = async (id: number) =>
      (
        await exchange.db.kysely
          .selectFrom('pay_orders')
          .select('deposit_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).deposit_id;
    // The oldest intent of that address takes it; the twin and the other user's intent wait on.
    const [deposit] = await deposits(dave.token, USDT);
    expect([await status(first.id), await status(twin.id), await status(erinsOrder.id)]).toEqual([
      deposit!.id,
      null,
      null,
    ]);
    // As if the server stopped between seeing a deposit and matching it: the first pass after the
    // restart looks at every waiting intent.
    await exchange.db.kysely
      .updateTable('pay_orders')
      .set({ deposit_id: null })
      .where('id', '=', first.id)
      .execute();
    exchange = await exchange.restart();
    await chainTick(exchange);
    expect([await status(first.id), await status(twin.id)]).toEqual([deposit!.id, null]);
    await send(address, '12', 'USDT');
    await chainTick(exchange);
    expect(await status(twin.id)).not.toBeNull();
    expect(await status(erinsOrder.id)).toBeNull();
    await auditClean();
  });
});
