import { api } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import { paged } from '../lib/paged.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import { OPERATOR_HEADER, type Allow } from './guard.js';
import type { OperatorLog } from './operator-log.js';
import type { Operators } from './operators.js';

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
  const { session, log: logCalls } = api.admin;

  route(
    app,
    session.login,
    async (request) => {
      const { session: opened, principal } = await operators.login(request.body, clientOf(request));
      // Logged as the operator who signed in (the token is never logged).
      request.operator = principal;
      return ok(opened);
    },
    { config: { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } } },
  );

  route(
    app,
    session.me,
    async (request) => {
      const principal = request.operator!;
      const token = request.headers[OPERATOR_HEADER];
      const expiresAt =
        typeof token === 'string' ? (await operators.authenticate(token, request.ip)).expiresAt : null;
      return ok({ name: principal.name, role: principal.role, expires_at: expiresAt });
    },
    { preHandler: allow('read') },
  );

  route(
    app,
    session.logout,
    async (request) => {
      if (request.operatorSessionId) await operators.logout(request.operatorSessionId);
      return ok(null);
    },
    { preHandler: allow('read') },
  );

  route(
    app,
    logCalls.list,
    async (request) => {
      const { page, per_page: perPage, operator, action } = request.query;
      const { total, rows } = await log.page({ operator, action }, page, perPage);
      return ok(paged(rows, total, page, perPage));
    },
    { preHandler: allow('read') },
  );

  route(app, logCalls.verify, async () => ok(await log.verify()), { preHandler: allow('read') });
}
