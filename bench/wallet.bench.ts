// Deposit scanning and withdrawal sending against a real local EVM node (anvil).
// Writes the figures to bench/results/wallet.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createTestClient, createWalletClient, getAddress, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startExchange } from '../packages/server/src/app.js';
import { startAnvil } from '../packages/server/src/demo/anvil.js';
import { devWallet } from '../packages/server/src/demo/dev-chain.js';
import { loadConfig } from '../packages/server/src/config.js';
import { WalletService } from '../packages/server/src/wallet/service.js';
import { insertBareUsers } from '../packages/server/test/helpers/users.js';

const WATCHED = 1000;
const WAITING_PAY_ORDERS = 5000;
const node = await startAnvil();
const control = createTestClient({ mode: 'anvil', chain: foundry, transport: http(node.rpcUrl) });
const publicClient = createPublicClient({ transport: http(node.rpcUrl) });
const dir = mkdtempSync(join(tmpdir(), 'oex-bench-wallet-'));
const exchange = await startExchange(
  loadConfig(
    {},
    {
      databaseUrl: `sqlite:${join(dir, 'bench.db')}`,
      demo: true,
      marketMaker: false,
      logLevel: 'silent',
      host: '127.0.0.1',
      evmRpcUrl: node.rpcUrl,
      chainPollMs: 3_600_000,
    },
  ),
  { port: 0 },
);
const results: Record<string, number | string> = {
  date: new Date().toISOString(),
  watched_addresses: WATCHED,
  waiting_pay_orders: WAITING_PAY_ORDERS,
};
const elapsed = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;
const ticks = async () => {
  for (const watcher of exchange.wallet.watchers) await watcher.tick();
};

