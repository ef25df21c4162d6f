import { createServer, type Server } from 'node:http';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ResponseCode, toLang, type Lang } from '@oex/protocol';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Api } from '../platform/api.js';
import type { AuthUser } from '../users/auth-user.js';
import { AppError } from '../platform/errors.js';
import { translate } from '../platform/messages/index.js';
import { docsPagePolicy, securityHeaders, webIndexPage } from './security-headers.js';
import { describeIssue, emptyAsAbsent, fieldOf } from './validation.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    user: AuthUser | null;
  }
}

/** Fields whose values never reach a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.re_password',
  '*.new_password',
  '*.old_password',
  '*.secondary_password',
  '*.sms_code',
  '*.auth_code',
  '*.code',
  '*.totp_code',
  '*.token',
  '*.secret',
];

/**
 * Calls under /api that keep HTTP statuses for their refusals: the operator console, the demo's
 * developer tools, and the image downloads (an <img> or a browser tab must not take a refusal for
 * the picture).
 */
const OWN_STATUS_ROUTES =
  /^\/api\/((admin|dev)(\/|$|\?)|common\/image\/|legal_deal\/image\/|content\/image\/)/;

const STATUS_OF_CODE: Record<string, number> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
};

/**
 * The HTTP status of a refusal (docs/platform.md). The spec's client reads `{code, msg}` only from a 2xx
 * answer, so every call under /api answers its refusals (code 0) and an ended session (999) on 200.
 * Kept: 413 (the body was not read), 429 (a rate limit, with Retry-After) and 5xx other than 503
 * (a code that could not be delivered says so in an envelope); the operator console under
 * /api/admin, whose own client reads the envelope from any status and whose refusals stay visible
 * by status to proxies, logs and monitoring; and image downloads.
 */
export function refusalStatus(url: string, status: number): number {
  if (status === 413 || status === 429 || (status >= 500 && status !== 503)) return status;
  return url.startsWith('/api/') && !OWN_STATUS_ROUTES.test(url) ? 200 : status;
}

/** The seconds a rate-limited caller should wait, when the refusal says so. */
function retryAfterSeconds(error: AppError): number | undefined {
  const { seconds, minutes } = error.params;
  if (seconds !== undefined && Number.isFinite(Number(seconds))) return Number(seconds);
  if (minutes !== undefined && Number.isFinite(Number(minutes))) return Number(minutes) * 60;
  return undefined;
}

/** Paths that are never the web app's, so the history fallback leaves their 404s alone. */
const NOT_WEB_ROUTES = /^\/(api|dev|coins|banners|ws)(\/|$|\?)/;

/**
 * Unknown API calls answer a 404 envelope; with a built web app, any other GET answers its
 * index.html (history fallback), so deep links work.
 */
export function setNotFound(app: FastifyInstance, serveIndex: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (serveIndex && request.method === 'GET' && !NOT_WEB_ROUTES.test(request.url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({
      code: ResponseCode.ERROR,
      msg: translate(toLang(request.headers.lang), 'error.route_not_found'),
    });
  });
}

