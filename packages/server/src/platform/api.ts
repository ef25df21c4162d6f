import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The server every route and request hook is registered on: Fastify, with zod schemas typing each
 * route. Declared here rather than in http/ (which builds it) so that hooks living with their
 * domain, such as the operator log and the admin guards, name it without importing the web layer.
 */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A domain's routes as a Fastify plugin: its paths are relative to the prefix it is registered
 * with (`app.register(spotApi(...), { prefix: '/api' })`), and its scopes keep their hooks to themselves.
 */
export type ApiPlugin = (app: Api) => Promise<void>;
