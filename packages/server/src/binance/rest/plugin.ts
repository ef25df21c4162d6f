import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyGrant } from '../../apikeys/grant.js';
import type { Api, ApiPlugin } from '../../platform/api.js';
import { AppError } from '../../platform/errors.js';
import { translate } from '../../platform/messages/index.js';
import { bookSequenceOf } from '../book-sequence.js';
import type { BinanceContext } from '../domain.js';
import { checkTiming, liveGrant } from '../key-checks.js';
import {
  BinanceError,
  badKeyFormat,
  invalidSignature,
  mandatoryParam,
  rejectedKey,
  tooManyRequests,
  unknownError,
} from '../errors.js';
import { listenKeysOf } from '../listen-keys.js';
import { WindowCounter } from '../rate-rules.js';
import { capitalRefusalOf, refusalOf } from '../rules.js';
import { signatureMatches, signedPayload } from '../signing.js';
import { capitalRoutes } from './capital.js';
import { marketRoutes } from './market.js';
import { Params, rawParts } from './params.js';
import { tradingRoutes } from './trading.js';

/**
 * Who may call a route: anyone, a caller with a key (no signature), a signed call, a signed call
 * that trades, a signed call that withdraws.
 */
export type RouteAuth = 'public' | 'key' | 'signed' | 'trade' | 'withdraw';

export interface Call {
  params: Params;
  /** The caller's key, for every route but the public ones. */
  grant: ApiKeyGrant;
  request: FastifyRequest;
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under its scope (/api/v3 or /sapi/v1). */
  path: string;
  auth: RouteAuth;
  /** The request weight of this call with these parameters (rate-rules.ts). */
  weight(params: Params): number;
  /** Whether it counts against the order limit (placing). */
  placesOrder?: boolean;
  handle(call: Call): Promise<unknown>;
}

const KEY_FORMAT = /^[A-Za-z0-9]{16,128}$/;
const WEIGHT_HEADER = 'x-mbx-used-weight-1m';

/** How a scope turns one of our services' refusals into Binance's shape. */
type Refuse = (error: AppError) => BinanceError;

/** Spot calls: a missing row is an order that does not exist; the rest as orders are refused. */
const spotRefusal: Refuse = (error) =>
  error.status === 404
    ? new BinanceError(400, -2013, 'Order does not exist.')
    : refusalOf(error.key, translate('en', error.key, error.params));

/** Wallet calls: Binance's -4xxx capital codes. */
const capitalRefusal: Refuse = (error) =>
  capitalRefusalOf(error.key, translate('en', error.key, error.params));

/**
 * Binance's spot REST calls under `/api/v3` and its wallet calls under `/sapi/v1`
 * (docs/trading-api.md). Both scopes share the keys, signature rules and weight counters; each has
 * its own form parser (keeping the raw body a signature covers), error handler and not-found
 * answer, so every answer here is Binance's shape, never the web API's envelope.
 */
