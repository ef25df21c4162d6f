import type { DepositView, Paged, WalletAnswer, WithdrawalView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BitcoinRpc } from '../src/chains/bitcoin.js';
import { bitcoindBinary, startBitcoind, type BitcoindNode } from '../src/chains/bitcoind.js';
import { auditLedger } from '../src/ledger/audit.js';
import { chainTick, MANUAL_CHAIN } from './helpers/chain.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, BTC } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';
import { budget } from './helpers/budget.js';

/*
 * The asset centre on a real Bitcoin node (regtest): deposits found in raw blocks, credited at one
 * confirmation and final at six, a reorganisation followed, withdrawals signed here and paid from
 * the hot wallet without spending a coin twice, and deposits swept to the hot wallet.
 */

const binary = bitcoindBinary();
if (!binary) {
  console.warn(
    '\n*** Bitcoin tests SKIPPED: no bitcoind. Install the regtest node with `bash scripts/install-bitcoind.sh` ***\n',
  );
}

const PAY = 'Trade-Harbor-77';
let node: BitcoindNode;
let exchange: TestExchange;
let dev: BitcoinRpc;

function withAuth(node: BitcoindNode, path = ''): string {
  const url = new URL(node.rpcUrl);
  url.username = encodeURIComponent(node.rpcUser);
  url.password = encodeURIComponent(node.rpcPassword);
  url.pathname = path;
  return url.toString();
}

beforeAll(async () => {
  if (!binary) return;
  node = await startBitcoind();
  const chain = new BitcoinRpc(withAuth(node));
  await chain.call('createwallet', ['dev']);
  dev = new BitcoinRpc(withAuth(node, '/wallet/dev'));
  await mine(101);
  exchange = await startTestExchange({ bitcoinRpcUrl: withAuth(node), ...MANUAL_CHAIN });
}, budget(60_000));

afterAll(async () => {
  await exchange?.stop();
  await node?.stop();
});

async function mine(blocks: number): Promise<void> {
  const address = await dev.call<string>('getnewaddress');
  await dev.call('generatetoaddress', [blocks, address]);
}

/** Sends from the dev wallet; answers the transaction id. Amounts as the RPC takes them (BTC). */
function send(address: string, amount: string): Promise<string> {
  return dev.call<string>('sendtoaddress', [address, Number(amount)]);
}

async function btcAddress(token: string): Promise<string> {
  const answer = await exchange.api.get<WalletAnswer>('wallet/wallet', { currency_id: BTC }, { token });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!.wallets.find((wallet) => wallet.chain_protocol.code === 'BTC')!.address;
}

async function deposits(token: string): Promise<DepositView[]> {
  return (await exchange.api.get<Paged<DepositView>>('wallet/deposits', { currency_id: BTC }, { token })).body
    .data!.data;
}

async function withPayPassword() {
  const user = await signUp(exchange.api);
  await exchange.api.post('notify/send_email', { to: user.email, type: 3 }, { token: user.token });
  const code = await exchange.api.latestCode(user.email);
  const set = await exchange.api.post(
    'user/amend_pay_password',
    { password: PAY, re_password: PAY, auth_code: code },
    { token: user.token },
  );
  expect(set.body.code, set.body.msg).toBe(1);
  return user;
}

async function auditClean() {
  expect((await auditLedger(exchange.db.kysely)).problems).toEqual([]);
}

