import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect as natsConnect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FORWARDED_BODY, signerSubject, subjectsOf, watcherSubjects } from '../src/cluster/bus-rules.js';
import { startGateway, type Gateway } from '../src/cluster/gateway.js';
import { natsConnectOptions, type NatsRole } from '../src/cluster/nats-access.js';
import { devWallet } from '../src/demo/dev-chain.js';
import { serverPath } from '../src/lib/paths.js';
import { NatsSigner } from '../src/wallet/nats-signer.js';
import { BusDepositTransitions } from '../src/wallet/watcher-bus.js';
import { budget } from './helpers/budget.js';
import { DOT, DOT_USDT, trader } from './helpers/ledger.js';
import { killHard, spawnUntilSaid } from './helpers/child-server.js';
import { ApiClient } from './helpers/client.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { natsForTests, startNatsWithUsers, type NatsWithUsers } from './helpers/nats.js';
import { noisePng, uploadFile } from './helpers/uploads.js';
import { connect as liveConnect } from './helpers/ws.js';

// Debian's nats-server, which the machine runs and `.ci/run` starts where it is down.
const natsUp = await natsForTests('nats-access.test.ts');
const prefix = `oex-acl-${randomBytes(4).toString('hex')}`;
const subjects = subjectsOf(prefix);
const watchers = watcherSubjects(prefix);

let nats: NatsWithUsers;
const opened: NatsConnection[] = [];

/** A bare connection as a process of `role` (its user, its inboxes). */
async function as(role: NatsRole): Promise<NatsConnection> {
  const nc = await natsConnect(natsConnectOptions(nats.urlOf(role), role, `test-${role}`));
  opened.push(nc);
  return nc;
}

/**
 * Whether a message `sender` publishes on `subject` reaches a subscriber there of `listener`'s. A
 * refused publish is dropped by the server, which answers the sender's flush after it; the wait
 * after gives a delivered one time to arrive.
 */
async function reaches(sender: NatsRole, subject: string, listener: NatsRole): Promise<boolean> {
  const [from, to] = [await as(sender), await as(listener)];
  let got = 0;
  // A refused subscription's callback is given the server's error, not a message.
  to.subscribe(subject, { callback: (error) => (got += error ? 0 : 1) });
  await to.flush();
  from.publish(subject, new TextEncoder().encode('{}'));
  await from.flush().catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 150));
  await Promise.all([from.close(), to.close()]);
  return got > 0;
}

