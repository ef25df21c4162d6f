import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Decimal, type WalletAnswer } from '@oex/protocol';
import { connect as natsConnect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import type { ReadyReport } from '../src/platform/readiness.js';
import { watcherSubjects } from '../src/cluster/bus-rules.js';
import { BusDepositTransitions } from '../src/wallet/watcher-bus.js';
import { budget } from './helpers/budget.js';
import { builtEntry } from './helpers/build.js';
import { testChain } from './helpers/chain.js';
import { freePort, killHard, spawnUntilSaid } from './helpers/child-server.js';
import { startTestExchange } from './helpers/exchange.js';
import { balanceOf, USDT } from './helpers/ledger.js';
import { NATS_URL, natsForTests } from './helpers/nats.js';
import { signUp } from './helpers/users.js';
import { signedIn } from './helpers/ws.js';

const natsUp = await natsForTests('watchers-process.test.ts');
const prefix = `oex-watchers-${randomBytes(4).toString('hex')}`;
const WATCHERS = builtEntry('watchers-main');
const running = new Set<ChildProcess>();

/** `npm run watchers` from the bundle, on this run's subjects: ready once it says it watches. */
function startWatchers(databaseUrl: string, rpcUrl: string, metricsPort?: number): Promise<ChildProcess> {
  const env = { DATABASE_URL: databaseUrl, NATS_URL, NATS_PREFIX: prefix, EVM_RPC_URL: rpcUrl };
  const metrics: Record<string, string> = metricsPort ? { METRICS_PORT: String(metricsPort) } : {};
  return spawnUntilSaid(
    [WATCHERS],
    { ...env, ...metrics, CHAIN_POLL_MS: '200', DEMO: '0', LOG_LEVEL: 'warn' },
    'watchers watching',
    running,
  );
}

async function until(check: () => Promise<boolean>, ms = budget(20_000)): Promise<void> {
  for (const start = Date.now(); !(await check());) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterAll(async () => {
  await Promise.all([...running].map(killHard));
});

describe.skipIf(!natsUp)('the deposit watchers as a process of their own (CHAIN_WATCHERS=bus)', () => {
  it(
    'a deposit seen by the watchers process is credited once by the core, live to its owner; a kill -9 and a repeated ask change nothing',
    async () => {
      const { node, control } = await testChain();
      const exchange = await startTestExchange({
        evmRpcUrl: node.rpcUrl,
        chainWatchers: 'bus',
        natsUrl: NATS_URL,
        natsPrefix: prefix,
      });
      const metricsPort = await freePort();
      let watchers = await startWatchers(exchange.config.databaseUrl, node.rpcUrl, metricsPort);
      const asker = await BusDepositTransitions.connect(NATS_URL, prefix);
      try {
        // The core watches nothing itself.
        expect(exchange.wallet.watchers).toHaveLength(0);
        const user = await signUp(exchange.api);
        const live = await signedIn(exchange.url, user.token, ['WALLET']);
        const wallet = await exchange.api.get<WalletAnswer>(
          'wallet/wallet',
          { currency_id: USDT },
          { token: user.token },
        );
        // An address given out after the watchers started: they read it from the database.
        const address = wallet.body.data!.wallets[0]!.address;
        await exchange.api.post('dev/chain/send', { address, amount: '50', currency: 'USDT' });
        const deposit = () =>
          exchange.db.kysely.selectFrom('deposits').selectAll().where('user_id', '=', user.id).execute();
        await until(async () => (await deposit())[0]?.status === 'credited');
        expect(await balanceOf(exchange.api, user.token, USDT)).toBe('50');
        // The core told its owner, from the list the watchers sent it.
        await until(async () => live.frames.some((frame) => frame.type === 'WALLET'));
        // Its readiness shows the network watched, as the watchers report it, not `off`.
        const chains = async () =>
          (await exchange.api.get<ReadyReport>('ready')).body.data!.chains.find(
            (chain) => chain.network === 'USDT-ERC20',
          );
        await until(async () => (await chains())?.state === 'ok');
        expect((await chains())!.blocks_behind).toBe(0);
        // And its own /metrics shows the same, with the process's figures.
        const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        expect(scraped).toContain('oex_chain_watcher_blocks_behind{network="USDT-ERC20"} 0');
        expect(scraped).toContain('oex_chain_watcher_failures_in_row{network="USDT-ERC20"} 0');
        expect(scraped).toContain('oex_process_resident_memory_bytes');

        // Asked with another amount than the stored deposit's: refused, and nothing moves.
        const credited = (await deposit())[0]!;
        const inflated = {
          id: credited.id,
          userId: user.id,
          currencyId: USDT,
          amount: Decimal.parse('5000'),
        };
        await expect(asker.transition(inflated, 'credited', 'confirmed', 6)).rejects.toThrow(
          /of another amount/,
        );
        expect((await deposit())[0]!.status).toBe('credited');
        expect(await balanceOf(exchange.api, user.token, USDT)).toBe('50');

        // Killed mid-way: the deposit is confirmed by the next process, and credited only once.
        await killHard(watchers);
        await control.mine({ blocks: 6 });
        watchers = await startWatchers(exchange.config.databaseUrl, node.rpcUrl);
        await until(async () => (await deposit())[0]?.status === 'confirmed');
        const [row] = await deposit();
        expect(await deposit()).toHaveLength(1);

        // An answer lost on the way makes the watchers ask again: the repeat credits nothing.
        const ref = { id: row!.id, userId: user.id, currencyId: USDT, amount: Decimal.parse('50') };
        expect(await asker.transition(ref, 'pending', 'credited', 1)).toBe(false);
        expect(await balanceOf(exchange.api, user.token, USDT)).toBe('50');

        // A final deposit is not moved through the bus, not even back: refused, nothing moves.
        await expect(asker.transition(ref, 'confirmed', 'reversed', 0)).rejects.toThrow(/is final/);
        expect((await deposit())[0]!.status).toBe('confirmed');
        expect(await balanceOf(exchange.api, user.token, USDT)).toBe('50');

        // Anything but a deposit change is refused, and nothing moves.
        const bus = await natsConnect({ servers: NATS_URL });
        const junk = await bus.request(
          watcherSubjects(prefix).transition,
          new TextEncoder().encode(JSON.stringify({ deposit: { id: row!.id }, from: 'pending' })),
          { timeout: 5_000 },
        );
        expect(JSON.parse(new TextDecoder().decode(junk.data))).toEqual({
          ok: false,
          error: 'not a deposit change',
        });
        await bus.close();
        expect(await balanceOf(exchange.api, user.token, USDT)).toBe('50');
        expect((await auditLedger(exchange.db.kysely)).problems).toEqual([]);
        live.socket.close();
      } finally {
        await asker.close();
        await killHard(watchers);
        await exchange.stop();
        await node.stop();
      }
    },
    budget(90_000),
  );
});