describe.skipIf(!binary)('Bitcoin deposits and withdrawals on regtest', () => {
  it('credits a deposit at 1 confirmation and makes it final at 6; ignores one below the minimum', async () => {
    const network = exchange.wallet.networks.list().find((n) => n.chain === 'BTC')!;
    expect(network.adapter).not.toBeNull();
    const alice = await signUp(exchange.api);
    const address = await btcAddress(alice.token);
    expect(address).toMatch(/^bcrt1q/);
    await chainTick(exchange);
    const txid = await send(address, '0.5');
    await send(address, '0.00005');
    await chainTick(exchange);
    expect(await balanceOf(exchange.api, alice.token, BTC)).toBe('0');
    await mine(1);
    await chainTick(exchange);
    expect(await balanceOf(exchange.api, alice.token, BTC)).toBe('0.5');
    const seen = await deposits(alice.token);
    expect(seen.find((d) => d.tx_hash === txid)).toMatchObject({ amount: '0.5', status: 'credited' });
    expect(seen.find((d) => d.amount === '0.00005')).toMatchObject({ status: 'below_minimum' });
    await mine(5);
    await chainTick(exchange);
    expect((await deposits(alice.token)).find((d) => d.tx_hash === txid)).toMatchObject({
      status: 'confirmed',
    });
    await auditClean();
  });

  it('follows a reorganisation: a deposit whose block is replaced is credited once, in its new block', async () => {
    const bob = await signUp(exchange.api);
    const address = await btcAddress(bob.token);
    await chainTick(exchange);
    await send(address, '0.2');
    await mine(1);
    await chainTick(exchange);
    expect(await balanceOf(exchange.api, bob.token, BTC)).toBe('0.2');
    const chain = new BitcoinRpc(withAuth(node));
    const tip = await chain.call<string>('getbestblockhash');
    await chain.call('invalidateblock', [tip]);
    // The deposit goes back to the mempool and into a block of a longer, different chain.
    await mine(2);
    await chainTick(exchange);
    await chainTick(exchange);
    expect(await balanceOf(exchange.api, bob.token, BTC)).toBe('0.2');
    const rows = await deposits(bob.token);
    expect(rows.filter((d) => d.status !== 'reversed')).toHaveLength(1);
    await auditClean();
  });

  it(
    'pays withdrawals from the hot wallet, one after another without spending a coin twice, and sweeps deposits',
    async () => {
      const hot = exchange.wallet.hotAddress('btc')!;
      expect(hot).toMatch(/^bcrt1q/);
      await send(hot, '1');
      await mine(1);
      const carol = await withPayPassword();
      const address = await btcAddress(carol.token);
      await chainTick(exchange);
      await send(address, '0.3');
      await mine(6);
      await chainTick(exchange);
      expect(await balanceOf(exchange.api, carol.token, BTC)).toBe('0.3');
      const outside = await dev.call<string>('getnewaddress');
      const protocol = exchange.wallet.networks.list().find((n) => n.chain === 'BTC')!.id;
      const draw = (number: string) =>
        exchange.api.post<WithdrawalView>(
          'account/draw',
          { currency_id: BTC, currency_protocol_id: protocol, pay_password: PAY, number, address: outside },
          { token: carol.token },
        );
      const first = await draw('0.1');
      expect(first.body.code, first.body.msg).toBe(1);
      expect(first.body.data).toMatchObject({ amount: '0.1', fee: '0.00005', received: '0.09995' });
      const second = await draw('0.05');
      expect(second.body.code, second.body.msg).toBe(1);
      const wrongNetwork = await draw('0.01').then(() =>
        exchange.api.post(
          'account/draw',
          {
            currency_id: BTC,
            currency_protocol_id: protocol,
            pay_password: PAY,
            number: '0.01',
            address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
          },
          { token: carol.token },
        ),
      );
      expect(wrongNetwork.body.code).toBe(0);
      await chainTick(exchange);
      const records = async () =>
        (await exchange.api.get<Paged<WithdrawalView>>('wallet/withdrawals', {}, { token: carol.token })).body
          .data!.data;
      // The hot wallet's one coin pays the first; the second waits for its change to be mined.
      let rows = await records();
      expect(rows.find((w) => w.id === first.body.data!.id)!.status).toBe('sent');
      for (let i = 0; i < 3 && rows.some((w) => w.status === 'queued'); i += 1) {
        await mine(1);
        await chainTick(exchange);
        rows = await records();
      }
      expect(rows.filter((w) => w.status === 'queued')).toEqual([]);
      await mine(6);
      await chainTick(exchange);
      rows = await records();
      expect(rows.map((w) => w.status)).toEqual(['complete', 'complete', 'complete']);
      const received = await dev.call<number>('getreceivedbyaddress', [outside]);
      // 0.09995 + 0.04997500 + 0.009995, exactly (the RPC's float printed to satoshis).
      expect(received.toFixed(8)).toBe('0.15992000');
      expect(await balanceOf(exchange.api, carol.token, BTC)).toBe('0.14');
      // Carol's final deposit was swept to the hot wallet: a sweep sent, then complete once mined.
      await chainTick(exchange);
      await mine(1);
      await chainTick(exchange);
      const sweeps = await exchange.db.kysely
        .selectFrom('sweeps')
        .selectAll()
        .where('from_address', '=', address)
        .execute();
      expect(sweeps.map((s) => [s.kind, s.status, s.to_address])).toContainEqual(['sweep', 'complete', hot]);
      await auditClean();
    },
    budget(60_000),
  );
});
