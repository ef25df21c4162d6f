import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serverPath } from '../lib/paths.js';

/**
 * The files a browser loads: coin logos and news banners, and the built web app once it exists.
 * Served by a core on its own port and by every gateway (cluster/gateway.ts), so a load balancer
 * may send a browser to either. Answers whether the web app is there (for the history fallback).
 */
export async function serveWebFiles(app: FastifyInstance, webDist: string): Promise<boolean> {
  await servePublicAssets(app);
  return serveWebApp(app, webDist);
}

/** Coin logos and news banners the seed refers to (`/coins/btc.svg`, `/banners/1.svg`). */
async function servePublicAssets(app: FastifyInstance): Promise<void> {
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
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  const assets = join(webDist, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: webDist,
    // One route for every file, looked up on request. (Without the wildcard, a route per file, its
    // compressed copies and source maps: 770 routes, 0.3–0.7 s of every start, in every test too.)
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assets) ? HASHED_ASSET : 'no-cache');
    },
  });
  return true;
}
