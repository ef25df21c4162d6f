import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { Decimal } from '@oex/protocol';
import { ok } from './http/envelope.js';
import type { Config } from './config.js';
import { ContentService } from './content/service.js';
import { ArticleEditor } from './content/admin-service.js';
import { contentAdminApi } from './content/admin-routes.js';
import { ContentImages } from './content/images.js';
import { contentApi } from './content/routes.js';
import { Settings } from './platform/settings.js';
import { connect, type Db } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { seedReference } from './db/seed/index.js';
import { createHttpServer, setNotFound } from './http/server.js';
import type { Api } from './platform/api.js';
import { attachOperatorLog } from './admin/audit-hook.js';
import { enforceAdminGuards, operatorGuard } from './admin/guard.js';
import { openAdmin, type Admin } from './admin/module.js';
import { recordReviewBefore } from './admin/review-before.js';
import { adminConsoleApi } from './admin/routes.js';
import { openAdminUsers } from './admin/users/module.js';
import { adminUsersApi } from './admin/users/routes.js';
import { openMarketsDesk, type Markets } from './admin/markets/module.js';
import { adminMarketsApi } from './admin/markets/routes.js';
import { ledgerAdminApi } from './ledger/admin-routes.js';
import { BalanceLiveFeed } from './ledger/live.js';
import { CurrencyDirectory } from './ledger/currencies.js';
import { ledgerApi } from './ledger/routes.js';
import { Sequencer } from './ledger/sequencer.js';
import { LedgerService } from './ledger/service.js';
import { acquireWriterLock, lockPathFor, type WriterLock } from './ledger/writer-lock.js';
import { systemClock, type Clock } from './lib/clock.js';
import { MarketDirectory } from './market/markets.js';
import { MarkTape } from './market/mark-tape.js';
import { markApi } from './market/routes.js';
import { openLever, type Lever } from './lever/module.js';
import { LeverLive } from './lever/live.js';
import { leverApi } from './lever/routes.js';
import { openMicro, type Micro } from './micro/module.js';
import { openEarn, type Earn } from './earn/module.js';
import { earnApi } from './earn/routes.js';
import { openTransparency, type Transparency } from './transparency/module.js';
import { transparencyApi } from './transparency/routes.js';
import { microApi } from './micro/routes.js';
import { openPersonal } from './personal/module.js';
import { Operations } from './platform/operations.js';
import { attachOperations, operationsApi } from './platform/routes.js';
import { personalApi } from './personal/routes.js';
import { attachP2pLive } from './p2p/live.js';
import { openP2p, type P2p } from './p2p/module.js';
import { p2pApi } from './p2p/routes.js';
import { uploadApi } from './uploads/routes.js';
import { SpotOrders } from './spot/orders.js';
import { SpotLiveFeed } from './spot/live.js';
import type { MarketMaker } from './demo/market-maker.js';
import { spotApi } from './spot/routes.js';
import { FavoriteMarkets } from './spot/favorites.js';
import { SpotService } from './spot/service.js';
import { randomToken } from './lib/secrets.js';
import { CodeStore } from './notify/codes.js';
import { Delivery } from './notify/delivery.js';
import { Hub } from './realtime/hub.js';
import { usersApi } from './users/routes.js';
import { UsersService } from './users/service.js';
import { Sessions } from './users/sessions.js';
import { pino, type Logger } from 'pino';
import { Conversions } from './wallet/convert.js';
import { attachWalletLive } from './wallet/live.js';
import { openWallet, type Wallet } from './wallet/module.js';
import { walletApi } from './wallet/routes.js';
import { WalletService } from './wallet/service.js';
import { serverPath } from './lib/paths.js';

export interface Core {
  config: Config;
  db: Db;
  clock: Clock;
  settings: Settings;
  sessions: Sessions;
  delivery: Delivery;
  users: UsersService;
  content: ContentService;
  currencies: CurrencyDirectory;
  sequencer: Sequencer;
  ledger: LedgerService;
  spot: SpotService;
  /** The public mark-price tape that contracts settle on. */
  markTape: MarkTape;
  /** Seconds contracts, settled on the tape. */
  micro: Micro;
  /** Leveraged contracts, priced and risk-checked on the tape. */
  lever: Lever;
  /** Chains, deposit watchers and the withdrawal signer. */
  wallet: Wallet;
  /** Fixed-term savings and their daily interest. */
  earn: Earn;
  /** Proof of liabilities: daily snapshots, their notices, users' inclusion proofs. */
  transparency: Transparency;
  /** The server's log (never given secrets: see its redaction). */
  log: Logger;
  /** Operators and the tamper-evident operator log. */
  admin: Admin;
  writerLock: WriterLock;
  adminToken: string;
  close(): Promise<void>;
}

