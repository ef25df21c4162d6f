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
  /**
   * Under /api, without a leading slash, as the web names it: `market/deal`, `admin/credit`; a
   * `:name` segment is a field of the path (`admin/users/:id`), described by `params`.
   */
  path: string;
  auth: CallAuth;
  /** The fields of the path's `:name` segments; the caller passes them in the payload. */
  params?: z.ZodType;
  /**
   * The query (GET, or a multipart POST, whose body is the form) or the JSON body (POST); none for
   * a call that takes nothing.
   */
  request?: z.ZodType;
  /** The body is a multipart form (an upload) the handler reads itself, not JSON. */
  multipart?: true;
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

/** What the server's handler reads of the path: its `:name` fields after validation. */
export type ParamsOf<S extends CallSpec> = S extends { params: infer P extends z.ZodType }
  ? z.output<P>
  : Record<string, never>;

type InputOf<S, K extends 'request' | 'params'> = S extends { [F in K]: infer R extends z.ZodType }
  ? z.input<R>
  : unknown;

/** What a caller sends: the request and the path's fields, before validation. */
export type PayloadOf<S extends CallSpec> = S extends { request: z.ZodType } | { params: z.ZodType }
  ? InputOf<S, 'request'> & InputOf<S, 'params'>
  : Record<string, never>;

/** What a caller passes after the entry: the payload (required where the call takes one) and options. */
export type CallArgs<S extends CallSpec, Options> = S extends { request: z.ZodType } | { params: z.ZodType }
  ? [payload: PayloadOf<S>, options?: Options]
  : [payload?: Record<string, never>, options?: Options];

/**
 * Where a call goes and what it sends there: its path with each `:name` segment replaced by the
 * payload's field of that name, and the payload without those fields.
 */
export function pathOf(
  path: string,
  payload: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...payload };
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: no ${name}`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}
