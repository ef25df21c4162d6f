import type { z } from 'zod';

/**
 * The typed contract of the HTTP calls (docs/platform.md). One entry per call says its method, its
 * path under /api, who may make it, what it takes and what it answers; the server registers the
 * call's route from the entry (and the OpenAPI document from the route), and the web calls it by the
 * same entry, so a changed request or reply breaks the compiler on both sides at once.
 */

/**
 * Who may make a call: anyone, a signed-in user (Authorization), an operator (X-Operator-Token), or
 * only the server's own command line on its machine.
 */
export type CallAuth = 'public' | 'user' | 'operator' | 'machine';

/**
 * A reply described by its type only, where a schema of the whole answer would repeat a large
 * interface field by field. `reply<T>()` carries T for the compiler and nothing at run time.
 */
export interface ReplyType<T> {
  readonly kind: 'reply-type';
  /** Never set: it only carries T. */
  readonly type?: T;
}

export function reply<T>(): ReplyType<T> {
  return { kind: 'reply-type' };
}

/** What a call answers inside `data`: a zod schema of it, or its type. */
export type ReplySpec = z.ZodType | ReplyType<unknown>;

export interface CallSpec {
  method: 'GET' | 'POST';
  /** Under /api, without a leading slash, as the web names it: `market/deal`, `admin/credit`. */
  path: string;
  auth: CallAuth;
  /** The query (GET) or the JSON body (POST); none for a call that takes nothing. */
  request?: z.ZodType;
  reply: ReplySpec;
  /**
   * The body may carry `request_id`: the same id again answers the first call instead of acting
   * twice, and the same id with other terms is refused (one route hook reads it, http/route.ts).
   */
  idempotent?: boolean;
  tags: readonly string[];
  summary: string;
}

/** An entry as written, its literal method and path kept for the compiler. */
export function defineCall<const S extends CallSpec>(spec: S): S {
  return spec;
}

/** What `data` holds in a call's success envelope. */
export type ReplyOf<S extends CallSpec> =
  S['reply'] extends ReplyType<infer T> ? T : S['reply'] extends z.ZodType ? z.output<S['reply']> : never;

/** What the server's handler reads: the request after validation (defaults applied, strings parsed). */
export type RequestOf<S extends CallSpec> = S extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : Record<string, never>;

/** What a caller sends: the request before validation. */
export type PayloadOf<S extends CallSpec> = S extends { request: infer R extends z.ZodType }
  ? z.input<R>
  : Record<string, never>;

/** What a caller passes after the entry: the payload (required where the call takes one) and options. */
export type CallArgs<S extends CallSpec, Options> = S extends { request: z.ZodType }
  ? [payload: PayloadOf<S>, options?: Options]
  : [payload?: Record<string, never>, options?: Options];
