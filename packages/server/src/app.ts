import fastifyWebsocket from '@fastify/websocket';
import { pino, type Logger } from 'pino';
import { adminDomain, type AdminParts } from './admin/domain.js';
import { marketsDeskDomain, type MarketsDeskParts } from './admin/markets/domain.js';
import { adminUsersDomain } from './admin/users/domain.js';
import { apiKeysDomain, type ApiKeysParts } from './apikeys/domain.js';
import { binanceDomain } from './binance/domain.js';
import type { Config } from './config.js';
import { contentDomain, type ContentParts } from './content/domain.js';
import { connect, type Db } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { seedReference } from './db/seed/index.js';
import type { DemoParts } from './demo/domain.js';
import { earnDomain, type EarnParts } from './earn/domain.js';
import { ok } from './http/envelope.js';
import { createHttpServer, setNotFound } from './http/server.js';
import { serveWebFiles } from './http/web-files.js';
import { CurrencyDirectory } from './ledger/currencies.js';
import { ledgerDomain, type LedgerParts } from './ledger/domain.js';
import { Sequencer } from './ledger/sequencer.js';
import { acquireWriterLock, lockPathFor, type WriterLock } from './ledger/writer-lock.js';
import { LeaderLease } from './cluster/lease.js';
import { firstSeqOf } from './cluster/lease-rules.js';
import { serveStandby, takeLead } from './cluster/standby-server.js';
import { JournalFollower } from './cluster/follower.js';
import { startCoreBus, type CoreBus } from './cluster/core-bus.js';
import { leverDomain, type LeverParts } from './lever/domain.js';
import { systemClock, type Clock } from './lib/clock.js';
import { randomToken } from './lib/secrets.js';
import { markDomain, type MarkParts } from './market/domain.js';
import { MarketDirectory } from './market/markets.js';
import { microDomain, type MicroParts } from './micro/domain.js';
import { p2pDomain, type P2pParts } from './p2p/domain.js';
import { personalDomain, type PersonalParts } from './personal/domain.js';
import type { Api } from './platform/api.js';
import { operationsDomain, type OperationsParts } from './platform/domain.js';
import { DomainList, type ExchangeContext, type OpenDomains } from './platform/domains.js';
import { Settings } from './platform/settings.js';
import { Hub } from './realtime/hub.js';
import { spotDomain, type SpotParts } from './spot/domain.js';
import { transparencyDomain, type TransparencyParts } from './transparency/domain.js';
import { usersDomain, type UsersParts } from './users/domain.js';
import { walletDomain, type WalletParts } from './wallet/domain.js';

/** The demo's domains (`demo/`): loaded only with DEMO=1, never in production. */
type Demo = typeof import('./demo/index.js');

/**
 * The domains the command-line tools open too, in the order they open: each reads the context as
 * the ones before it left it (its type says what), so the order is checked by the compiler. The
 * server starts them in this order and stops them in the reverse one.
 */
function coreDomains(demo: Demo | null) {
  return (
    DomainList.over<ExchangeContext>()
      // First: every domain's admin routes take its guard.
      .add(adminDomain)
      .add(usersDomain)
      .add(contentDomain)
      .add(ledgerDomain)
      .add(spotDomain)
      .add(markDomain)
      // Before the contracts, savings and proofs open: the first liability snapshot counts the demo's users.
      .addIf(demo?.demoSeedDomain)
      .add(microDomain)
      .add(leverDomain)
      .add(walletDomain)
      .add(earnDomain)
      .add(transparencyDomain)
  );
}

/** What the server adds on top of the core, in order. */
function serverDomains(demo: Demo | null) {
  return (
    DomainList.over<CoreContext>()
      .add(operationsDomain)
      .add(adminUsersDomain)
      // Changes that fell due while down apply here: before the market maker and the listener.
      .add(marketsDeskDomain)
      .add(personalDomain)
      .add(p2pDomain)
      .add(apiKeysDomain)
      // The trading API for programs: after every domain whose money it moves or reads.
      .add(binanceDomain)
      .addIf(demo?.demoDomain)
  );
}

/** The core's context: the shared pieces and every core domain's parts. */
type CoreContext = ExchangeContext &
  AdminParts &
  UsersParts &
  ContentParts &
  LedgerParts &
  SpotParts &
  MarkParts &
  MicroParts &
  LeverParts &
  WalletParts &
  EarnParts &
  TransparencyParts;

