import {
  Decimal,
  type CallSpec,
  type OkEnvelope,
  type ParamsOf,
  type ReplyOf,
  type RequestOf,
} from '@oex/protocol';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Api } from '../platform/api.js';
import type { RequestOnceKey } from '../lib/request-once.js';
import { sha256 } from '../lib/secrets.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a call whose contract entry is idempotent and whose body carries request_id. */
    requestOnce: RequestOnceKey | null;
  }
}

/**
 * The request a call's handler reads: its query (GET or multipart) or body (POST) and its path's
 * fields, as validated by the entry's schemas.
 */
export type CallRequest<S extends CallSpec> = FastifyRequest<
  (S extends { method: 'GET' } | { multipart: true }
    ? { Querystring: RequestOf<S> }
    : { Body: RequestOf<S> }) & {
    Params: ParamsOf<S>;
  }
>;

/**
 * A call's handler answers the success envelope of the entry's reply; refusals are thrown. A refusal
 * with fields beside code and msg (user/login's two-factor step) is sent, and the reply returned.
 */
export type CallHandler<S extends CallSpec> = (
  request: CallRequest<S>,
  reply: FastifyReply,
) => OkEnvelope<ReplyOf<S>> | FastifyReply | Promise<OkEnvelope<ReplyOf<S>> | FastifyReply>;

/** What a route adds to its entry: a rate limit, a route-level hook. */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'preHandler' | 'bodyLimit'>;

/**
 * Registers the route of a contract entry (packages/protocol/src/contract.ts): its method and path,
 * its OpenAPI tags and summary, its path fields' schema, its request schema as the query or body
 * (or a multipart body), the token it needs, and for
 * an idempotent entry the hook that reads request_id.
 */
export function route<S extends CallSpec>(
  app: Api,
  entry: S,
  handler: CallHandler<S>,
  extras: RouteExtras = {},
): void {
  // A multipart body is the form the handler reads: the request of such a call is its query.
  const requestSchema = entry.request
    ? entry.method === 'GET' || entry.multipart
      ? { querystring: entry.request }
      : { body: entry.request }
    : {};
  const paramsSchema = entry.params ? { params: entry.params } : {};
  const multipart = entry.multipart ? { consumes: ['multipart/form-data'] } : {};
  // The operator console's token is a header of its own, described in docs/operator-console.md.
  const security = entry.auth === 'user' ? { security: [{ token: [] }] } : {};
  const hooks = [...asList(extras.preHandler), ...(entry.idempotent ? [readRequestId(entry)] : [])];
  app.route({
    ...extras,
    method: entry.method,
    url: urlUnder(app.prefix, entry.path),
    schema: {
      tags: [...entry.tags],
      summary: entry.summary,
      ...security,
      ...multipart,
      ...paramsSchema,
      ...requestSchema,
    },
    ...(hooks.length > 0 ? { preHandler: hooks } : {}),
    handler: handler as never,
  });
}

/** An entry's path (under /api) as the plugin it is registered in sees it, past its prefix. */
function urlUnder(prefix: string, path: string): string {
  const url = `/api/${path}`;
  if (!url.startsWith(`${prefix}/`)) throw new Error(`${url} cannot be registered under ${prefix || '/'}`);
  return url.slice(prefix.length);
}

function asList<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** Fields never digested: a retry is the same call whatever secret it repeats, and no digest of a secret is kept. */
const SECRET_FIELDS = new Set([
  'password',
  're_password',
  'old_password',
  'new_password',
  'pay_password',
  'secondary_password',
  'sms_code',
  'email_code',
  'auth_code',
  'code',
  'totp',
  'totp_code',
  'token',
]);

/**
 * A term as compared between retries: a decimal however written (`1.50` and `1.5` are one amount),
 * anything else as validated.
 */
function termOf(value: unknown): unknown {
  if (typeof value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(value) && !Decimal.problem(value)) {
    return Decimal.parse(value).toString();
  }
  return value;
}

/**
 * The one hook of every idempotent call: runs after validation, so the digest is of the terms as
 * the service will read them (defaults applied, ids for codes), whatever order or spelling the
 * caller sent.
 */
function readRequestId(entry: CallSpec) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const id = body.request_id;
    if (typeof id !== 'string' || id === '') return;
    const terms = Object.keys(body)
      .filter((key) => key !== 'request_id' && !SECRET_FIELDS.has(key) && body[key] !== undefined)
      .sort()
      .map((key) => [key, termOf(body[key])]);
    request.requestOnce = { id, hash: sha256(JSON.stringify([entry.path, terms])) };
  };
}
