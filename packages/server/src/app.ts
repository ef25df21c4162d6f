import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { ResponseCode } from '@oex/protocol';
import type { Config } from './config.js';
import { ContentService } from './content/service.js';
import { contentRoutes } from './content/routes.js';
import { Settings } from './content/settings.js';
import { connect, type Db } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { seedDemo } from './db/seed/demo.js';
import { seedReference } from './db/seed/index.js';
import { devRoutes } from './dev/routes.js';
import { createHttpServer, type Api } from './http/server.js';
import { translate } from './http/messages/index.js';
import { systemClock, type Clock } from './lib/clock.js';
import { CodeStore } from './notify/codes.js';
import { Delivery } from './notify/delivery.js';
import { Hub } from './realtime/hub.js';
import { usersRoutes } from './users/routes.js';
import { UsersService } from './users/service.js';
import { Sessions } from './users/sessions.js';

export interface Exchange {
  app: Api;
  db: Db;
  hub: Hub;
  users: UsersService;
  settings: Settings;
  /** The base URL once listening, such as http://127.0.0.1:8080. */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Listen on this port instead of config.port; 0 picks a free one (tests). */
  port?: number;
}

/** Opens the database, migrates and seeds it, wires every module and starts listening. */
export async function startExchange(config: Config, options: StartOptions = {}): Promise<Exchange> {
  const clock = options.clock ?? systemClock;
  const db = connect(config.databaseUrl);
  await migrate(db);
  await seedReference(db);

  const settings = new Settings(db.kysely);
  const sessions = new Sessions(db.kysely, clock);
  const delivery = new Delivery(config, db.kysely, clock);
  const codes = new CodeStore(db.kysely, clock);
  const users = new UsersService({
    db: db.kysely,
    clock,
    codes,
    delivery,
    sessions,
    settings,
    maxPasswordFailures: config.maxPasswordFailures,
  });
  const content = new ContentService(db.kysely, settings, config.exchangeTz);
  if (config.demo) await seedDemo(db, users, clock);

  const app = await createHttpServer(config);
  const hub = new Hub(sessions);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => hub.attach(socket));

  app.get(
    '/api/health',
    { schema: { tags: ['platform'], summary: 'Liveness and database check' } },
    async () => {
      await db.kysely.selectFrom('settings').select('key').limit(1).execute();
      return {
        code: ResponseCode.OK,
        msg: '',
        data: { status: 'ok', database: db.dialect, demo: config.demo },
      };
    },
  );
  usersRoutes(app, {
    users,
    sessions,
    authRateLimit: config.authRateLimit,
    codeRateLimit: config.codeRateLimit,
  });
  contentRoutes(app, content);
  if (config.demo) devRoutes(app, delivery);
  await servePublicAssets(app);
  await serveWebApp(app, config.webDist);

  await app.listen({ port: options.port ?? config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    db,
    hub,
    users,
    settings,
    url: `http://127.0.0.1:${port}`,
    async close() {
      hub.close();
      await app.close();
      await delivery.close();
      await db.close();
    },
  };
}

/** Coin logos and news banners the seed refers to (`/coins/btc.svg`, `/banners/1.svg`). */
async function servePublicAssets(app: Api): Promise<void> {
  const publicDir = new URL('../public', import.meta.url).pathname;
  for (const folder of ['coins', 'banners']) {
    await app.register(fastifyStatic, {
      root: join(publicDir, folder),
      prefix: `/${folder}/`,
      decorateReply: false,
      maxAge: '1d',
    });
  }
}

/** The built web app at `/`, with history fallback so deep links work; nothing before it is built. */
async function serveWebApp(app: Api, webDist: string): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) return;
  await app.register(fastifyStatic, { root: webDist, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ code: ResponseCode.ERROR, msg: translate(request.lang, 'error.route_not_found') });
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
