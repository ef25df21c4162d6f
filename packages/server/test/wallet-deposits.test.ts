import type { DepositView, Paged, PayOrderView, WalletAnswer } from '@oex/protocol';
import type { TestClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnvilNode } from '../src/chains/anvil.js';
import { auditLedger } from '../src/ledger/audit.js';
import { chainTick, MANUAL_CHAIN, testChain } from './helpers/chain.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, ETH, USDT } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';

let node: AnvilNode;
let control: TestClient;
let exchange: TestExchange;

beforeAll(async () => {
  ({ node, control } = await testChain());
  exchange = await startTestExchange({ evmRpcUrl: node.rpcUrl, ...MANUAL_CHAIN });
}, 60_000);

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
    expect(first).toMatch(/^0x[0-9a-f]{40}$/);
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
});