export interface Exchange extends Omit<Core, 'close'> {
  app: Api;
  hub: Hub;
  /** The fiat P2P desk (its timers run with the server). */
  p2p: P2p;
  /** Scheduled changes of markets, currencies, seconds options and products. */
  markets: Markets;
  /** The demo's liquidity bot, when it runs. */
  marketMaker: MarketMaker | undefined;
  /** The base URL once listening, such as http://127.0.0.1:8080. */
  url: string;
  /** Metrics, readiness and the drain's gate (platform/). */
  operations: Operations;
  /**
   * Drains and stops: readiness goes false and new requests get 503 at once, requests in flight
   * finish, live connections close with 1001, background tasks stop, the sequencer commits its
   * queue, and the database closes.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Listen on this port instead of config.port; 0 picks a free one (tests). */
  port?: number;
  /** Serve `GET /metrics` on this port and host (METRICS_PORT, METRICS_HOST); 0 picks a free port. */
  metrics?: { port: number; host: string };
}

/**
 * The exchange without HTTP: database migrated and seeded, the writer lock taken, the
 * sequencer loaded from the database, every service wired. The server and the CLI tools open it.
 */
export async function openCore(config: Config, clock: Clock = systemClock): Promise<Core> {
  const adminToken = randomToken();
  const lockPath = lockPathFor(config.databaseUrl);
  const lock = acquireWriterLock(lockPath, { pid: process.pid, port: 0, adminToken });
  if ('heldBy' in lock) {
    throw new Error(`process ${lock.heldBy.pid} already writes to this database (lock ${lockPath})`);
  }
  const db = connect(config.databaseUrl);
  try {
    await migrate(db);
    await seedReference(db);
    const settings = new Settings(db.kysely);
    const sessions = new Sessions(db.kysely, clock);
    const delivery = new Delivery(config, db.kysely, clock);
    const users = new UsersService({
      db: db.kysely,
      clock,
      codes: new CodeStore(db.kysely, clock),
      delivery,
      sessions,
      settings,
      maxPasswordFailures: config.maxPasswordFailures,
      totpSealKey: config.totpSecretKey,
    });
    const content = new ContentService(db.kysely, settings, config.exchangeTz);
    const currencies = await CurrencyDirectory.load(db.kysely);
    const sequencer = await Sequencer.load(db, clock);
    const ledger = new LedgerService(db.kysely, sequencer, currencies, config.exchangeTz);
    const markets = await MarketDirectory.load(db.kysely);
    const spot = new SpotService(
      db.kysely,
      sequencer,
      new SpotOrders(db.kysely, markets, sequencer.rows),
      markets,
      currencies,
      clock,
      config.exchangeTz,
      db,
      Decimal.parse(config.usdCny),
    );
    await spot.load();
    const markTape = new MarkTape(db.kysely, spot, settings, clock);
    await markTape.load();
    const klineFlush = setInterval(() => {
      spot.klines.flush().catch((error: Error) => console.error(`klines: flush failed: ${error.message}`));
    }, 1000);
    klineFlush.unref();
    const demo = await loadDemo(config);
    if (demo) {
      await demo.seedDemo(db, users, clock);
      await demo.seedDemoBalances(db, ledger, sequencer, currencies);
    }
    const log = pino({
      level: config.logLevel,
      redact: { paths: ['mnemonic', '*.mnemonic'], censor: '[secret]' },
    });
    const micro = await openMicro({
      db: db.kysely,
      sequencer,
      tape: markTape,
      markets: spot.markets,
      currencies,
      settings,
      clock,
      demo: config.demo,
    });
    const lever = await openLever({
      db: db.kysely,
      sequencer,
      tape: markTape,
      markets: spot.markets,
      currencies,
      users,
      settings,
      clock,
      timeZone: config.exchangeTz,
      demo: config.demo,
      quotation: (market) => spot.quotation(market),
    });
    const wallet = await openWallet({ config, db, sequencer, currencies, users, settings, clock, log });
    const admin = openAdmin({ db: db.kysely, clock, settings, sealKey: config.totpSecretKey });
    const earn = await openEarn({
      db: db.kysely,
      sequencer,
      currencies,
      settings,
      clock,
      timeZone: config.exchangeTz,
      demo: config.demo,
      log,
    });
    const walletHoldings = new WalletService(db.kysely, wallet, currencies, users, clock, config.exchangeTz);
    const transparency = await openTransparency({
      db: db.kysely,
      sequencer,
      currencies,
      settings,
      clock,
      timeZone: config.exchangeTz,
      operatorLog: admin.log,
      holdings: () => walletHoldings.holdings(),
      log,
    });
    return {
      config,
      db,
      clock,
      settings,
      sessions,
      delivery,
      users,
      content,
      currencies,
      sequencer,
      ledger,
      spot,
      markTape,
      micro,
      lever,
      wallet,
      earn,
      transparency,
      log,
      admin,
      writerLock: lock,
      adminToken,
      async close() {
        await transparency.daily.stop();
        await earn.payer.stop();
        await wallet.close();
        await markTape.close();
        await sequencer.close();
        clearInterval(klineFlush);
        await spot.klines.flush();
        await delivery.close();
        await db.close();
        lock.release();
      },
    };
  } catch (error) {
    await db.close();
    lock.release();
    throw error;
  }
}

