import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connect } from '../src/db/connect.js';
import { auditLedger } from '../src/ledger/audit.js';
import { replayOnScratch } from '../src/ledger/journal-scratch.js';
import { firstSeqOf } from '../src/cluster/lease-rules.js';
import { LeverStatus, MICRO_CLOSED } from '@oex/protocol';
import { OrderStatus } from '../src/spot/orders.js';
import { budget } from './helpers/budget.js';
import { builtEntry } from './helpers/build.js';
import {
  freePort,
  killHard,
  spawnServer,
  startServerWithTopOfBookMarks,
  untilFollowing,
  untilHealth,
} from './helpers/child-server.js';
import { ApiClient } from './helpers/client.js';
import { natsForTests, startNatsWithUsers, type NatsWithUsers } from './helpers/nats.js';
import { freshDatabase } from './helpers/exchange.js';
import { DOT_USDT, LEVER, SPOT, USDT } from './helpers/ledger.js';
import { MICRO } from './helpers/micro.js';
import { login, signUp } from './helpers/users.js';
import { signedIn, type Frame } from './helpers/ws.js';

/*
 * Issue 28's proof on one machine: two cores on one PostgreSQL database and two gateways over NATS.
 * Clients place and cancel spot orders, make transfers, open and close lever positions and stake
 * seconds contracts through both gateways while the leading core is killed -9 ten times and one
 * gateway is killed -9 once.
 */

/** Leaders killed; CLUSTER_ROUNDS makes a quicker run while working on this file. */
const ROUNDS = Number(process.env.CLUSTER_ROUNDS) || 10;
/** Acknowledged commands (all clients together) a round waits for before it kills the leader. */
const PER_ROUND = 12;
/** The round in which gateway B is killed, mid-load, before that round's leader. */
const GATEWAY_KILL_ROUND = 1;
const DEPTH = 'MARKET_DEPTH.DOT/USDT';
const CHANNELS = ['ORDER', DEPTH];
/** A client's own limit on one request: a gateway answers 504 only after 10 s. */
const REQUEST_MS = 4000;
/** The shortest seconds contract offered (micro/options.json): every one staked settles in the test. */
const MICRO_SECONDS = 30;

const pg = Boolean(process.env.TEST_PG_URL);
if (!pg) console.warn('cluster.test.ts skipped: the lease needs PostgreSQL (set TEST_PG_URL)');
const natsUp = pg && (await natsForTests('cluster.test.ts'));

