import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import { paged } from '../lib/paged.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import { OPERATOR_HEADER, type Allow } from './guard.js';
import type { OperatorLog } from './operator-log.js';
import type { Operators } from './operators.js';

const loginRequest = z.object({
  name: z.string().trim().toLowerCase().min(2).max(32),
  password: z.string().min(1).max(200),
  code: z.string().trim().min(6).max(10),
});

const logQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  operator: z.string().trim().max(64).optional(),
  action: z.string().trim().max(128).optional(),
});

const tags = ['admin'];

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/** The console's own calls: operator sign-in and the operator log. */
export function adminConsoleApi(deps: AdminConsoleDeps): ApiPlugin {
  return async (app) => sessionRoutes(app, deps);
}

interface AdminConsoleDeps {
  operators: Operators;
  log: OperatorLog;
  allow: Allow;
  authRateLimit: number;
}

function sessionRoutes(app: Api, deps: AdminConsoleDeps): void {
  const { operators, log, allow } = deps;

  app.post(
    '/session/login',
    {
      config: { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Operator sign-in: name, password and the authenticator code (all required); X-Operator-Token then',
        body: loginRequest,
      },
    },
    async (request) => {
      const { session, principal } = await operators.login(request.body, clientOf(request));
      // Logged as the operator who signed in (the token is never logged).
      request.operator = principal;
      return ok(session);
    },
  );

  app.get(
    '/session/me',
    { preHandler: allow('read'), schema: { tags, summary: 'The signed-in operator' } },
    async (request) => {
      const principal = request.operator!;
      const token = request.headers[OPERATOR_HEADER];
      const expiresAt =
        typeof token === 'string' ? (await operators.authenticate(token, request.ip)).expiresAt : null;
      return ok({ name: principal.name, role: principal.role, expires_at: expiresAt });
    },
  );

  app.post(
    '/session/logout',
    { preHandler: allow('read'), schema: { tags, summary: 'End this operator session' } },
    async (request) => {
      if (request.operatorSessionId) await operators.logout(request.operatorSessionId);
      return ok(null);
    },
  );

  app.get(
    '/log',
    {
      preHandler: allow('read'),
      schema: { tags, summary: 'The operator log, newest first', querystring: logQuery },
    },
    async (request) => {
      const { page, per_page: perPage, operator, action } = request.query;
      const { total, rows } = await log.page({ operator, action }, page, perPage);
      return ok(paged(rows, total, page, perPage));
    },
  );

  app.get(
    '/log/verify',
    {
      preHandler: allow('read'),
      schema: { tags, summary: 'Walk the operator log’s hash chain and name its head' },
    },
    async () => ok(await log.verify()),
  );
}