/** Opens the core, wires every HTTP and WebSocket route and starts listening. */
export async function startExchange(config: Config, options: StartOptions = {}): Promise<Exchange> {
  const core = await openCore(config, options.clock);
  const { db, users, sessions, content, delivery, ledger, currencies } = core;

  const demo = await loadDemo(config);
  const app = await createHttpServer(config, demo ? [demo.mailboxPage()] : []);
  const operations = new Operations(core);
  attachOperations(app, operations);
  attachOperatorLog(app, core.admin.log);
  enforceAdminGuards(app);
  recordReviewBefore(app, db.kysely);
  await app.register(operationsApi(operations), { prefix: '/api' });
  const allow = operatorGuard(core.admin.operators, core.adminToken);
  const hub = new Hub(sessions, config.liveSessionCheckMs);
  operations.watchHub(hub);
  const live = new SpotLiveFeed(hub, core.spot, core.sequencer);
  BalanceLiveFeed.attach(hub, core.sequencer);
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
  await app.register(
    usersApi({
      users,
      sessions,
      authRateLimit: config.authRateLimit,
      codeRateLimit: config.codeRateLimit,
      secretGuessLimit: config.secretGuessLimit,
    }),
    { prefix: '/api' },
  );
  await app.register(contentApi(content), { prefix: '/api' });
  await app.register(
    contentAdminApi({
      editor: new ArticleEditor(db.kysely, core.clock),
      images: new ContentImages(db.kysely, join(config.uploadsDir, 'content'), core.clock),
      allow,
      uploadRateLimit: config.authRateLimit,
    }),
    { prefix: '/api' },
  );
  await app.register(
    markApi(core.markTape, core.spot.markets, () => core.clock.now()),
    { prefix: '/api' },
  );
  await app.register(ledgerApi(ledger, sessions), { prefix: '/api' });
  await app.register(
    spotApi(core.spot, sessions, new FavoriteMarkets(db.kysely, core.spot.markets, core.clock)),
    { prefix: '/api' },
  );
  await app.register(ledgerAdminApi({ ledger, users, currencies, allow }), { prefix: '/api/admin' });
  await app.register(adminConsoleApi({ ...core.admin, allow, authRateLimit: config.authRateLimit }), {
    prefix: '/api/admin',
  });
  const walletService = new WalletService(
    db.kysely,
    core.wallet,
    currencies,
    users,
    core.clock,
    config.exchangeTz,
  );
  await app.register(
    adminUsersApi({ ...(await openAdminUsers(core, () => walletService.holdings())), allow }),
    { prefix: '/api/admin' },
  );
  // Before the market maker and the listener: changes due while down apply before any order.
  const markets = await openMarketsDesk({
    db: db.kysely,
    sequencer: core.sequencer,
    spot: core.spot,
    currencies,
    networks: core.wallet.networks,
    lever: core.lever.service,
    leverTerms: core.lever.terms,
    microTerms: core.micro.terms,
    settings: core.settings,
    clock: core.clock,
    timeZone: config.exchangeTz,
    log: core.log,
  });
  await app.register(adminMarketsApi({ desk: markets.desk, allow }), { prefix: '/api/admin' });
  await app.register(
    walletApi({
      wallet: core.wallet,
      conversions: new Conversions(db.kysely, core.spot, currencies, core.clock),
      service: walletService,
      sessions,
      secretGuessLimit: config.secretGuessLimit,
      codeRateLimit: config.codeRateLimit,
      allow,
    }),
    { prefix: '/api' },
  );
  attachWalletLive(hub, core.wallet, db.kysely);
  await app.register(microApi({ micro: core.micro.service, sessions, allow }), { prefix: '/api' });
  const personal = openPersonal({ db: db.kysely, config, clock: core.clock });
  await app.register(
    uploadApi({ store: personal.uploads, sessions, allow, rateLimit: config.authRateLimit }),
    { prefix: '/api' },
  );
  await app.register(personalApi({ ...personal, sessions, allow }), { prefix: '/api' });
  await app.register(earnApi({ earn: core.earn.service, sessions, allow }), { prefix: '/api' });
  await app.register(transparencyApi({ transparency: core.transparency.service, sessions, allow }), {
    prefix: '/api',
  });
  const p2p = await openP2p(core.log, {
    db: db.kysely,
    sequencer: core.sequencer,
    currencies,
    settings: core.settings,
    users,
    payMethods: personal.payMethods,
    uploads: personal.uploads,
    clock: core.clock,
    timeZone: config.exchangeTz,
  });
  // The demo merchant is the fiat desk's liquidity, seeded with the market maker (docs/demo.md).
  if (demo && config.marketMaker) {
    await demo.seedDemoP2p({
      db,
      users,
      payMethods: personal.payMethods,
      p2p: p2p.service,
      ledger,
      sequencer: core.sequencer,
      currencies,
      clock: core.clock,
    });
  }
  await app.register(p2pApi({ p2p: p2p.service, sessions, allow }), { prefix: '/api' });
  attachP2pLive(hub, p2p.service, core.log);
  const leverLive = new LeverLive(hub, core.lever.service, () => core.clock.now());
  await app.register(leverApi({ lever: core.lever.service, live: leverLive, sessions }), { prefix: '/api' });
  core.lever.risk.onEnded((userId, closed) =>
    leverLive.closed(
      userId,
      closed.map((c) => c.position.id),
    ),
  );
  core.lever.risk.onChanged((marketIds) => leverLive.marksMoved(marketIds));
  core.micro.settler.onClosed((userId, order) => {
    // MICRO_CLOSED carries the final order as `order`, where the spec's client reads it.
    if (hub.hasSubscribers('MICRO_CLOSED', userId)) hub.publishTo(userId, 'MICRO_CLOSED', { order: order() });
  });
  if (demo) {
    await app.register(demo.devApi(delivery), { prefix: '/api' });
    await app.register(demo.devPages);
  }
  if (demo && core.wallet.devChain)
    await app.register(demo.devChainApi(core.wallet.devChain), { prefix: '/api' });
  await servePublicAssets(app);
  setNotFound(app, await serveWebApp(app, config.webDist));

  let maker: MarketMaker | undefined;
  if (demo && config.marketMaker) {
    maker = await demo.startMarketMaker(core);
  }

  core.markTape.start();
  core.wallet.start();
  core.earn.payer.run();
  core.transparency.daily.run();
  p2p.timers.run();
  markets.applier.run();
  try {
    if (options.metrics) await operations.serveMetrics(options.metrics.port, options.metrics.host);
    await app.listen({ port: options.port ?? config.port, host: config.host });
  } catch (error) {
    await markets.applier.stop();
    await p2p.timers.stop();
    await operations.close();
    await core.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  core.writerLock.update({ port });
  operations.readiness.ready();
  return {
    ...core,
    app,
    hub,
    p2p,
    markets,
    marketMaker: maker,
    url: `http://127.0.0.1:${port}`,
    operations,
    async close() {
      operations.readiness.draining();
      maker?.stop();
      await operations.gate.settled();
      live.close();
      await hub.close();
      await markets.applier.stop();
      await p2p.timers.stop();
      await app.close();
      await core.close();
      await operations.close();
    },
  };
}

/** The demo's seed, routes and market maker (`demo/`): loaded only with DEMO=1, never in production. */
function loadDemo(config: Config): Promise<typeof import('./demo/index.js') | null> {
  return config.demo ? import('./demo/index.js') : Promise.resolve(null);
}

/** Coin logos and news banners the seed refers to (`/coins/btc.svg`, `/banners/1.svg`). */
async function servePublicAssets(app: Api): Promise<void> {
  const publicDir = serverPath('public');
  for (const folder of ['coins', 'banners']) {
    await app.register(fastifyStatic, {
      root: join(publicDir, folder),
      prefix: `/${folder}/`,
      decorateReply: false,
      maxAge: '1d',
    });
  }
}

/** A hashed file's name changes with its content, so a browser may keep it for good. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';

/**
 * The built web app at `/` once it exists; answers whether it does. The build leaves brotli and gzip
 * copies beside each file, sent as the browser accepts. Hashed files under `assets/` are cached for
 * a year; `index.html` and the other unhashed files are checked on every load (`no-cache`), so a
 * new release shows at once.
 */
async function serveWebApp(app: Api, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  const assets = join(webDist, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assets) ? HASHED_ASSET : 'no-cache');
    },
  });
  return true;
}