const trace = (what: string) => {
  if (process.env.CLUSTER_TRACE) console.warn(`${new Date().toISOString()} ${what}`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Gateway {
  name: string;
  url: string;
  child: ChildProcess;
  alive: boolean;
}

interface Core {
  child: ChildProcess;
  api: ApiClient;
  errors?(): string;
}

/** One push as a client saw it: which socket (a client's nth), the channel, its seq and bytes. */
interface Seen {
  socket: number;
  channel: string;
  seq: number;
  raw: string;
}

interface Client {
  index: number;
  email: string;
  token: string;
  /** The gateway its live socket is on, and the pushes each of its sockets received. */
  socketGateway: Gateway | undefined;
  socket: Awaited<ReturnType<typeof signedIn>> | undefined;
  sockets: number;
  seen: Seen[];
  /** Commands acknowledged since the gateway kill (for the clients that lost their gateway). */
  ackedAfterGatewayKill: number;
}

describe.skipIf(!pg || !natsUp)('a cluster: two cores on PostgreSQL, two gateways over NATS', () => {
  const prefix = `t${randomBytes(6).toString('hex')}`;
  /**
   * The cluster on a NATS of its own with a user per kind of process (cluster/nats-access.ts), as
   * an operator runs it: the cores as `core`, the gateways as `gateway`. Set before the test.
   */
  let nats: NatsWithUsers;
  const env = {
    LEADER_LEASE_MS: '1000',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    NATS_URL: '',
    NATS_PREFIX: prefix,
  };
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const children: ChildProcess[] = [];
  const gateways: Gateway[] = [];
  const clients: Client[] = [];

  async function startGatewayChild(name: string): Promise<Gateway> {
    const port = await freePort();
    const child = spawn(process.execPath, [builtEntry('gateway-main')], {
      env: {
        ...process.env,
        NATS_URL: nats.urlOf('gateway'),
        NATS_PREFIX: prefix,
        PORT: String(port),
        HOST: '127.0.0.1',
        GATEWAY_ID: `${prefix}-${name}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    if (!(await untilHealth({ child, api, errors: () => errors }, (s) => s === 'gateway', 30_000, 50)))
      throw new Error(`gateway ${name} did not start: ${errors}`);
    const gateway = { name, url: api.baseUrl, child, alive: true };
    gateways.push(gateway);
    return gateway;
  }

  const alive = () => gateways.filter((gateway) => gateway.alive);

  /**
   * A client's call through a gateway, asked again with the same body (and so the same request id)
   * until a core answers it: a gateway that is gone or a request that took too long is not an
   * answer, and only the request id keeps a repeat from being applied twice.
   */
  async function call<T>(
    client: Client,
    method: 'GET' | 'POST',
    path: string,
    body: Record<string, unknown>,
    until: () => boolean,
  ): Promise<{ code: number; msg: string; data?: T } | undefined> {
    for (let attempt = 0; !until(); attempt += 1) {
      const pool = alive();
      const gateway = pool[(client.index + attempt) % pool.length]!;
      try {
        const query = method === 'GET' ? `?${new URLSearchParams(body as Record<string, string>)}` : '';
        const response = await fetch(`${gateway.url}/api/${path}${query}`, {
          method,
          headers: {
            authorization: `Bearer ${client.token}`,
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          body: method === 'POST' ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(REQUEST_MS),
        });
        const answer = (await response.json()) as { code: number; msg: string; data?: T };
        if (response.status === 200) return answer;
        if (process.env.CLUSTER_TRACE) trace(`${path}: ${response.status} ${JSON.stringify(answer)}`);
      } catch {
        // the gateway is gone or the answer is late: the same request again
      }
      await sleep(100);
    }
    return undefined;
  }

  /** Signs the client's live socket in on a gateway, subscribed, and reads fresh snapshots over HTTP. */
  async function attach(client: Client, gateway: Gateway): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const socket = await signedIn(gateway.url, client.token, CHANNELS);
        const number = (client.sockets += 1);
        client.socket = socket;
        client.socketGateway = gateway;
        socket.socket.on('message', () => {
          // ws.ts collects frames; keep each push with this socket's number as it comes
          const frame = socket.frames.at(-1) as Frame;
          if (frame.seq !== undefined)
            client.seen.push({
              socket: number,
              channel: frame.type,
              seq: frame.seq,
              raw: JSON.stringify(frame.raw),
            });
        });
        socket.socket.once('close', () => {
          if (client.socket === socket) client.socket = undefined;
        });
        break;
      } catch (error) {
        // A sign-in during a takeover waits for the next core; a gateway killed meanwhile is left.
        if (attempt > 20) throw error;
        if (!gateway.alive) gateway = alive()[client.index % alive().length]!;
        await sleep(200);
      }
    }
    const never = () => false;
    const depth = await call(client, 'GET', 'market/deal', { currency_match_id: String(DOT_USDT) }, never);
    const open = await call(client, 'GET', 'tx_in/list', { currency_match_id: String(DOT_USDT) }, never);
    expect([depth?.code, open?.code]).toEqual([1, 1]);
  }

  beforeAll(async () => {
    database = await freshDatabase();
    nats = await startNatsWithUsers(prefix);
    env.NATS_URL = nats.urlOf('core');
  }, budget(60_000));

  afterAll(async () => {
    for (const client of clients) client.socket?.socket.close();
    for (const child of children) await killHard(child);
    await database?.drop();
    await nats?.stop();
  }, budget(30_000));

  it(
    `the leader killed -9 ${ROUNDS} times and a gateway once: every acknowledged command stored once, a standby takes over each time, channels in sequence or with a gap, the audit clean`,
    { timeout: budget(400_000) },
    async () => {
      const startedAt = Date.now();
      // The markets' mark rule at the top of the book and one second, as the crash tests set it: the
      // test's small book prices lever positions and seconds contracts, a second after each start.
      let leader: Core = await startServerWithTopOfBookMarks(database.url, env);
      children.push(leader.child);
      await startGatewayChild('a');
      await startGatewayChild('b');
      const viaA = new ApiClient(gateways[0]!.url);
      trace('leader and gateways up');
      // The bundled gateway carries the trading API's WebSocket API through to the leader.
      const wsApi = new WebSocket(`${gateways[0]!.url.replace('http', 'ws')}/ws-api/v3`);
      const pong = new Promise<unknown>((resolve, reject) => {
        wsApi.once('message', (data) => resolve(JSON.parse(String(data))));
        wsApi.once('error', reject);
      });
      wsApi.once('open', () => wsApi.send(JSON.stringify({ id: 'up', method: 'ping' })));
      expect(await pong).toEqual({ id: 'up', status: 200, result: {} });
      wsApi.close();

      // Four users: the demo's two, and two signed up through a gateway and credited by the
      // operator's tool (which reaches the leader through its lock file).
      const users = [
        { email: 'alice@demo.test', token: await login(viaA, 'alice@demo.test', 'demo1234') },
        { email: 'bob@demo.test', token: await login(viaA, 'bob@demo.test', 'demo1234') },
      ];
      for (let i = 0; i < 2; i += 1) {
        const user = await signUp(viaA);
        trace(`signed up ${user.email}`);
        const credit = spawnSync(
          process.execPath,
          [builtEntry('credit-cli'), '--user', user.email, '--currency', 'USDT', '--amount', '1000'],
          { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
        );
        expect(credit.status, credit.stderr).toBe(0);
        users.push(user);
      }
      for (const [index, user] of users.entries()) {
        const client: Client = {
          index,
          ...user,
          socketGateway: undefined,
          socket: undefined,
          sockets: 0,
          seen: [],
          ackedAfterGatewayKill: 0,
        };
        clients.push(client);
        await attach(client, gateways[index % 2]!);
      }
      trace('clients attached');

      // A two-sided DOT book, so the mark tape has a price for lever positions and seconds
      // contracts; and each client's lever and seconds-contract accounts funded (with request ids).
      const maker = clients[1]!;
      for (const [path, price] of [
        ['tx_in/add', '7'],
        ['tx_out/add', '7.5'],
      ] as const) {
        const placed = await call(
          maker,
          'POST',
          path,
          {
            currency_match_id: DOT_USDT,
            price,
            number: '10',
            request_id: `${prefix}.book.${path.replace('/', '.')}`,
          },
          () => false,
        );
        expect(placed?.code, placed?.msg).toBe(1);
      }
      for (const client of clients) {
        for (const to of [LEVER, MICRO]) {
          const funded = await call(
            client,
            'POST',
            'account/transfer',
            {
              currency_id: USDT,
              balance: '200',
              from: SPOT,
              to,
              request_id: `${prefix}.fund.${client.index}.${to}`,
            },
            () => false,
          );
          expect(funded?.code, funded?.msg).toBe(1);
        }
      }

      const sent = {
        orders: [] as string[],
        transfers: [] as string[],
        levers: [] as string[],
        micros: [] as string[],
      };
      const acked = {
        orders: [] as string[],
        transfers: [] as string[],
        levers: [] as string[],
        micros: [] as string[],
      };
      const cancelled: number[] = [];
      const leverClosed: number[] = [];
      /** Refusals of lever and seconds-contract calls, by message: a new leader's tape has no mark for a moment. */
      const refused = new Map<string, number>();
      const refuse = (msg: string) => refused.set(msg, (refused.get(msg) ?? 0) + 1);
      let gatewayKilled = false;
      let stop = false;
      const total = () =>
        acked.orders.length +
        acked.transfers.length +
        cancelled.length +
        acked.levers.length +
        acked.micros.length;
      /** A step with a lever position or a seconds contract, every few spot steps of each client. */
      const derivatives = async (client: Client, n: number, open: number[]) => {
        if (n % 3 === 1) {
          const leverId = `${prefix}-${client.index}-l${n}`;
          sent.levers.push(leverId);
          const placed = await call<{ id: number }>(
            client,
            'POST',
            'lever/submit',
            {
              currency_match_id: DOT_USDT,
              share: 1,
              multiple: 10,
              type: 1 + ((n >> 1) % 2),
              status: 1,
              request_id: leverId,
            },
            () => stop,
          );
          if (placed?.code === 1) {
            acked.levers.push(leverId);
            open.push(placed.data!.id);
          } else if (placed) refuse(`lever/submit: ${placed.msg}`);
        } else if (n % 3 === 2 && open.length > 0) {
          // Closing is not idempotent by request id: a close sent again after a lost answer may be
          // refused as already closed. Only acknowledged closes are checked.
          const id = open.shift()!;
          const closed = await call(client, 'POST', 'lever/close', { id }, () => stop);
          if (closed?.code === 1) leverClosed.push(id);
          else if (closed) refuse(`lever/close: ${closed.msg}`);
        }
        if (n % 5 === 0) {
          const microId = `${prefix}-${client.index}-m${n}`;
          sent.micros.push(microId);
          const staked = await call(
            client,
            'POST',
            'microtrade/submit',
            {
              match_id: DOT_USDT,
              currency_id: USDT,
              type: 1 + ((n / 5) % 2),
              seconds: MICRO_SECONDS,
              number: '10',
              request_id: microId,
            },
            () => stop,
          );
          if (staked?.code === 1) acked.micros.push(microId);
          else if (staked) refuse(`microtrade/submit: ${staked.msg}`);
        }
      };
      const lane = async (client: Client) => {
        const openPositions: number[] = [];
        for (let n = 0; !stop; n += 1) {
          const orderId = `${prefix}-${client.index}-o${n}`;
          sent.orders.push(orderId);
          const placed = await call<{ id: number }>(
            client,
            'POST',
            'tx_in/add',
            { currency_match_id: DOT_USDT, number: '1', price: '0.50', request_id: orderId },
            () => stop,
          );
          if (placed?.code === 1) {
            acked.orders.push(orderId);
            if (gatewayKilled) client.ackedAfterGatewayKill += 1;
            // Every other order is cancelled again, through whichever gateway comes next.
            if (n % 2 === 0) {
              const cancel = await call(client, 'POST', 'tx_in/cancel', { id: placed.data!.id }, () => stop);
              if (cancel?.code === 1) cancelled.push(placed.data!.id);
            }
          } else if (placed) throw new Error(`order refused: ${placed.msg}`);
          const transferId = `${prefix}-${client.index}-t${n}`;
          sent.transfers.push(transferId);
          // Spot to lever and back, so the lever account is never asked for more than it holds.
          const from = n % 2 ? 3 : 1;
          const moved = await call(
            client,
            'POST',
            'account/transfer',
            { currency_id: USDT, balance: '0.01', from, to: from === 1 ? 3 : 1, request_id: transferId },
            () => stop,
          );
          if (moved?.code === 1) acked.transfers.push(transferId);
          else if (moved) throw new Error(`transfer refused: ${moved.msg}`);
          await derivatives(client, n, openPositions);
          // A steady load, not a flood: the cores, gateways and NATS share two cores with the test.
          await sleep(20);
        }
      };
      const lanes = clients.map(lane);
      const failed = Promise.race(lanes.map((running) => running.then(() => new Promise<never>(() => {}))));

      const takeovers: number[] = [];
      const untilAcked = async (count: number) => {
        const want = total() + count;
        for (const since = Date.now(); total() < want; await sleep(20))
          if (Date.now() - since > budget(60_000)) throw new Error('the clients made no progress');
      };
      const derivativesAcked = () => acked.levers.length + acked.micros.length;
      const untilDerivative = async () => {
        const want = derivativesAcked() + 1;
        for (const since = Date.now(); derivativesAcked() < want; await sleep(20))
          if (Date.now() - since > budget(60_000))
            throw new Error('no lever or seconds contract acknowledged');
      };
      let gatewayOutcome: { keptOpen: boolean; heardAfter: number } | undefined;
      for (let round = 0; round < ROUNDS; round += 1) {
        const { child, port, errors } = await spawnServer(database.url, env);
        children.push(child);
        const standby: Core = { child, api: new ApiClient(`http://127.0.0.1:${port}`), errors };
        if (!(await untilHealth(standby, (status) => status === 'standby', 90_000, 50)))
          throw new Error('the standby did not come up');
        // It follows the leader's journal: the takeover catches up instead of loading the tables.
        if ((await untilFollowing(standby)) === null)
          throw new Error(`the standby does not follow: ${errors()}`);
        trace(`round ${round}: standby up, ${total()} acknowledged`);
        await Promise.race([untilAcked(PER_ROUND), failed]);
        // Each leader also takes lever and seconds-contract calls: its mark tape needs a few
        // seconds of samples after it took over before it prices them.
        await Promise.race([untilDerivative(), failed]);

        if (round === GATEWAY_KILL_ROUND) {
          // Gateway B dies mid-load: its clients come over to A, the others do not notice.
          const [a, b] = gateways as [Gateway, Gateway];
          const onA = clients.filter((client) => client.socketGateway === a);
          const onB = clients.filter((client) => client.socketGateway === b);
          const heardBefore = onA.map((client) => client.seen.length);
          b.alive = false;
          await killHard(b.child);
          gatewayKilled = true;
          await Promise.all(onB.map((client) => attach(client, a)));
          await Promise.race([untilAcked(PER_ROUND), failed]);
          for (
            const since = Date.now();
            onB.some((client) => client.ackedAfterGatewayKill === 0);
            await sleep(20)
          )
            if (Date.now() - since > budget(30_000)) throw new Error("B's clients did not go on through A");
          gatewayOutcome = {
            keptOpen: onA.every((client) => client.socket?.socket.readyState === 1 && client.sockets === 1),
            heardAfter: Math.min(...onA.map((client, i) => client.seen.length - heardBefore[i]!)),
          };
          // A new gateway takes B's place, and clients spread over both again.
          const c = await startGatewayChild('c');
          onB[0]!.socket?.socket.close();
          await attach(onB[0]!, c);
        }

        await sleep(Math.floor(Math.random() * 300));
        // Its books made the leader's postings for this round's orders, transfers, positions and
        // contracts: a difference would have made it stop following (cluster/follower.ts).
        const following = await standby.api.get<{ following: number | null }>('health');
        expect(typeof following.body.data?.following, errors()).toBe('number');
        trace(`round ${round}: kill, ${total()} acknowledged`);
        await killHard(leader.child);
        const killedAt = Date.now();
        takeovers.push(await firstAnswer(clients[round % clients.length]!, killedAt));
        if (!(await untilHealth(standby, (status) => status === 'ok', budget(30_000), 25)))
          throw new Error('the standby did not take over');
        leader = standby;
        trace(`round ${round}: took over in ${takeovers.at(-1)} ms`);
      }
      await Promise.race([untilAcked(PER_ROUND), failed]);
      stop = true;
      await Promise.all(lanes);

      takeovers.sort((x, y) => x - y);
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      console.warn(
        `cluster: takeover through the gateways after kill -9 (lease 1000 ms), ms: min ${takeovers[0]}, median ${takeovers[Math.floor(ROUNDS / 2)]}, max ${takeovers[ROUNDS - 1]} (all: ${takeovers.join(' ')}); acknowledged ${acked.orders.length} orders, ${cancelled.length} cancels, ${acked.transfers.length} transfers, ${acked.levers.length} lever positions (${leverClosed.length} closed), ${acked.micros.length} seconds contracts in ${seconds} s; refused: ${JSON.stringify(Object.fromEntries(refused))}`,
      );

      // Every acknowledged command is stored once; nothing sent is stored twice.
      const db = connect(database.url);
      try {
        const ours = `${prefix}-%`;
        const orders = await db.kysely
          .selectFrom('orders')
          .select(['id', 'request_id', 'status'])
          .where('request_id', 'like', ours)
          .execute();
        const transfers = await db.kysely
          .selectFrom('transfers')
          .select('request_id')
          .where('request_id', 'like', ours)
          .execute();
        const counts = (rows: { request_id: string | null }[]) => {
          const map = new Map<string, number>();
          for (const row of rows) map.set(row.request_id!, (map.get(row.request_id!) ?? 0) + 1);
          return map;
        };
        const orderCounts = counts(orders);
        const transferCounts = counts(transfers);
        expect(acked.orders.filter((id) => orderCounts.get(id) !== 1)).toEqual([]);
        expect(acked.transfers.filter((id) => transferCounts.get(id) !== 1)).toEqual([]);
        expect([...orderCounts.values(), ...transferCounts.values()].filter((count) => count > 1)).toEqual(
          [],
        );
        expect(orders.length).toBeLessThanOrEqual(sent.orders.length);
        const status = new Map(orders.map((row) => [row.id, row.status]));
        expect(cancelled.filter((id) => status.get(id) !== OrderStatus.CANCELLED)).toEqual([]);
        expect(acked.orders.length).toBeGreaterThanOrEqual(ROUNDS * 2);
        expect(cancelled.length).toBeGreaterThan(0);

        // Lever positions and seconds contracts the same: once each, acknowledged closes closed.
        const positions = await db.kysely
          .selectFrom('lever_positions')
          .select(['id', 'request_id', 'status'])
          .where('request_id', 'like', ours)
          .execute();
        const positionCounts = counts(positions);
        expect(acked.levers.filter((id) => positionCounts.get(id) !== 1)).toEqual([]);
        expect([...positionCounts.values()].filter((count) => count > 1)).toEqual([]);
        expect(positions.length).toBeLessThanOrEqual(sent.levers.length);
        const positionStatus = new Map(positions.map((row) => [row.id, row.status]));
        expect(leverClosed.filter((id) => positionStatus.get(id) !== LeverStatus.CLOSED)).toEqual([]);
        expect(acked.levers.length).toBeGreaterThanOrEqual(2);
        expect(leverClosed.length).toBeGreaterThanOrEqual(1);

        // Every seconds contract settles, each once, the last ones on the last leader's timers.
        const micros = () =>
          db.kysely
            .selectFrom('micro_orders')
            .select(['request_id', 'status', 'settled_at', 'payout'])
            .where('request_id', 'like', ours)
            .execute();
        await expect
          .poll(async () => (await micros()).filter((row) => row.status !== MICRO_CLOSED).length, {
            timeout: budget((MICRO_SECONDS + 30) * 1000),
            interval: 500,
          })
          .toBe(0);
        const staked = await micros();
        const microCounts = counts(staked);
        expect(acked.micros.filter((id) => microCounts.get(id) !== 1)).toEqual([]);
        expect([...microCounts.values()].filter((count) => count > 1)).toEqual([]);
        expect(staked.filter((row) => row.settled_at === null || row.payout === null)).toEqual([]);
        expect(acked.micros.length).toBeGreaterThanOrEqual(2);

        expect((await auditLedger(db.kysely)).problems).toEqual([]);
        // Every process did its part as its own NATS user: none of them was refused anything.
        expect(nats.refusalsOfOurs()).toEqual([]);
        // Ten leaders wrote one journal: replayed from the start, it gives back every book row.
        const journal = await replayOnScratch(db);
        console.warn(`cluster: the journal's ${journal.commands} commands replayed onto a scratch exchange`);
        expect(journal.differences).toEqual([]);
        expect(journal.commands).toBeGreaterThan(acked.orders.length + acked.transfers.length);
      } finally {
        await db.close();
      }

      // A gateway's death cost only its own connections.
      expect(gatewayOutcome).toEqual({ keptOpen: true, heardAfter: expect.any(Number) });
      expect(gatewayOutcome!.heardAfter).toBeGreaterThan(0);

      // Channels: on each socket a channel's seqs only rise (last + 1, or a jump the client sees as
      // a gap); across all sockets one seq of a channel is one content, never two.
      const contentOf = new Map<string, string>();
      let gaps = 0;
      for (const client of clients) {
        const last = new Map<string, number>();
        for (const push of client.seen) {
          const key = `${push.socket}:${push.channel}`;
          const before = last.get(key);
          if (before !== undefined) {
            expect(push.seq, `${client.email} ${push.channel}`).toBeGreaterThan(before);
            if (push.seq !== before + 1) gaps += 1;
          }
          last.set(key, push.seq);
          // A private channel is its owner's: keyed by the user as well.
          const channelKey = push.channel === 'ORDER' ? `ORDER#${client.email}` : push.channel;
          const same = contentOf.get(`${channelKey}@${push.seq}`);
          expect(same === undefined || same === push.raw, `${channelKey} seq ${push.seq} repeated`).toBe(
            true,
          );
          contentOf.set(`${channelKey}@${push.seq}`, push.raw);
        }
      }
      // The leaders' ranges show: pushes came from later leaders, past the first one's range.
      const depthSeqs = clients.flatMap((client) => client.seen.filter((push) => push.channel === DEPTH));
      expect(Math.max(...depthSeqs.map((push) => push.seq))).toBeGreaterThan(firstSeqOf(ROUNDS));
      expect(gaps).toBeGreaterThan(0);
      // Every takeover happened (a guard against a hang, last so that it does not hide the checks
      // above). The 5 s goal is a speed figure, printed above and measured idle by the failover
      // benchmark: under CI's browser tests a start is ten times slower (8.9-25 s seen here).
      expect(takeovers.at(-1)!).toBeLessThan(budget(30_000));
    },
  );

  /** From the kill to the first answer a core gives through a gateway: probes every 50 ms. */
  function firstAnswer(client: Client, killedAt: number): Promise<number> {
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = (error?: Error) => {
        if (done) return;
        done = true;
        clearInterval(timer);
        clearTimeout(deadline);
        if (error) reject(error);
        else resolve(Date.now() - killedAt);
      };
      const deadline = setTimeout(
        () => finish(new Error('no answer through a gateway within 30 s of the kill')),
        budget(30_000),
      );
      let n = 0;
      const timer = setInterval(() => {
        const pool = alive();
        const gateway = pool[n++ % pool.length]!;
        fetch(`${gateway.url}/api/account/list`, {
          headers: { authorization: `Bearer ${client.token}` },
          signal: AbortSignal.timeout(budget(20_000)),
        })
          .then(async (response) => {
            if (response.status === 200 && ((await response.json()) as { code: number }).code === 1) finish();
          })
          .catch(() => undefined);
      }, 50);
    });
  }
});