export function binanceRest(context: BinanceContext): ApiPlugin {
  // Made now, when the domain opens, so no book change is missed before the first call.
  const sequence = bookSequenceOf(context);
  const listenKeys = listenKeysOf(context);
  const weights = new WindowCounter(60_000, context.config.tradingApiWeightPerMinute);
  const orders = new WindowCounter(10_000, context.config.tradingApiOrdersPer10s);
  const routes = [...marketRoutes(context, sequence), ...tradingRoutes(context, listenKeys)];

  /** The key of a call that names one, checked: known, live, from an allowed address. */
  async function keyOf(request: FastifyRequest): Promise<ApiKeyGrant> {
    const header = request.headers['x-mbx-apikey'];
    const apiKey = Array.isArray(header) ? header[0] : header;
    if (!apiKey || !KEY_FORMAT.test(apiKey)) throw badKeyFormat();
    return liveGrant(await context.apiKeys.find(apiKey), context.clock.now(), request.ip);
  }

  /** Binance's signature and timing rules over the raw query string and body. */
  function checkSignature(request: FastifyRequest, params: Params, grant: ApiKeyGrant): void {
    const timestamp = params.integer('timestamp');
    if (timestamp === undefined) throw mandatoryParam('timestamp');
    checkTiming(timestamp, params.integer('recvWindow'), context.clock.now());
    const { query, body } = rawParts(request);
    const { payload, signature } = signedPayload(query, body);
    if (signature === undefined) throw mandatoryParam('signature');
    if (!signatureMatches(grant.secret, payload, signature)) throw invalidSignature();
  }

  function charge(reply: FastifyReply, caller: string, weight: number): void {
    const taken = weights.take(caller, weight, context.clock.now());
    void reply.header(WEIGHT_HEADER, String(taken.used));
    if (!taken.allowed) {
      throw tooManyRequests(
        taken.retryAfterSeconds,
        `Too much request weight used; current limit is ${weights.limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
      );
    }
  }

  async function run(route: RouteDef, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const params = Params.of(request);
    const weight = route.weight(params);
    // The address pays for every call; a keyed call pays on its key as well.
    charge(reply, `ip:${request.ip}`, weight);
    if (route.auth === 'public')
      return route.handle({ params, request, grant: undefined as unknown as ApiKeyGrant });
    const grant = await keyOf(request);
    const keyTaken = weights.take(`key:${grant.id}`, weight, context.clock.now());
    if (!keyTaken.allowed) throw tooManyRequests(keyTaken.retryAfterSeconds);
    if (route.auth !== 'key') checkSignature(request, params, grant);
    if (route.auth === 'trade' && !grant.permissions.trade) {
      throw rejectedKey(
        'Invalid API-key, IP, or permissions for action: this API key has no permission to trade.',
      );
    }
    // A withdrawing key has an IP list (refused at creation otherwise); checked again here, since
    // the list is what stands in for the web's trade password.
    if (route.auth === 'withdraw' && (!grant.permissions.withdraw || grant.ipList.length === 0)) {
      throw rejectedKey(
        'Invalid API-key, IP, or permissions for action: this API key has no permission to withdraw (enable it on the API keys page, with an IP list).',
      );
    }
    if (route.placesOrder) {
      const counted = orders.take(`key:${grant.id}`, 1, context.clock.now());
      void reply.header('x-mbx-order-count-10s', String(counted.used));
      if (!counted.allowed) {
        throw tooManyRequests(
          counted.retryAfterSeconds,
          `Too many new orders; current limit is ${orders.limit} orders per 10 SECOND.`,
        );
      }
    }
    context.apiKeys.markUsed(grant, context.clock.now(), request.ip);
    return route.handle({ params, request, grant });
  }

  function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply, refuse: Refuse) {
    let refusal: BinanceError;
    if (error instanceof BinanceError) refusal = error;
    else if (error instanceof AppError) refusal = refuse(error);
    else {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== undefined && status >= 400 && status < 500) {
        refusal = new BinanceError(status, -1100, (error as Error).message);
      } else {
        request.log.error({ err: error }, 'trading api call failed');
        refusal = unknownError();
      }
    }
    if (refusal.retryAfter !== undefined) void reply.header('retry-after', String(refusal.retryAfter));
    if (!reply.hasHeader(WEIGHT_HEADER)) {
      void reply.header(WEIGHT_HEADER, String(weights.peek(`ip:${request.ip}`, context.clock.now())));
    }
    return reply.status(refusal.status).send(refusal.toJSON());
  }

  const scopeOf = (scopeRoutes: RouteDef[], refuse: Refuse) => async (app: Api) => {
    // Signed calls carry their parameters as a form; the signature covers the body as sent.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    app.setErrorHandler((error, request, reply) => answerError(error, request, reply, refuse));
    app.setNotFoundHandler((request, reply) => {
      void reply.header(WEIGHT_HEADER, String(weights.peek(`ip:${request.ip}`, context.clock.now())));
      return reply
        .status(404)
        .send({ code: -1000, msg: `Unknown path: ${request.method} ${request.url.split('?')[0]}` });
    });
    for (const route of scopeRoutes) {
      app.route({
        method: route.method,
        url: `/${route.path}`,
        schema: { hide: true },
        handler: async (request, reply) => {
          const answer = await run(route, request, reply);
          return reply.status(200).send(answer);
        },
      });
    }
  };
  return async (app) => {
    await app.register(scopeOf(routes, spotRefusal), { prefix: '/api/v3' });
    await app.register(scopeOf(capitalRoutes(context), capitalRefusal), { prefix: '/sapi/v1' });
  };
}
