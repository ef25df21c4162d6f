import type { ChildProcess } from 'node:child_process';
import { Decimal, type Paged, type WithdrawalView } from '@oex/protocol';
import { createPublicClient, createWalletClient, getAddress, http, parseAbi, type TestClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnvilNode } from '../src/demo/anvil.js';
import { devWallet } from '../src/demo/dev-chain.js';
import { depositXpub, evmDepositAddress, rootFromMnemonic } from '../src/chains/keys.js';
import { connect, type Db } from '../src/db/connect.js';
import { auditLedger } from '../src/ledger/audit.js';
import { replayOnScratch } from '../src/ledger/journal-scratch.js';
import { testChain, tokensAt } from './helpers/chain.js';
import { killHard, startServer } from './helpers/child-server.js';
import type { ApiClient } from './helpers/client.js';
import { freshDatabase } from './helpers/exchange.js';
import { USDT } from './helpers/ledger.js';
import { insertBareUsers, login } from './helpers/users.js';
import { budget } from './helpers/budget.js';

const ERC20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
]);
const PAY = 'Trade-Harbor-77';

let node: AnvilNode;
let control: TestClient;
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  ({ node, control } = await testChain());
  database = await freshDatabase();
}, budget(60_000));
afterAll(async () => {
  await node?.stop();
  await database?.drop();
});

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) await killHard(child);
});

async function serve() {
  const started = await startServer(database.url, {
    EVM_RPC_URL: node.rpcUrl,
    CHAIN_POLL_MS: '50',
    CODE_RATE_LIMIT: '100000',
    SECRET_GUESS_LIMIT: '100000',
  });
  children.push(started.child);
  return started;
}

async function tokenAddress(): Promise<`0x${string}`> {
  const db = connect(database.url);
  try {
    const row = await db.kysely
      .selectFrom('currency_protocols')
      .select('token_address')
      .where('chain', '=', 'ERC20')
      .executeTakeFirstOrThrow();
    return row.token_address as `0x${string}`;
  } finally {
    await db.close();
  }
}

async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
  const db = connect(database.url);
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** Rows of a wallet table, of the given states (any state without). */
function countRows(table: 'deposits' | 'withdrawals', states: string[] = []): Promise<number> {
  return withDb(async (db) => {
    let query = db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    if (states.length > 0) query = query.where('status', 'in', states);
    return Number((await query.executeTakeFirstOrThrow()).n);
  });
}

async function setPayPassword(api: ApiClient, email: string, token: string): Promise<void> {
  await api.post('notify/send_email', { to: email, type: 3 }, { token });
  const code = await api.latestCode(email);
  const set = await api.post(
    'user/amend_pay_password',
    { password: PAY, re_password: PAY, auth_code: code },
    { token },
  );
  expect(set.body.code, set.body.msg).toBe(1);
}