/** The exchange without HTTP, as the command-line tools open it. */
export type Core = CoreContext & {
  /** Stops the domains (last first), then closes the sequencer and the database. */
  close(): Promise<void>;
};

type ServerContext = CoreContext &
  OperationsParts &
  MarketsDeskParts &
  PersonalParts &
  P2pParts &
  ApiKeysParts &
  Partial<DemoParts>;

export type Exchange = ServerContext & {
  app: Api;
  hub: Hub;
  /** The base URL once listening, such as http://127.0.0.1:8080. */
  url: string;
  /**
   * Drains and stops: readiness goes false and new requests get 503 at once, requests in flight
   * finish, live connections close with 1001, background tasks stop, the sequencer commits its
   * queue, and the database closes.
   */
  close(): Promise<void>;
};

export interface StartOptions {
  clock?: Clock;
  /** Listen on this port instead of config.port; 0 picks a free one (tests). */
  port?: number;
  /** Serve `GET /metrics` on this port and host (METRICS_PORT, METRICS_HOST); 0 picks a free port. */
  metrics?: { port: number; host: string };
}

/**
 * The exchange without HTTP: database migrated and seeded, the writer lock taken, the
 * sequencer loaded from the database, every core domain open. The CLI tools open it.
 */
export async function openCore(config: Config, clock: Clock = systemClock): Promise<Core> {
  // A tool never waits as a standby: it works on a database no process leads, or not at all.
  const core = await openCoreDomains(config, clock, await loadDemo(config), { wait: false });
  return { ...core.domains.context, close: core.close };
}

async function openCoreDomains(
  config: Config,
  clock: Clock,
  demo: Demo | null,
  lead: Lead,
): Promise<{ domains: OpenDomains<CoreContext>; standby?: Following; close(): Promise<void> }> {
  const { context, standby } = await openContext(config, clock, lead);
  let domains: OpenDomains<CoreContext>;
  try {
    domains = await coreDomains(demo).open(context, context.log);
  } catch (error) {
    await closeContext(context, standby);
    throw error;
  }
  return {
    domains,
    standby,
    async close() {
      await domains.stop();
      await closeContext(context, standby);
    },
  };
}

/** The exchange as a replica of a journal opens it (ledger/journal-scratch.ts). */
export interface Replica {
  db: Db;
  sequencer: Sequencer;
  /** Stops the domains, then closes the sequencer and the database. */
  close(): Promise<void>;
}

/**
 * Every domain opened on `config`'s database with a sequencer that applies only a journal's
 * commands (`replay`) and takes none of its own: no timers started, no due work done at open, no
 * HTTP. What it holds after a replay is what the journal made of the state it opened on.
 */
export async function openReplica(config: Config): Promise<Replica> {
  const core = await openCoreDomains(config, systemClock, null, { wait: false, replica: true });
  let server: OpenDomains<ServerContext>;
  try {
    server = await serverDomains(null).open(core.domains.context, core.domains.context.log);
  } catch (error) {
    await core.close();
    throw error;
  }
  const { db, sequencer } = core.domains.context;
  return {
    db,
    sequencer,
    async close() {
      await server.stop();
      await core.close();
    },
  };
}