/** Fastify with the envelope, zod validation, OpenAPI, rate limits and the error rules. */
export async function createHttpServer(config: Config, inlinePages: string[] = []): Promise<Api> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACTED, censor: '[secret]' } },
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    serverFactory: (handler) => guardedServer(handler, config),
    // While Fastify closes, a request on a kept-alive connection still reaches our drain gate, which
    // answers 503 in the envelope; Fastify's own 503 has no `msg` for a client to show.
    return503OnClosing: false,
    // A path the router cannot read (a parameter past its length, a broken %-escape) is no call we
    // have: the envelope says so, as for any unknown call.
    // (Its reply is typed for the default server, not ours: the envelope is the same either way.)
    frameworkErrors: (_error, request, reply) => {
      void (reply as unknown as FastifyReply).status(404).send({
        code: ResponseCode.ERROR,
        msg: translate(toLang(request.headers.lang), 'error.route_not_found'),
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Empty strings count as absent where a field may be absent (validation.ts), for every route.
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data: unknown) => validate(emptyAsAbsent(route.schema, data));
  });
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('user', null);
  app.decorateRequest('requestOnce', null);
  app.addHook('onRequest', async (request) => {
    request.lang = toLang(request.headers.lang);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      const wait = retryAfterSeconds(error);
      if (error.status === 429 && wait !== undefined) void reply.header('retry-after', String(wait));
      return reply
        .status(refusalStatus(request.url, error.status))
        .send({ code: error.envelopeCode, msg: translate(lang, error.key, error.params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const { key, params } = describeIssue(issue);
      const rule = translate(lang, key, params);
      const field = fieldOf(issue, error.validationContext);
      return reply
        .status(refusalStatus(request.url, 400))
        .send({ code: ResponseCode.ERROR, msg: translate(lang, 'error.validation', { field, rule }) });
    }
    const status = STATUS_OF_CODE[error.code] ?? error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ code: ResponseCode.ERROR, msg: translate(lang, 'error.internal') });
    }
    const msg =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? translate(lang, 'error.bad_json') : error.message;
    return reply.status(refusalStatus(request.url, status)).send({ code: ResponseCode.ERROR, msg });
  });

  await app.register(securityHeaders, {
    inlinePages: [...webIndexPage(config.webDist), ...inlinePages],
  });

  // API answers over 1 KiB go compressed (a kline page or the market list is mostly repeated keys).
  // Brotli at quality 4: near gzip's speed for answers made per request; the web app's files are
  // compressed once, at build time, at full strength, and served as they are.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'error.rate_limited', { seconds: Math.ceil(context.ttl / 1000) }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Open Exchange API',
        description:
          'Every call answers {code, msg, data}: code 1 success, 0 error (msg names the field and rule), 999 sign in again, 996 a notice.',
        version: '0.1.0',
      },
      // In the order a reader of the page looks for them (the routes register in the domains' order,
      // the console's first): the page draws its sections in this order.
      tags: API_TAGS,
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', transformStaticCSP: docsPagePolicy });

  return app;
}

/** The API document's sections, in order. */
const API_TAGS = [
  { name: 'users', description: 'Registration, sign-in, codes, sessions and security settings' },
  { name: 'market', description: 'Markets, quotations, depth, trades, klines and the mark-price tape' },
  { name: 'spot', description: 'Spot orders: place, list, cancel' },
  { name: 'assets', description: 'Accounts, transfers, records, deposits, withdrawals and conversion' },
  { name: 'lever', description: 'Leveraged contracts' },
  { name: 'micro', description: 'Seconds contracts' },
  { name: 'earn', description: 'Fixed-term savings' },
  { name: 'p2p', description: 'The fiat P2P desk' },
  { name: 'personal', description: 'Identity, payment methods, feedback and uploads' },
  { name: 'content', description: 'News, help, settings and reference lists' },
  { name: 'transparency', description: 'Proof of liabilities' },
  { name: 'platform', description: 'Liveness and readiness' },
  { name: 'admin', description: 'The operator console (X-Operator-Token)' },
  { name: 'dev', description: 'The demo: mailbox and demo chain (DEMO=1 only)' },
];

/** An idle connection (no request in flight, no live channel) is closed after this time. */
const IDLE_SOCKET_MS = 60_000;

/**
 * The HTTP server with limits a slow or greedy client cannot hold open: headers and the whole
 * request must arrive in time, idle sockets close, and one address may hold only so many
 * connections (a live channel's socket counts too).
 */
function guardedServer(handler: Parameters<typeof createServer>[1], config: Config): Server {
  const server = createServer(
    {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      keepAliveTimeout: config.keepAliveTimeoutMs,
      // Timed-out requests are found by a sweep; once a second closes them close to their limit.
      connectionsCheckingInterval: 1000,
    },
    handler,
  );
  server.setTimeout(IDLE_SOCKET_MS);
  capConnectionsPerAddress(server, config.maxConnectionsPerAddress);
  return server;
}

function capConnectionsPerAddress(server: Server, cap: number): void {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
