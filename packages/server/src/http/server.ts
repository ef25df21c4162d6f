import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ResponseCode, toLang, type Lang } from '@oex/protocol';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { AuthUser } from './auth.js';
import { AppError } from './errors.js';
import { translate } from './messages/index.js';
import { describeIssue, fieldOf } from './validation.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    user: AuthUser | null;
  }
}

export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

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
  '*.token',
];

const STATUS_OF_CODE: Record<string, number> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
};

/** Paths that are never the web app's, so the history fallback leaves their 404s alone. */
const NOT_WEB_ROUTES = /^\/(api|dev|coins|banners|ws)(\/|$|\?)/;

/**
 * Unknown API calls answer a 404 envelope; with a built web app, any other GET answers its
 * index.html (history fallback), so deep links work.
 */
export function setNotFound(app: Api, serveIndex: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (serveIndex && request.method === 'GET' && !NOT_WEB_ROUTES.test(request.url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: ResponseCode.ERROR, msg: translate(request.lang, 'error.route_not_found') });
  });
}

/** Fastify with the envelope, zod validation, OpenAPI, rate limits and the error rules. */
export async function createHttpServer(config: Config): Promise<Api> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACTED, censor: '[secret]' } },
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.lang = toLang(request.headers.lang);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ code: error.envelopeCode, msg: translate(lang, error.key, error.params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const { key, params } = describeIssue(issue);
      const rule = translate(lang, key, params);
      const field = fieldOf(issue, error.validationContext);
      return reply
        .status(400)
        .send({ code: ResponseCode.ERROR, msg: translate(lang, 'error.validation', { field, rule }) });
    }
    const status = STATUS_OF_CODE[error.code] ?? error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ code: ResponseCode.ERROR, msg: translate(lang, 'error.internal') });
    }
    const msg =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? translate(lang, 'error.bad_json') : error.message;
    return reply.status(status).send({ code: ResponseCode.ERROR, msg });
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
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  return app;
}