describe.skipIf(!natsUp)('who may say what on NATS (one user per kind of process)', () => {
  beforeAll(async () => {
    nats = await startNatsWithUsers(prefix);
  }, budget(20_000));
  afterAll(async () => {
    await Promise.all(opened.map((nc) => nc.close().catch(() => undefined)));
    await nats?.stop();
  });

  it('refuses a connection without a user, or with a wrong password', async () => {
    await expect(natsConnect({ servers: nats.url })).rejects.toThrow(/authorization/i);
    const wrong = nats.urlOf('gateway').replace(/:p[0-9a-f]+@/, ':pwrong@');
    await expect(natsConnect(natsConnectOptions(wrong, 'gateway', 'test'))).rejects.toThrow(/authorization/i);
  });

  it("a gateway's user cannot ask the signer, tell the core a deposit moved, nor read another role's subjects", async () => {
    // The attacker's: a gateway faces the internet. What its credentials could move, if it got them.
    expect(await reaches('gateway', signerSubject(prefix), 'signer')).toBe(false);
    expect(await reaches('gateway', watchers.transition, 'core')).toBe(false);
    expect(await reaches('gateway', watchers.changed, 'core')).toBe(false);
    expect(await reaches('core', signerSubject(prefix), 'gateway')).toBe(false);
    // What it is there for reaches the core.
    expect(await reaches('gateway', subjects.http, 'core')).toBe(true);
    expect(await reaches('core', subjects.frames, 'gateway')).toBe(true);
  });

  it("a gateway's user cannot read the core's answers from the signer", async () => {
    const [core, signer, snoop] = [await as('core'), await as('signer'), await as('gateway')];
    signer.subscribe(signerSubject(prefix), { callback: (_error, msg) => msg.respond(msg.data) });
    let seen = 0;
    snoop.subscribe('_INBOX_core.>', { callback: (error) => (seen += error ? 0 : 1) });
    snoop.subscribe('>', { callback: (error) => (seen += error ? 0 : 1) });
    await Promise.all([signer.flush(), snoop.flush()]);
    const answer = await core.request(signerSubject(prefix), new TextEncoder().encode('"secret"'), {
      timeout: 2000,
    });
    expect(new TextDecoder().decode(answer.data)).toBe('"secret"');
    await snoop.flush();
    expect(seen).toBe(0);
    await Promise.all([core.close(), signer.close(), snoop.close()]);
  });

  it('the watchers may only tell the core about deposits; the signer may only answer', async () => {
    expect(await reaches('watchers', watchers.transition, 'core')).toBe(true);
    expect(await reaches('watchers', subjects.http, 'core')).toBe(false);
    expect(await reaches('watchers', signerSubject(prefix), 'signer')).toBe(false);
    expect(await reaches('signer', subjects.frames, 'gateway')).toBe(false);
    expect(await reaches('signer', watchers.transition, 'core')).toBe(false);
    expect(await reaches('core', signerSubject(prefix), 'signer')).toBe(true);
  });

  describe('the processes, each as its own user', () => {
    let core: TestExchange;
    let gateway: Gateway;
    const running = new Set<ChildProcess>();

    beforeAll(async () => {
      core = await startTestExchange({
        natsUrl: nats.urlOf('core'),
        natsPrefix: prefix,
        chainWatchers: 'bus',
      });
      gateway = await startGateway({
        natsUrl: nats.urlOf('gateway'),
        prefix,
        port: 0,
        host: '127.0.0.1',
        logLevel: 'silent',
      });
    }, budget(60_000));
    afterAll(async () => {
      // Nothing a process of ours did was refused (a refusal its caller does not see, too).
      expect(nats.refusalsOfOurs()).toEqual([]);
      for (const child of running) await killHard(child);
      await gateway?.close();
      await core?.stop();
    }, budget(30_000));

    it('a gateway forwards calls, carries the live feed and stores a large body in JetStream', async () => {
      const api = new ApiClient(gateway.url);
      const user = await trader({ api, ledger: core.ledger }, [[DOT, '1']]);
      const live = await liveConnect(gateway.url);
      live.send('sub', 'MARKET_DEPTH.DOT/USDT');
      await live.next('sub');
      const placed = await api.post(
        'tx_out/add',
        { currency_match_id: DOT_USDT, number: '1', price: '50' },
        { token: user.token },
      );
      expect(placed.body).toMatchObject({ code: 1 });
      // The core's push reached the gateway's socket.
      await live.next('MARKET_DEPTH.DOT/USDT');
      const noise = await noisePng();
      expect(noise.length).toBeGreaterThan(MAX_FORWARDED_BODY);
      const uploaded = await uploadFile(gateway.url, user.token, noise, 'noise.png', 'image/png').catch(
        (error: Error) => {
          throw new Error(`${error.message}; nats-server said: ${nats.said()}`);
        },
      );
      expect(uploaded.body, uploaded.body.msg).toMatchObject({ code: 1, data: { id: expect.any(Number) } });
      // The stored image comes back through the gateway, by the store too (past one message).
      const image = await fetch(`${gateway.url}/api/common/image/${uploaded.body.data!.id}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(image.status).toBe(200);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(MAX_FORWARDED_BODY);
      live.socket.close();
    });

    it('the watchers tell the core; the core takes the keys from the signer; a gateway asking the signer gets no answer', async () => {
      const transitions = await BusDepositTransitions.connect(nats.urlOf('watchers'), prefix);
      await transitions.changed([]);
      await transitions.close();

      await spawnUntilSaid(
        ['--import', 'tsx', serverPath('src/wallet/signer-service.ts')],
        {
          WALLET_MNEMONIC: devWallet().exchange_mnemonic,
          NATS_URL: nats.urlOf('signer'),
          NATS_PREFIX: prefix,
        },
        'signer answering',
        running,
      );
      const signer = await NatsSigner.start(nats.urlOf('core'), prefix);
      expect(signer.keys().xpubs.evm).toMatch(/^xpub/);
      await signer.stop();

      const attacker = await as('gateway');
      const request = JSON.stringify({ id: 1, method: 'keys' });
      await expect(
        attacker.request(signerSubject(prefix), new TextEncoder().encode(request), { timeout: 1000 }),
      ).rejects.toThrow();
    });
  });
});
