import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { connect as natsConnect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startExchange, type Exchange } from '../src/app.js';
import {
  bodiesBucketOf,
  decodeRequest,
  MAX_FORWARDED_BODY,
  MAX_STORED_BODY,
  subjectsOf,
} from '../src/cluster/bus-rules.js';
import { firstSeqOf } from '../src/cluster/lease-rules.js';
import { startGateway, type Gateway, type GatewayOptions } from '../src/cluster/gateway.js';
import { OrderStatus } from '../src/spot/orders.js';
import { budget } from './helpers/budget.js';
import { noisePng, uploadFile } from './helpers/uploads.js';
import { sample, scrape } from './helpers/metrics.js';
import { ApiClient } from './helpers/client.js';
import { NATS_URL, natsForTests } from './helpers/nats.js';
import { onPgServer } from './helpers/db-template.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DOT, DOT_USDT, SPOT, TRX, TRX_USDT, USDT, trader } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';
import { connect, signedIn, type Frame } from './helpers/ws.js';

const natsUp = await natsForTests('gateway.test.ts');

/** This run's own subjects: parallel test files never see each other's traffic. */
const prefix = `t${randomBytes(6).toString('hex')}`;
/** The per-address limit on sign-in calls at the core, low enough to reach in a test. */
const AUTH_LIMIT = 20;

let core: TestExchange;
/** The core running now: the first, or the one started again after it was stopped. */
let current: Exchange;
let gatewayA: Gateway;
let gatewayB: Gateway;
let apiA: ApiClient;
let apiB: ApiClient;
let bus: NatsConnection;

/** A gateway of this run's subjects on a free loopback port, quiet; `options` as the test needs. */
function testGateway(options: Partial<GatewayOptions> = {}): Promise<Gateway> {
  return startGateway({
    natsUrl: NATS_URL,
    prefix,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    ...options,
  });
}

/** A raw WebSocket client: each JSON message it got, and a wait for the next one that fits. */
async function rawSocket(url: string) {
  const socket = new WebSocket(url);
  const frames: Record<string, unknown>[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    closed,
    async next(test: (frame: Record<string, unknown>) => boolean) {
      for (
        const since = Date.now();
        Date.now() - since < budget(5_000);
        await new Promise((r) => setTimeout(r, 20))
      ) {
        const index = frames.findIndex(test);
        if (index >= 0) return frames.splice(index, 1)[0]!;
      }
      throw new Error(`no such message; got ${JSON.stringify(frames.slice(-3))}`);
    },
  };
}

/** A new user with 1 DOT asks it at `price` through `api`: a change of the DOT/USDT depth. */
async function askOneDot(api: ApiClient, exchange: Exchange, price: string): Promise<void> {
  const user = await trader({ api, ledger: exchange.ledger }, [[DOT, '1']]);
  const placed = await api.post(
    'tx_out/add',
    { currency_match_id: DOT_USDT, number: '1', price },
    { token: user.token },
  );
  expect(placed.body).toMatchObject({ code: 1 });
}

