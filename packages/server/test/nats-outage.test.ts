import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../src/cluster/gateway.js';
import { budget } from './helpers/budget.js';
import { freePort, killHard } from './helpers/child-server.js';
import { ApiClient } from './helpers/client.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DOT, DOT_USDT, SPOT } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';
import { connect } from './helpers/ws.js';

/*
 * NATS itself going down under a core and a gateway (docs/operations.md, "What happens when"): a
 * NATS server of this file's own, killed and started again on the same port.
 */

const NATS_SERVER = '/usr/sbin/nats-server';
const haveServer = existsSync(NATS_SERVER);
if (!haveServer && process.env.CI)
  throw new Error(`${NATS_SERVER} is missing: CI must install NATS (.ci/run)`);
if (!haveServer) console.warn(`nats-outage.test.ts skipped: no ${NATS_SERVER}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!haveServer)('NATS down and back under a core and a gateway', () => {
  let port: number;
  let nats: ChildProcess | undefined;
  let core: TestExchange;
  let gateway: Gateway;

  async function startNats(): Promise<void> {
    nats = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    // Up once it takes a connection.
    for (const since = Date.now(); Date.now() - since < budget(10_000); await sleep(50)) {
      const up = await fetch(`http://127.0.0.1:${port}`).then(
        () => true,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED',
      );
      if (up) return;
    }
    throw new Error('nats-server did not start');
  }

  beforeAll(async () => {
    port = await freePort();
    await startNats();
    const natsUrl = `nats://127.0.0.1:${port}`;
    core = await startTestExchange({ natsUrl, natsPrefix: 'outage' });
    gateway = await startGateway({
      natsUrl,
      prefix: 'outage',
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      noCoreWaitMs: 1000,
      forwardTimeoutMs: 1500,
      heartbeatMs: 300,
    });
  }, budget(60_000));

  afterAll(async () => {
    await gateway?.close().catch(() => undefined);
    await core?.stop();
    if (nats) await killHard(nats);
  }, budget(30_000));

  it(
    'answers errors while NATS is gone, never hangs, and serves again, pushes included, once it is back',
    async () => {
      const api = new ApiClient(gateway.url);
      expect((await api.get('market/currency_matches')).status).toBe(200);
      const user = await signUp(api);
      const watcher = await connect(gateway.url);
      watcher.send('sub', 'MARKET_DEPTH.DOT/USDT');
      await watcher.next('sub');

      await killHard(nats!);
      const started = Date.now();
      const during = await fetch(`${gateway.url}/api/market/currency_matches`, {
        signal: AbortSignal.timeout(budget(10_000)),
      });
      // 502, 503 or 504 as the client library reports the outage: an answer, in the gateway's bounds.
      expect([502, 503, 504]).toContain(during.status);
      expect(Date.now() - started).toBeLessThan(budget(5_000));
      // The core's own port goes on meanwhile.
      expect((await core.api.get('market/currency_matches')).status).toBe(200);

      await startNats();
      await expect
        .poll(async () => (await api.get('market/currency_matches')).status, {
          timeout: budget(20_000),
          interval: 250,
        })
        .toBe(200);
      // Writes and pushes too: an order through the gateway reaches the socket subscribed before.
      await core.ledger.credit(user.id, SPOT, DOT, '1');
      await expect
        .poll(
          async () =>
            (
              await api.post(
                'tx_out/add',
                { currency_match_id: DOT_USDT, number: '1', price: '77' },
                { token: user.token },
              )
            ).body.code,
          { timeout: budget(10_000), interval: 500 },
        )
        .toBe(1);
      // The push of the order at 77 (the core also pushed the depth when the gateway began to listen).
      await watcher.nextMatching('MARKET_DEPTH.DOT/USDT', (frame) =>
        JSON.stringify(frame.params).includes('77'),
      );
      watcher.socket.close();
    },
    budget(60_000),
  );
});
