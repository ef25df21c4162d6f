import { Decimal, type AdminDashboard, type WalletAnswer } from '@oex/protocol';
import { connect as connectTcp, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnvilNode } from '../src/demo/anvil.js';
import { MANUAL_CHAIN, testChain } from './helpers/chain.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { USDT } from './helpers/ledger.js';
import { operatorSession, type OperatorSession } from './helpers/operators.js';
import { signUp } from './helpers/users.js';

/**
 * The console's dashboard shows its figures when the chain node stops answering: the chain check
 * says it did not answer, the rest comes in its usual time. The node is real (anvil); between it and
 * the exchange sits a relay that, once told to, takes requests and never passes them on, as a hung
 * node or a dead network path does.
 */

let node: AnvilNode;
let relay: Server;
let hung = false;
let ex: TestExchange;
let viewer: OperatorSession;

beforeAll(async () => {
  ({ node } = await testChain());
  const upstream = new URL(node.rpcUrl);
  relay = createServer((client) => {
    const server = connectTcp(Number(upstream.port), upstream.hostname);
    client.on('data', (chunk) => {
      if (!hung) server.write(chunk);
    });
    server.on('data', (chunk) => client.write(chunk));
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
    client.on('error', () => undefined);
    server.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address() as { port: number };
  ex = await startTestExchange({ evmRpcUrl: `http://127.0.0.1:${address.port}`, ...MANUAL_CHAIN });
  viewer = await operatorSession(ex, 'viewer');
});

afterAll(async () => {
  await ex?.stop();
  relay?.close();
  await node?.stop();
});

const dashboard = () => ex.api.get<AdminDashboard>('admin/dashboard', {}, { headers: viewer.headers });

describe('the dashboard and a chain node that stops answering', () => {
  it('sums what every deposit address holds on chain while the node answers, to the unit', async () => {
    const before = (await dashboard()).body.data!.holdings!.find((row) => row.currency === 'USDT')!;
    const erc20Before = before.networks.find((network) => network.chain === 'ERC20')!.deposit_addresses!;
    // Twelve users' own addresses, each sent a different amount: more addresses than reads at once.
    let sent = Decimal.ZERO;
    for (let i = 1; i <= 12; i += 1) {
      const user = await signUp(ex.api);
      const wallet = await ex.api.get<WalletAnswer>(
        'wallet/wallet',
        { currency_id: USDT },
        { token: user.token },
      );
      const address = wallet.body.data!.wallets.find(
        (entry) => entry.chain_protocol.code === 'ERC20',
      )!.address;
      const amount = `${i}.${String(i).padStart(2, '0')}`;
      const answer = await ex.api.post('dev/chain/send', { address, amount, currency: 'USDT' });
      expect(answer.body.code, answer.body.msg).toBe(1);
      sent = sent.add(Decimal.parse(amount));
    }
    const answer = (await dashboard()).body.data!;
    expect(answer.holdings_error).toBeNull();
    const erc20 = answer
      .holdings!.find((row) => row.currency === 'USDT')!
      .networks.find((network) => network.chain === 'ERC20')!;
    expect(erc20.deposit_addresses).toBe(Decimal.parse(erc20Before).add(sent).toString());
  });

  it('shows the other figures after 3 s, saying the chain check did not answer', async () => {
    hung = true;
    try {
      const started = Date.now();
      const answer = await dashboard();
      const waited = Date.now() - started;
      expect(answer.body.code).toBe(1);
      expect(answer.body.data).toMatchObject({
        holdings: null,
        holdings_error: 'The chain check did not answer within 3 s',
      });
      expect(answer.body.data!.markets.length).toBeGreaterThan(0);
      expect(waited).toBeGreaterThanOrEqual(2900);
      expect(waited).toBeLessThan(9000);
    } finally {
      hung = false;
    }
  });
});