try {
  const erc20 = exchange.wallet.networks.list().find((network) => network.chain === 'ERC20')!;
  const [erc20Watcher, ethWatcher] = exchange.wallet.watchers;
  // 1000 users with deposit addresses (rows written directly: signing up is not what is measured).
  const ids = await insertBareUsers(exchange.db.kysely, WATCHED, 'watched');
  const addresses: string[] = [];
  for (const id of ids) addresses.push(await exchange.wallet.addresses.addressOf(id, erc20));
  await ticks();

  // Scanning: 1000 empty blocks.
  await control.mine({ blocks: 1000 });
  let started = process.hrtime.bigint();
  await erc20Watcher!.tick();
  results.erc20_blocks_scanned_per_s = Math.round(1000 / elapsed(started));
  started = process.hrtime.bigint();
  await ethWatcher!.tick();
  results.eth_blocks_scanned_per_s = Math.round(1000 / elapsed(started));

  // One block with 100 token deposits: from mined to every balance credited.
  const funder = privateKeyToAccount(devWallet().funder_private_key);
  const wallet = createWalletClient({ account: funder, chain: foundry, transport: http(node.rpcUrl) });
  const abi = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);
  await control.setAutomine(false);
  const nonce = await publicClient.getTransactionCount({ address: funder.address, blockTag: 'pending' });
  for (let i = 0; i < 100; i += 1) {
    await wallet.writeContract({
      address: exchange.wallet.devChain!.tokenAddress,
      abi,
      functionName: 'transfer',
      args: [getAddress(addresses[i]!), 5_000_000n],
      nonce: nonce + i,
      gas: 90_000n,
    });
  }
  await control.mine({ blocks: 1 });
  await control.setAutomine(true);
  started = process.hrtime.bigint();
  await erc20Watcher!.tick();
  results.block_of_100_deposits_to_credited_ms = Math.round(elapsed(started) * 1000);
  const credited = await exchange.db.kysely
    .selectFrom('deposits')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'credited')
    .executeTakeFirstOrThrow();
  results.deposits_credited = Number(credited.n);

  // The console's chain check: what the hot wallet and every deposit address hold (1000 + hot).
  const check = new WalletService(
    exchange.db.kysely,
    exchange.wallet,
    exchange.currencies,
    exchange.users,
    exchange.clock,
    'UTC',
  );
  started = process.hrtime.bigint();
  await check.holdings();
  results.chain_check_1000_addresses_ms = Math.round(elapsed(started) * 1000);

  // Announced deposits (createPayOrder): 250 users with 20 waiting each, 5000 in all (rows written
  // directly, as many as the one user made in 70 s). A watcher pass with no new block, then
  // one with a deposit that matches one of them.
  const now = Date.now();
  const waiting = Array.from({ length: WAITING_PAY_ORDERS }, (_, i) => ({
    user_id: ids[i % 250]!,
    currency_id: 1,
    protocol_id: erc20.id,
    address: addresses[i % 250]!,
    amount: `${100 + Math.floor(i / 250)}`,
    deposit_id: null,
    created_at: now,
    expires_at: now + 24 * 60 * 60 * 1000,
  }));
  for (let i = 0; i < waiting.length; i += 500) {
    await exchange.db.kysely
      .insertInto('pay_orders')
      .values(waiting.slice(i, i + 500))
      .execute();
  }
  await erc20Watcher!.tick(); // the first pass after a start also looks at every waiting one
  started = process.hrtime.bigint();
  for (let i = 0; i < 10; i += 1) await erc20Watcher!.tick();
  results.watcher_pass_5000_waiting_pay_orders_ms = Math.round((elapsed(started) * 1000) / 10);
  const paid = await wallet.writeContract({
    address: exchange.wallet.devChain!.tokenAddress,
    abi,
    functionName: 'transfer',
    args: [getAddress(addresses[7]!), 119_000_000n],
    gas: 90_000n,
  });
  await publicClient.waitForTransactionReceipt({ hash: paid });
  started = process.hrtime.bigint();
  await erc20Watcher!.tick();
  results.watcher_pass_with_a_deposit_5000_waiting_pay_orders_ms = Math.round(elapsed(started) * 1000);
  const matched = await exchange.db.kysely
    .selectFrom('pay_orders')
    .select(['user_id', 'amount'])
    .where('deposit_id', 'is not', null)
    .execute();
  results.pay_orders_matched = matched.map((row) => `${row.user_id}:${Number(row.amount)}`).join(',');
  // The two ways of matching, alone: every waiting intent (what each pass did before intents were
  // matched by deposit; now only the first pass after a start), and the deposits one pass changed.
  const deposit = await exchange.db.kysely
    .selectFrom('pay_orders')
    .select('deposit_id')
    .where('deposit_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const unmatch = () =>
    exchange.db.kysely
      .updateTable('pay_orders')
      .set({ deposit_id: null })
      .where('deposit_id', 'is not', null)
      .execute();
  await unmatch();
  started = process.hrtime.bigint();
  await exchange.wallet.payOrders.matchWaiting();
  results.match_every_waiting_pay_order_ms = Math.round(elapsed(started) * 1000);
  await unmatch();
  started = process.hrtime.bigint();
  await exchange.wallet.payOrders.matchDeposits([deposit.deposit_id!]);
  results.match_one_arrived_deposit_ms = Math.round(elapsed(started) * 1000 * 10) / 10;

  // Withdrawals, review-free: from queued to signed and accepted by the node.
  const alice = await exchange.users.resolveUserId('alice@demo.test');
  await exchange.db.kysely
    .updateTable('users')
    .set({
      pay_password_hash: (
        await exchange.db.kysely
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', alice)
          .executeTakeFirstOrThrow()
      ).password_hash,
    })
    .where('id', '=', alice)
    .execute();
  const count = 100;
  for (let i = 0; i < count; i += 1) {
    await exchange.wallet.withdrawals.request(alice, {
      currency_id: 1,
      currency_protocol_id: erc20.id,
      number: '20',
      address: `0x${(0xbe0000 + i).toString(16).padStart(40, '0')}`,
      memo: '',
      pay_password: 'demo1234',
    });
  }
  started = process.hrtime.bigint();
  await exchange.wallet.sender.tick();
  results.withdrawals_sent_per_s = Math.round(count / elapsed(started));
  const sent = await exchange.db.kysely
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'sent')
    .executeTakeFirstOrThrow();
  results.withdrawals_sent = Number(sent.n);
} finally {
  await exchange.close();
  await node.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(results);
writeFileSync(new URL('./results/wallet.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