/** Opens the domains, routes their plugins and live channels, starts them and listens. */
export async function startExchange(config: Config, options: StartOptions = {}): Promise<Exchange> {
  const demo = await loadDemo(config);
  const core = await openCoreDomains(config, options.clock ?? systemClock, demo, {
    wait: true,
    port: options.port ?? config.port,
    follow: config.standbyFollow,
  });
  let server: OpenDomains<ServerContext>;
  try {
    server = await serverDomains(demo).open(core.domains.context, core.domains.context.log);
  } catch (error) {
    await core.close();
    if (!core.standby) throw error;
    return startCold(config, options, core.domains.context.log, error);
  }
  const domains = core.domains.followedBy(server);
  if (core.standby) {
    try {
      await followUntilLeading(server.context, domains, core.standby);
    } catch (error) {
      await server.stop();
      await core.close();
      return startCold(config, options, core.domains.context.log, error);
    }
  }
  const context = server.context;
  const { operations } = context;
  // Numbered past every earlier leader's seqs (epoch 0, from 0, without a lease).
  const hub = new Hub(context.sessions, config.liveSessionCheckMs, firstSeqOf(context.lease?.epoch ?? 0));
  let app: Api | undefined;
  // The drain past its first steps, and how a start that failed half-way undoes itself.
  const shutDown = async () => {
    domains.closeLive();
    await hub.close();
    await server.stop();
    await app?.close();
    await core.close();
    await operations.close();
  };
  try {
    app = await createHttpServer(config, demo ? [demo.mailboxPage()] : []);
    await serve(app, hub, domains, context);
    await domains.start();
    if (options.metrics) await operations.serveMetrics(options.metrics.port, options.metrics.host);
    await app.listen({ port: options.port ?? config.port, host: config.host });
  } catch (error) {
    await shutDown();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  context.writerLock.update({ port });
  operations.readiness.ready();
  const url = `http://127.0.0.1:${port}`;
  domains.listening(url);
  // This process leads by now (openContext waited for the lease): the gateways' requests come here.
  let bus: CoreBus | undefined;
  if (config.natsUrl) {
    try {
      bus = await startCoreBus(app, hub, context.sessions, {
        natsUrl: config.natsUrl,
        prefix: config.natsPrefix,
        advertiseUrl: config.advertiseUrl ?? url,
        log: { info: (message) => context.log.info(message), warn: (message) => context.log.warn(message) },
      });
    } catch (error) {
      operations.readiness.draining();
      await shutDown();
      throw error;
    }
  }
  return {
    ...context,
    app,
    hub,
    url,
    async close() {
      // The gateways' requests stop first: new ones wait for the next leader, taken ones are answered.
      await bus?.close();
      operations.readiness.draining();
      domains.drain();
      await operations.gate.settled();
      await shutDown();
    },
  };
}

/**
 * How a process on PostgreSQL comes to lead: a tool only if no one leads; the server waits as a
 * standby, answering on its port that it is one (cluster/standby-server.ts).
 */
type Lead = { wait: false; replica?: boolean } | { wait: true; port: number; follow?: boolean };

/** A standby opened to follow the leader: its answers on the port, and its writer lock to come. */
interface Following {
  standby: { close(): Promise<void> };
  writerLock: LaterWriterLock;
  follower?: JournalFollower;
}

/**
 * The writer lock, taken when the process leads: at start, or by a following standby once it takes
 * over (empty until then).
 */
class LaterWriterLock implements WriterLock {
  private lock: WriterLock | undefined;

  take(path: string, info: Parameters<typeof acquireWriterLock>[1], takeOver: boolean): void {
    const taken = acquireWriterLock(path, info, takeOver);
    if ('heldBy' in taken) {
      throw new Error(`process ${taken.heldBy.pid} already writes to this database (lock ${path})`);
    }
    this.lock = taken;
  }

  update(info: Parameters<WriterLock['update']>[0]): void {
    this.lock?.update(info);
  }

  release(): void {
    this.lock?.release();
  }
}

/** Following failed (a command that did not apply as it did, a load that failed): stand by cold. */
async function startCold(
  config: Config,
  options: StartOptions,
  log: Logger,
  error: unknown,
): Promise<Exchange> {
  log.warn({ err: error }, 'standby: following the leader failed; waiting to take over from the tables');
  return startExchange({ ...config, standbyFollow: false }, options);
}

/**
 * A following standby (docs/cluster.md): its domains were opened on one snapshot; from the
 * journal's position in it, it applies the leader's commands as they commit until it takes the
 * lease, then catches up the journal's last rows, leads, and reloads what the journal does not
 * carry. The leader fenced out by the new epoch commits nothing after the takeover, so the journal
 * read then is whole.
 */
async function followUntilLeading(
  context: ServerContext,
  domains: OpenDomains<ServerContext>,
  following: Following,
): Promise<void> {
  const { db, sequencer, lease, log, config } = context;
  const { max } = await db.kysely
    .selectFrom('command_journal')
    .select((eb) => eb.fn.max<number>('id').as('max'))
    .executeTakeFirstOrThrow();
  await db.snapshot().end();
  const follower = new JournalFollower(db.kysely, sequencer, Number(max ?? 0));
  following.follower = follower;
  follower.start();
  log.info(`standby: following the leader's journal from command ${follower.position}`);
  const waiting = lease!.acquire(true);
  try {
    await Promise.race([waiting, follower.stopped]);
  } catch (error) {
    await lease!.release();
    await waiting.catch(() => {});
    throw error;
  }
  const started = performance.now();
  await follower.stop();
  if (follower.failure) throw follower.failure;
  const caughtUp = await follower.catchUp();
  sequencer.lead();
  following.writerLock.take(
    lockPathFor(config.databaseUrl),
    { pid: process.pid, port: 0, adminToken: context.adminToken },
    true,
  );
  await migrate(db);
  await seedReference(db);
  await domains.takeover();
  await following.standby.close();
  log.info(
    `took over at journal command ${follower.position} (${caughtUp} caught up) in ${Math.round(performance.now() - started)} ms`,
  );
}

/**
 * What every domain reads, opened before the first: on PostgreSQL the leader's lease (waited for as
 * a standby while another process leads), the writer lock, the database migrated and its reference
 * data seeded, the log, the settings, the directories and the sequencer.
 */
async function openContext(
  config: Config,
  clock: Clock,
  lead: Lead,
): Promise<{ context: ExchangeContext; standby?: Following }> {
  const log = pino({
    level: config.logLevel,
    redact: { paths: ['mnemonic', '*.mnemonic'], censor: '[secret]' },
  });
  const db = connect(config.databaseUrl);
  let lease: LeaderLease | undefined;
  let writerLock: WriterLock | undefined;
  let standby: Following | undefined;
  try {
    if (db.dialect === 'postgres') {
      lease = new LeaderLease(db, config.leaderLeaseMs, {
        info: (message) => log.info(message),
        warn: (message) => log.warn(message),
      });
      if (lead.wait && lead.follow && (await lease.heldByAnother())) {
        standby = {
          standby: await serveStandby(
            lead.port,
            config.host,
            () => lease!.lastSeenHolder,
            () => standby?.follower?.position ?? null,
          ),
          writerLock: new LaterWriterLock(),
        };
        // Everything the domains load is read from this one instant (ended once they are open).
        await db.snapshot().begin();
      } else await takeLead(lease, lead.wait ? { port: lead.port, host: config.host } : undefined);
    }
    const adminToken = randomToken();
    if (standby) writerLock = standby.writerLock;
    else {
      const lock = new LaterWriterLock();
      lock.take(
        lockPathFor(config.databaseUrl),
        { pid: process.pid, port: 0, adminToken },
        lease !== undefined,
      );
      writerLock = lock;
      await migrate(db);
      await seedReference(db);
    }
    const sequencer = await Sequencer.load(db, clock);
    if (standby) sequencer.follow();
    else if (!lead.wait && lead.replica) sequencer.replicate();
    const context: ExchangeContext = {
      config,
      db,
      clock,
      log,
      settings: new Settings(db.kysely),
      timeZone: config.exchangeTz,
      currencies: await CurrencyDirectory.load(db.kysely),
      sequencer,
      markets: await MarketDirectory.load(db.kysely),
      writerLock,
      lease,
      adminToken,
    };
    return { context, standby };
  } catch (error) {
    await closeStandby(db, standby);
    await lease?.release();
    await db.close();
    writerLock?.release();
    throw error;
  }
}

/** A following standby's answers on its port and its snapshot, if still open. */
async function closeStandby(db: Db, standby: Following | undefined): Promise<void> {
  if (!standby) return;
  await standby.follower?.stop();
  await standby.standby.close();
  await db.snapshot().end();
}

/** After the last domain: the sequencer commits what is queued, then the lease goes, then the database. */
async function closeContext(context: ExchangeContext, standby?: Following): Promise<void> {
  await closeStandby(context.db, standby);
  await context.sequencer.close();
  await context.lease?.release();
  await context.db.close();
  context.writerLock.release();
}

/**
 * The HTTP server: every domain's request hooks first (so every plugin's scope has them), the live
 * channel and the liveness check, each domain's live channels and plugins in the list's order, then
 * the public assets and the web app.
 */
async function serve(app: Api, hub: Hub, domains: OpenDomains<ServerContext>, context: ServerContext) {
  const { config, db } = context;
  domains.hooks(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => hub.attach(socket));
  app.get(
    '/api/health',
    { schema: { tags: ['platform'], summary: 'Liveness and database check' } },
    async () => {
      await db.kysely.selectFrom('settings').select('key').limit(1).execute();
      return ok({ status: 'ok', database: db.dialect, demo: config.demo });
    },
  );
  domains.live(hub);
  await domains.routes(app);
  setNotFound(app, await serveWebFiles(app, config.webDist));
}

function loadDemo(config: Config): Promise<Demo | null> {
  return config.demo ? import('./demo/index.js') : Promise.resolve(null);
}