describe('kill -9 on a real chain', () => {
  it(
    '100 deposits in one block are credited exactly once though the server is killed while scanning them',
    { timeout: budget(240_000) },
    async () => {
      // A first start migrates and seeds the database; then 100 users with their deposit addresses
      // are written directly (signing up 100 users is not what this test is about), derived from
      // the demo wallet's xpub exactly as the server derives them.
      let { child } = await serve();
      // The watcher's first pass records the head it starts from; killed before that, the next
      // start would begin at the block this test is about to mine and never scan it.
      const watching = Date.now() + 60_000;
      while (Date.now() < watching) {
        const rows = await withDb((db) => db.kysely.selectFrom('chain_blocks').select('height').execute());
        if (rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await killHard(child);
      const xpub = depositXpub(rootFromMnemonic(devWallet().exchange_mnemonic), 'evm');
      const users = await withDb(async (db) => {
        const now = Date.now();
        const ids = await insertBareUsers(db.kysely, 100, 'deposit');
        const list = ids.map((id) => ({ id, address: evmDepositAddress(xpub, id).toLowerCase() }));
        await db.kysely
          .insertInto('deposit_addresses')
          .values(
            list.map(({ id, address }) => ({
              user_id: id,
              family: 'evm',
              derivation_index: id,
              address,
              memo: '',
              created_at: now,
            })),
          )
          .execute();
        return list;
      });
      // One block with 100 transfers, paid from the dev chain's funded account as a wallet would.
      const token = await tokenAddress();
      const funder = privateKeyToAccount(devWallet().funder_private_key);
      const wallet = createWalletClient({ account: funder, chain: foundry, transport: http(node.rpcUrl) });
      await control.setAutomine(false);
      const nonce = await createPublicClient({ transport: http(node.rpcUrl) }).getTransactionCount({
        address: funder.address,
        blockTag: 'pending',
      });
      for (const [i, user] of users.entries()) {
        await wallet.writeContract({
          address: token,
          abi: ERC20,
          functionName: 'transfer',
          args: [getAddress(user.address), BigInt(10 + i) * 1_000_000n],
          nonce: nonce + i,
          gas: 90_000n,
        });
      }
      await control.mine({ blocks: 1 });
      await control.setAutomine(true);

      // Start, and kill -9 as soon as the watcher has stored some of the block's deposits.
      ({ child } = await serve());
      let seenAtKill = 0;
      // By the clock, not by a count of polls: on a loaded machine the scan starts later.
      const deadline = Date.now() + 60_000;
      while (seenAtKill === 0 && Date.now() < deadline) {
        seenAtKill = await countRows('deposits');
        if (seenAtKill === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await killHard(child);
      const creditedAtKill = await countRows('deposits', ['credited']);
      console.warn(`killed with ${seenAtKill} deposits stored, ${creditedAtKill} credited`);
      expect(seenAtKill).toBeGreaterThan(0);

      ({ child } = await serve());
      try {
        await expect.poll(() => countRows('deposits', ['credited']), { timeout: budget(60_000) }).toBe(100);
        const balances = await withDb((db) =>
          db.kysely
            .selectFrom('accounts')
            .select(['user_id', 'balance'])
            .where('currency_id', '=', USDT)
            .where('account_type_id', '=', 1)
            .where(
              'user_id',
              'in',
              users.map((user) => user.id),
            )
            .execute(),
        );
        const byUser = new Map(
          balances.map((row) => [row.user_id, Decimal.parse(String(row.balance)).toString()]),
        );
        for (const [i, user] of users.entries()) expect(byUser.get(user.id), `user ${i}`).toBe(`${10 + i}`);
        expect((await withDb((db) => auditLedger(db.kysely))).problems).toEqual([]);
        expect((await withDb(replayOnScratch)).differences).toEqual([]);
      } finally {
        await killHard(child);
      }
    },
  );

  it(
    'withdrawals are paid exactly once though the server is killed -9 while sending them',
    { timeout: budget(240_000) },
    async () => {
      let { child, api } = await serve();
      const email = 'alice@demo.test';
      let token = await login(api, email, 'demo1234');
      await setPayPassword(api, email, token);
      const chainToken = await tokenAddress();
      const asked: { id: number; address: string; received: string }[] = [];
      let signedAtKill = 0;
      for (let round = 0; round < 6; round += 1) {
        for (let i = 0; i < 3; i += 1) {
          const n = asked.length;
          const address = `0x${(0xc0ffee000 + n).toString(16).padStart(40, '0')}`;
          const answer = await api.post<WithdrawalView>(
            'account/draw',
            {
              currency_id: USDT,
              currency_protocol_id: 1,
              number: `${20 + n}`,
              address,
              pay_password: PAY,
              request_id: `crash-${n}`,
            },
            { token },
          );
          expect(answer.body.code, answer.body.msg).toBe(1);
          asked.push({ id: answer.body.data!.id, address, received: answer.body.data!.received });
        }
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
        await killHard(child);
        signedAtKill += await countRows('withdrawals', ['signed', 'queued']);
        ({ child, api } = await serve());
        token = await login(api, email, 'demo1234');
      }
      console.warn(
        `${asked.length} withdrawals; ${signedAtKill} were queued or signed but not acknowledged at a kill`,
      );
      try {
        // Blocks keep coming, as on a live chain, so late sends reach their confirmations too. What
        // is still open is named, so a stuck withdrawal says where it stopped.
        await expect
          .poll(
            async () => {
              await control.mine({ blocks: 1 });
              const list = await api.get<Paged<WithdrawalView>>(
                'wallet/withdrawals',
                { limit: 100 },
                { token },
              );
              return list.body
                .data!.data.filter((w) => w.status !== 'complete')
                .map((w) => `${w.id} ${w.status} ${w.tx_hash ?? ''} ${w.reason ?? ''}`);
            },
            { timeout: budget(60_000), interval: 300 },
          )
          .toEqual([]);
        for (const withdrawal of asked) {
          const units = BigInt(Math.round(Number(withdrawal.received) * 1e6));
          expect(
            await tokensAt(node.rpcUrl, chainToken, withdrawal.address),
            `withdrawal ${withdrawal.id}`,
          ).toBe(units);
        }
        expect((await withDb((db) => auditLedger(db.kysely))).problems).toEqual([]);
        expect((await withDb(replayOnScratch)).differences).toEqual([]);
      } finally {
        await killHard(child);
      }
    },
  );
});