describe.skipIf(!natsUp)('gateways over NATS', () => {
  beforeAll(async () => {
    // The per-address limit under test is the sign-in calls' own, not the wrong-password lockout.
    core = await startTestExchange({
      natsUrl: NATS_URL,
      natsPrefix: prefix,
      authRateLimit: AUTH_LIMIT,
      maxPasswordFailures: 1000,
    });
    current = core;
    gatewayA = await testGateway({
      id: 'gw-a',
      noCoreWaitMs: 1500,
      heartbeatMs: 500,
      metrics: { port: 0, host: '127.0.0.1' },
    });
    // B takes the client's address from X-Forwarded-For, as behind a load balancer.
    gatewayB = await testGateway({ id: 'gw-b', heartbeatMs: 500, trustProxy: true });
    apiA = new ApiClient(gatewayA.url);
    apiB = new ApiClient(gatewayB.url);
    bus = await natsConnect({ servers: NATS_URL });
  }, budget(60_000));

  afterAll(async () => {
    // This run's bucket of large bodies goes with it.
    await bus
      ?.jetstream()
      .views.os(bodiesBucketOf(prefix))
      .then((store) => store.destroy())
      .catch(() => undefined);
    await bus?.close();
    await gatewayA?.close();
    await gatewayB?.close();
    await current?.close();
    const url = core?.config.databaseUrl;
    if (url?.startsWith('sqlite:'))
      rmSync(dirname(url.slice('sqlite:'.length)), { recursive: true, force: true });
    else if (url && process.env.TEST_PG_URL) {
      await onPgServer(
        process.env.TEST_PG_URL,
        `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`,
      );
    }
  }, budget(30_000));

  it('answers its own health, with its id', async () => {
    const health = await fetch(`${gatewayA.url}/api/health`);
    expect(await health.json()).toMatchObject({ code: 1, data: { status: 'gateway', id: 'gw-a' } });
    const elsewhere = await fetch(`${gatewayA.url}/index.html`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ code: 0 });
  });

  it(
    'registers, signs in, places and cancels through the gateways; private pushes reach their owner on the other gateway only',
    async () => {
      // Registration reads the code from the dev mailbox: both calls go through gateway A.
      const seller = await signUp(apiA);
      const other = await signUp(apiB);
      await core.ledger.credit(seller.id, SPOT, DOT, '100');
      await core.ledger.credit(other.id, SPOT, USDT, '100');
      const sellerOnB = await signedIn(gatewayB.url, seller.token, ['ORDER', 'BALANCE']);
      const otherOnB = await signedIn(gatewayB.url, other.token, ['ORDER', 'BALANCE']);
      const otherOnA = await signedIn(gatewayA.url, other.token, ['ORDER', 'BALANCE']);

      const placed = await apiA.post<{ id: number }>(
        'tx_out/add',
        { currency_match_id: DOT_USDT, number: '3', price: '9.5' },
        { token: seller.token },
      );
      expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ code: 1 });
      const id = placed.body.data!.id;
      // The answer came after the core committed: the order is in the database.
      const row = await core.db.kysely
        .selectFrom('orders')
        .select(['status', 'user_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row).toEqual({ status: OrderStatus.OPEN, user_id: seller.id });

      const order = await sellerOnB.next('ORDER');
      expect(order.params).toMatchObject({ order: { id, number: '3' } });
      const balance = await sellerOnB.next('BALANCE');
      expect(JSON.stringify(balance.params)).toContain('97');

      const cancelled = await apiB.post('tx_out/cancel', { id }, { token: seller.token });
      expect(cancelled.body).toMatchObject({ code: 1 });
      const after = await core.db.kysely
        .selectFrom('orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(after?.status).toBe(OrderStatus.CANCELLED);
      const cancelPush = await sellerOnB.next('ORDER');
      expect(cancelPush.params).toMatchObject({ order: { id } });
      expect(cancelPush.seq).toBe(order.seq! + 1);

      // The other user's sockets, on both gateways, heard nothing of the seller's.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const socket of [otherOnA, otherOnB]) {
        expect(socket.frames.filter((frame) => frame.type === 'ORDER' || frame.type === 'BALANCE')).toEqual(
          [],
        );
      }
      for (const socket of [sellerOnB, otherOnA, otherOnB]) socket.socket.close();
    },
    budget(30_000),
  );

  it(
    'fans a public depth channel out on both gateways, in seq order',
    async () => {
      const seller = await signUp(apiA);
      await core.ledger.credit(seller.id, SPOT, DOT, '100');
      const channel = 'MARKET_DEPTH.DOT/USDT';
      const onA = await signedIn(gatewayA.url, seller.token, [channel]);
      const onB = await signedIn(gatewayB.url, seller.token, [channel]);
      const viaDirect = await signedIn(core.url, seller.token, [channel]);
      for (const price of ['11', '12', '13']) {
        const placed = await apiB.post(
          'tx_out/add',
          { currency_match_id: DOT_USDT, number: '1', price },
          { token: seller.token },
        );
        expect(placed.body).toMatchObject({ code: 1 });
      }
      // Depth is published at most once per short interval: the three orders may come as fewer frames.
      const depthFrames = (client: Awaited<ReturnType<typeof signedIn>>) =>
        client.frames.filter((frame) => frame.type === channel);
      const showsAll = (frame: Frame | undefined) =>
        ((frame?.params.depth as { out?: unknown[] } | undefined)?.out ?? []).length === 3;
      const deadline = Date.now() + 5000;
      while (![onA, onB, viaDirect].every((client) => showsAll(depthFrames(client).at(-1)))) {
        if (Date.now() > deadline) throw new Error('the depth with three asks did not reach every socket');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // A gateway's first subscriber makes the core push the depth (its snapshot): the sockets
      // subscribed one after another, so their pushes are compared from the first all three got.
      const all = [onA, onB, viaDirect].map(depthFrames);
      const common = Math.max(...all.map((frames) => frames[0]!.seq!));
      const [a, b, direct] = all.map((frames) => frames.filter((frame) => frame.seq! >= common)) as [
        Frame[],
        Frame[],
        Frame[],
      ];
      const seqs = (frames: Frame[]) => frames.map((frame) => frame.seq);
      expect(seqs(a)).toEqual(seqs(direct));
      expect(seqs(b)).toEqual(seqs(direct));
      expect(seqs(a)).toEqual(a.map((_, i) => a[0]!.seq! + i));
      // The same bytes as the core's own socket got.
      expect(a.at(-1)!.raw).toEqual(direct.at(-1)!.raw);
      // A later subscriber on gateway A gets the depth at once from the gateway, before its
      // acknowledgement and with its seq.
      const later = await connect(gatewayA.url);
      later.send('sub', channel);
      const ack = await later.next('sub');
      expect(later.frames.map((frame) => frame.type)).toEqual([channel, 'sub']);
      expect(later.frames[0]!.raw).toEqual(a.at(-1)!.raw);
      expect(ack.params.seq).toBe(a.at(-1)!.seq);
      later.socket.close();
      // A later sub's acknowledgement carries the last seq the gateway saw.
      onA.send('unsub', channel);
      expect((await onA.next('unsub')).params.seq).toBe(a.at(-1)!.seq);
      for (const client of [onA, onB, viaDirect]) client.socket.close();
    },
    budget(30_000),
  );

  it(
    "pushes a channel's state when a gateway begins to listen to it: its first subscriber gets it with no change, a later one as its snapshot",
    async () => {
      const channel = 'MARKET_DEPTH.TRX/USDT';
      const first = await connect(gatewayB.url);
      first.send('sub', channel);
      const ack = await first.next('sub');
      const pushed = await first.next(channel);
      expect(pushed.params).toMatchObject({ symbol: 'TRX/USDT', depth: expect.any(Object) });
      // After the acknowledgement's seq (on PostgreSQL the gateway acknowledges a channel it never
      // saw with 0, and the leader numbers from its own range: a gap the client reads as such).
      expect(pushed.seq).toBeGreaterThan(ack.params.seq as number);
      const later = await connect(gatewayB.url);
      later.send('sub', channel);
      await later.next('sub');
      expect(later.frames.map((frame) => frame.type)).toEqual([channel, 'sub']);
      expect(later.frames[0]!.raw).toEqual(pushed.raw);
      for (const client of [first, later]) client.socket.close();
    },
    budget(30_000),
  );

  it(
    "hands a later subscriber each market's last ticker, read from the core's frames",
    async () => {
      const onA = { api: apiA, ledger: core.ledger };
      const seller = await trader(onA, [
        [DOT, '1'],
        [TRX, '1'],
      ]);
      const buyer = await trader(onA, [[USDT, '100']]);
      const first = await connect(gatewayA.url);
      first.send('sub', 'DAY_MARKET');
      await first.next('sub');
      for (const [market, price] of [
        [DOT_USDT, '9'],
        [TRX_USDT, '0.2'],
      ] as const) {
        const sold = await apiB.post(
          'tx_out/add',
          { currency_match_id: market, number: '1', price },
          { token: seller.token },
        );
        expect(sold.body).toMatchObject({ code: 1 });
        const bought = await apiB.post(
          'tx_in/add',
          { currency_match_id: market, number: '1', price },
          { token: buyer.token },
        );
        expect(bought.body).toMatchObject({ code: 1 });
      }
      // Both markets' tickers came (the core's push of every ticker, when gateway A began to listen,
      // and the trades' may come as one flush, so they are not awaited one after the other).
      const tickerOf = (symbol: string) =>
        first.frames.some((frame) => frame.type === 'DAY_MARKET' && frame.params.symbol === symbol);
      for (const deadline = Date.now() + budget(5000); !(tickerOf('DOT/USDT') && tickerOf('TRX/USDT'));) {
        if (Date.now() > deadline) throw new Error('no ticker of DOT/USDT and TRX/USDT');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Tickers go out twice a second: wait until none is due.
      await new Promise((resolve) => setTimeout(resolve, 700));
      const last = new Map<unknown, Frame>();
      for (const frame of first.frames) if (frame.type === 'DAY_MARKET') last.set(frame.params.symbol, frame);

      const later = await connect(gatewayA.url);
      later.send('sub', 'DAY_MARKET');
      const ack = await later.next('sub');
      const snapshot = later.frames.slice(0, -1);
      expect(new Set(snapshot.map((frame) => frame.params.symbol))).toEqual(new Set(last.keys()));
      for (const frame of snapshot.slice(0, -1)) {
        const { seq: _seq, ...pushed } = last.get(frame.params.symbol)!.raw;
        expect(frame.raw).toEqual(pushed);
      }
      expect(snapshot.at(-1)!.raw).toEqual(last.get(snapshot.at(-1)!.params.symbol)!.raw);
      expect(snapshot.at(-1)!.seq).toBe(ack.params.seq);
      for (const client of [first, later]) client.socket.close();
      // Nothing of theirs rests for a later test's order to meet (an older ask may have filled the bid).
      for (const [side, token] of [
        ['tx_out', seller.token],
        ['tx_in', buyer.token],
      ] as const) {
        const open = await apiA.get<{ data: { id: number }[] }>(
          `${side}/list`,
          { status: 'open', page: 1, limit: 100 },
          { token },
        );
        for (const { id } of open.body.data!.data) await apiA.post(`${side}/cancel`, { id }, { token });
      }
    },
    budget(30_000),
  );

  it(
    "counts the client's address at the core, not the gateway's",
    async () => {
      const attempt = (address: string) =>
        apiB.post(
          'user/login',
          { login_type: 'email', account: 'nobody@example.test', password: 'Not-The-One-11' },
          { headers: { 'x-forwarded-for': address } },
        );
      for (let i = 0; i < AUTH_LIMIT; i += 1) {
        const answer = await attempt('203.0.113.7');
        expect(answer.status, `attempt ${i}: ${JSON.stringify(answer.body)}`).not.toBe(429);
      }
      expect((await attempt('203.0.113.7')).status).toBe(429);
      expect((await attempt('203.0.113.8')).status).not.toBe(429);
      const fromLoopback = await apiA.post('user/login', {
        login_type: 'email',
        account: 'nobody@example.test',
        password: 'Not-The-One-11',
      });
      expect(fromLoopback.status).not.toBe(429);
      // A proxy header the client wrote is not forwarded: the address travels as the gateway saw it.
      const forwarded: (string | string[] | undefined)[] = [];
      const tap = bus.subscribe(subjectsOf(prefix).http, {
        callback: (_error, msg) => forwarded.push(decodeRequest(msg.data)?.headers['x-forwarded-for']),
      });
      await bus.flush();
      await apiA.get('market/currency_matches', {}, { headers: { 'x-forwarded-for': '198.51.100.9' } });
      await bus.flush();
      tap.unsubscribe();
      expect(forwarded).toEqual([undefined]);
    },
    budget(30_000),
  );

  it(
    "answers 413 to a body over an upload's size without forwarding it",
    async () => {
      const seen: string[] = [];
      const tap = bus.subscribe(subjectsOf(prefix).http, {
        callback: (_error, msg) => {
          const request = decodeRequest(msg.data);
          if (request) seen.push(request.url);
        },
      });
      await bus.flush();
      const big = await fetch(`${gatewayA.url}/api/user/login?big=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(MAX_STORED_BODY + 10) }),
      });
      expect(big.status).toBe(413);
      const small = await apiA.get('market/currency_matches', { small: 1 });
      expect(small.status).toBe(200);
      await bus.flush();
      tap.unsubscribe();
      expect(seen.some((url) => url.includes('small=1'))).toBe(true);
      expect(seen.some((url) => url.includes('big=1'))).toBe(false);
    },
    budget(30_000),
  );

  it(
    'sends an upload too large for one NATS message through the object store, stored once and removed once read; the large image comes back the same way',
    async () => {
      const user = await signUp(apiA);
      const noise = await noisePng();
      expect(noise.length).toBeGreaterThan(MAX_FORWARDED_BODY);
      const before = await scrape(gatewayA.metricsUrl!);
      const seen: { url: string; bodyRef?: string; bodyBytes: number }[] = [];
      const tap = bus.subscribe(subjectsOf(prefix).http, {
        callback: (_error, msg) => {
          const request = decodeRequest(msg.data);
          if (request)
            seen.push({ url: request.url, bodyRef: request.bodyRef, bodyBytes: request.body.length });
        },
      });
      await bus.flush();
      const uploaded = await uploadFile(gatewayA.url, user.token, noise, 'noise.png', 'image/png');
      tap.unsubscribe();
      expect(uploaded.body, uploaded.body.msg).toMatchObject({ code: 1, data: { id: expect.any(Number) } });
      const sent = seen.filter((request) => request.url.startsWith('/api/common/image_upload'));
      expect(sent).toEqual([{ url: '/api/common/image_upload', bodyRef: expect.any(String), bodyBytes: 0 }]);
      const after = await scrape(gatewayA.metricsUrl!);
      expect(
        sample(after, 'oex_gateway_bodies_stored_total') - sample(before, 'oex_gateway_bodies_stored_total'),
      ).toBe(1);
      // The core took it out of the store once it had read it.
      const store = await bus.jetstream().views.os(bodiesBucketOf(prefix));
      await expect.poll(async () => store.getBlob(sent[0]!.bodyRef!), { timeout: budget(5_000) }).toBeNull();
      // The stored image is the core's: re-encoded, served back through the gateway.
      const image = await fetch(`${gatewayA.url}/api/common/image/${uploaded.body.data!.id}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
      // Too large for one message too, it came back by the store, byte for byte the core's own.
      const direct = await fetch(`${core.url}/api/common/image/${uploaded.body.data!.id}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(MAX_FORWARDED_BODY);
      expect(bytes.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
    },
    budget(30_000),
  );

  it(
    'counts what it forwarded, its waits for a core, its sockets and the frames it relayed in /metrics',
    async () => {
      const before = await scrape(gatewayA.metricsUrl!);
      expect(await apiA.get('market/currency_matches')).toMatchObject({ status: 200 });
      const big = await fetch(`${gatewayA.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(MAX_STORED_BODY + 10) }),
      });
      expect(big.status).toBe(413);
      const watcher = await connect(gatewayA.url);
      watcher.send('sub', 'MARKET_DEPTH.DOT/USDT');
      await watcher.next('sub');
      await askOneDot(apiB, core, '41');
      await watcher.next('MARKET_DEPTH.DOT/USDT');
      const after = await scrape(gatewayA.metricsUrl!);
      const grew = (name: string, labels: Record<string, string> = {}) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(grew('oex_gateway_requests_total', { outcome: 'answered' })).toBe(1);
      expect(grew('oex_gateway_forward_seconds_count')).toBe(1);
      expect(grew('oex_gateway_requests_total', { outcome: 'too_large' })).toBe(1);
      expect(grew('oex_gateway_frames_relayed_total')).toBeGreaterThanOrEqual(1);
      expect(grew('oex_ws_connections')).toBe(1);
      expect(sample(after, 'oex_gateway_trading_streams')).toBe(0);
      expect(after).toMatch(/^oex_event_loop_delay_seconds\{quantile="0.99"\} /m);
      expect(after).toMatch(/^oex_process_cpu_seconds_total /m);
      watcher.socket.close();

      // A gateway whose core never comes: a 503, and the asks it sent again while it waited.
      const lonely = await testGateway({
        prefix: `${prefix}n`,
        noCoreWaitMs: 700,
        metrics: { port: 0, host: '127.0.0.1' },
      });
      try {
        expect((await new ApiClient(lonely.url).get('market/currency_matches')).status).toBe(503);
        const waited = await scrape(lonely.metricsUrl!);
        expect(sample(waited, 'oex_gateway_requests_total', { outcome: 'no_core' })).toBe(1);
        expect(sample(waited, 'oex_gateway_core_waits_total')).toBeGreaterThanOrEqual(2);
        expect(sample(waited, 'oex_gateway_requests_total', { outcome: 'answered' })).toBe(0);
      } finally {
        await lonely.close();
      }
    },
    budget(30_000),
  );

  it(
    "serves the web app's files as a core does: the index for its routes with the inline script's hash, hashed assets precompressed for a year, coin logos",
    async () => {
      const webDist = mkdtempSync(join(tmpdir(), 'oex-gw-web-'));
      const script = "document.documentElement.dataset.theme = 'dark';";
      mkdirSync(join(webDist, 'assets'));
      writeFileSync(
        join(webDist, 'index.html'),
        `<!doctype html><html><head><script>${script}</script></head></html>`,
      );
      writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'export const app = 1;\n');
      writeFileSync(
        join(webDist, 'assets', 'app-abc123.js.br'),
        brotliCompressSync('export const app = 1;\n'),
      );
      const web = await testGateway({ webDist });
      try {
        const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
        for (const path of ['/', '/trade', '/assets/missing-page']) {
          const page = await fetch(`${web.url}${path}`);
          expect(page.status, path).toBe(200);
          expect(page.headers.get('content-type')).toMatch(/^text\/html/);
          expect(page.headers.get('cache-control')).toBe('no-cache');
          expect(page.headers.get('content-security-policy')).toContain(hash);
          expect(page.headers.get('x-frame-options')).toBe('DENY');
          expect(await page.text()).toContain(script);
        }
        const asset = await fetch(`${web.url}/assets/app-abc123.js`, {
          headers: { 'accept-encoding': 'br' },
        });
        expect(asset.status).toBe(200);
        expect(asset.headers.get('content-encoding')).toBe('br');
        expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(await asset.text()).toBe('export const app = 1;\n');
        const logo = await fetch(`${web.url}/coins/btc.svg`);
        expect(logo.status).toBe(200);
        expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        // The API and the live channel's paths are never the web app's: an unknown call is the core's 404.
        const unknown = await fetch(`${web.url}/api/no_such_call`, { headers: { lang: 'en' } });
        expect(unknown.status).toBe(404);
        expect(await unknown.json()).toMatchObject({ code: 0, msg: 'There is no such API call' });
        expect((await fetch(`${web.url}/ws/elsewhere`)).status).toBe(404);
        // A forwarded answer keeps the core's security headers.
        const markets = await fetch(`${web.url}/api/market/currency_matches`);
        expect(markets.headers.get('x-content-type-options')).toBe('nosniff');
      } finally {
        await web.close();
        rmSync(webDist, { recursive: true, force: true });
      }
    },
    budget(30_000),
  );

  it(
    "carries the trading API's streams through to the leader's port: a market stream and the WebSocket API",
    async () => {
      const ws = gatewayA.url.replace('http', 'ws');
      // TRX/USDT: no other test here trades it, so the trade is this one.
      const trades = await rawSocket(`${ws}/ws/trxusdt@trade`);
      const api = await rawSocket(`${ws}/ws-api/v3`);
      // Sent at once, before the leader's socket is open: kept and sent in order.
      api.socket.send(JSON.stringify({ id: 'p1', method: 'ping' }));
      api.socket.send(JSON.stringify({ id: 't1', method: 'time' }));
      expect(await api.next((frame) => frame.id === 'p1')).toEqual({ id: 'p1', status: 200, result: {} });
      expect(await api.next((frame) => frame.id === 't1')).toMatchObject({
        status: 200,
        result: { serverTime: expect.any(Number) },
      });

      const seller = await signUp(apiA);
      const buyer = await signUp(apiA);
      await core.ledger.credit(seller.id, SPOT, TRX, '3');
      await core.ledger.credit(buyer.id, SPOT, USDT, '100');
      const sold = await apiA.post(
        'tx_out/add',
        { currency_match_id: TRX_USDT, number: '2', price: '31.5' },
        { token: seller.token },
      );
      expect(sold.body).toMatchObject({ code: 1 });
      const bought = await apiA.post(
        'tx_in/add',
        { currency_match_id: TRX_USDT, number: '2', price: '31.5' },
        { token: buyer.token },
      );
      expect(bought.body).toMatchObject({ code: 1 });
      expect(await trades.next((frame) => frame.e === 'trade')).toMatchObject({
        s: 'TRXUSDT',
        p: '31.5',
        q: '2',
      });
      expect(sample(await scrape(gatewayA.metricsUrl!), 'oex_gateway_trading_streams')).toBe(2);
      trades.socket.close();
      api.socket.close();
    },
    budget(30_000),
  );

  it(
    "ends a signed-out session's private channels on the other gateway",
    async () => {
      const user = await signUp(apiA);
      await core.ledger.credit(user.id, SPOT, DOT, '10');
      const onB = await signedIn(gatewayB.url, user.token, ['ORDER', 'MARKET_DEPTH.DOT/USDT']);
      // Signed in again through A: the session signed out below is B's socket's.
      const other = await apiA.post<string>('user/login', {
        login_type: 'email',
        account: user.email,
        password: 'Secret-Harbor-91',
      });
      expect((await apiA.post('user/logout', {}, { token: user.token })).body).toMatchObject({ code: 1 });
      expect((await onB.next('session_ended')).params).toEqual({ code: 999 });
      // The private channel is gone, the public one stays.
      const placed = await apiA.post(
        'tx_out/add',
        { currency_match_id: DOT_USDT, number: '1', price: '20' },
        { token: other.body.data! },
      );
      expect(placed.body).toMatchObject({ code: 1 });
      await onB.next('MARKET_DEPTH.DOT/USDT');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(onB.frames.filter((frame) => frame.type === 'ORDER')).toEqual([]);
      onB.socket.close();
    },
    budget(30_000),
  );

  it(
    'answers 504 to a request delivered and not answered, and does not send it again',
    async () => {
      // A core of another prefix that takes requests and never answers.
      const silentPrefix = `${prefix}s`;
      const taken: string[] = [];
      const silent = bus.subscribe(subjectsOf(silentPrefix).http, {
        queue: 'core',
        callback: (_error, msg) => taken.push(decodeRequest(msg.data)?.url ?? '?'),
      });
      await bus.flush();
      const gateway = await testGateway({ prefix: silentPrefix, forwardTimeoutMs: 500 });
      try {
        const answer = await new ApiClient(gateway.url).post('tx_out/add', { number: '1' });
        expect(answer.status).toBe(504);
        expect(answer.body.code).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(taken).toEqual(['/api/tx_out/add']);
      } finally {
        silent.unsubscribe();
        await gateway.close();
      }
    },
    budget(30_000),
  );

  it(
    'waits for a core, answers 503 when none comes, and 200 once one leads again',
    async () => {
      // A gateway whose heartbeat is far off: the new leader hears its subscriptions by asking.
      const slow = await testGateway({ heartbeatMs: 60_000 });
      const watcher = await signedIn(slow.url, 'none', []).catch(() => null);
      expect(watcher).toBeNull();
      const onSlow = await connect(slow.url);
      onSlow.send('sub', 'MARKET_DEPTH.DOT/USDT');
      await onSlow.next('sub');
      // The slow gateway keeps this leader's last depth for its later subscribers.
      await askOneDot(apiA, current, '31');
      await onSlow.next('MARKET_DEPTH.DOT/USDT');

      const carried = await rawSocket(`${gatewayA.url.replace('http', 'ws')}/ws-api/v3`);
      carried.socket.send(JSON.stringify({ id: 1, method: 'ping' }));
      await carried.next((frame) => frame.id === 1);
      await current.close();
      const seenBeforeTakeover = onSlow.frames.length;
      // The leader's sockets close with it, and the gateway closes its clients' the same way.
      expect(await carried.closed).toBe(1001);
      const started = Date.now();
      const waited = await fetch(`${gatewayA.url}/api/market/currency_matches`, { headers: { lang: 'en' } });
      const elapsed = Date.now() - started;
      expect(waited.status).toBe(503);
      expect(waited.headers.get('retry-after')).toBe('3');
      expect(await waited.json()).toMatchObject({ code: 0, msg: expect.stringMatching(/not ready/) });
      // Gateway A's window in this test is 1.5 s.
      expect(elapsed).toBeGreaterThanOrEqual(1400);

      current = await startExchange(core.config, { clock: core.clock, port: 0 });
      const back = await apiA.get('market/currency_matches');
      expect(back.status).toBe(200);
      expect(back.body.code).toBe(1);
      // The slow gateway forgets the last leader's depth when the new one asks for its interest,
      // and the new leader pushes the depth of each channel a gateway reports: the slow gateway's
      // subscriber gets it with no order placed, and a new subscriber gets that push as its snapshot.
      const newLeadersDepth = () =>
        onSlow.frames.slice(seenBeforeTakeover).filter((frame) => frame.type === 'MARKET_DEPTH.DOT/USDT');
      for (const deadline = Date.now() + 5000; newLeadersDepth().length === 0;) {
        if (Date.now() > deadline) throw new Error('no depth from the new leader reached the slow gateway');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const afterTakeover = await connect(slow.url);
      afterTakeover.send('sub', 'MARKET_DEPTH.DOT/USDT');
      await afterTakeover.next('sub');
      expect(afterTakeover.frames.map((frame) => frame.type)).toEqual(['MARKET_DEPTH.DOT/USDT', 'sub']);
      expect(afterTakeover.frames[0]!.raw).toEqual(newLeadersDepth().at(-1)!.raw);
      afterTakeover.socket.close();
      // A live socket signs in through the new core too.
      const user = await signUp(apiB);
      const socket = await signedIn(gatewayB.url, user.token, ['ORDER']);
      socket.socket.close();

      await current.ledger.credit(user.id, SPOT, DOT, '5');
      const placed = await apiA.post(
        'tx_out/add',
        { currency_match_id: DOT_USDT, number: '1', price: '30' },
        { token: user.token },
      );
      expect(placed.body).toMatchObject({ code: 1 });
      // The new leader numbers from its own range: past the first leader's on PostgreSQL, a jump
      // the client sees as a gap; from 1 again on SQLite, whose one process has no lease. Its first
      // push is the depth it pushed when the slow gateway reported; the order's comes next.
      const first = firstSeqOf(current.lease?.epoch ?? 0) + 1;
      expect(newLeadersDepth()[0]!.seq).toBe(first);
      await onSlow.nextMatching('MARKET_DEPTH.DOT/USDT', (frame) =>
        JSON.stringify(frame.params.depth).includes('"price":"30"'),
      );
      const seqs = newLeadersDepth().map((frame) => frame.seq);
      expect(seqs).toEqual(seqs.map((_, i) => first + i));
      onSlow.socket.close();
      await slow.close();
    },
    budget(60_000),
  );
});
