import { api } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Api, ApiPlugin } from '../../platform/api.js';
import type { Allow } from '../guard.js';
import type { OperatorPrincipal } from '../operators.js';
import type { Adjustments } from './adjustments.js';
import type { Dashboard } from './dashboard.js';
import type { AdminUsersService } from './service.js';

/** The operator of a call its guard let through. */
const operatorOf = (request: FastifyRequest): OperatorPrincipal => request.operator!;

/** The console's dashboard, users and balance adjustments. */
export function adminUsersApi(deps: AdminUsersDeps): ApiPlugin {
  return async (app) => consoleRoutes(app, deps);
}

interface AdminUsersDeps {
  dashboard: Dashboard;
  users: AdminUsersService;
  adjustments: Adjustments;
  allow: Allow;
}

function consoleRoutes(app: Api, deps: AdminUsersDeps): void {
  const { dashboard, users, adjustments, allow } = deps;
  const calls = api.admin;
  const read = { preHandler: allow('read') };

  // ---- dashboard -----------------------------------------------------------------------------

  route(app, calls.dashboard, async () => ok(await dashboard.figures()), read);

  route(
    app,
    calls.runAudit,
    async (request) => {
      const last = await dashboard.lastAudit();
      request.auditBefore = last && { last_run: last.id, at: last.at, ok: last.ok };
      return ok(await dashboard.runAudit(operatorOf(request)));
    },
    read,
  );

  // ---- users ---------------------------------------------------------------------------------

  route(
    app,
    calls.users.search,
    async (request) => ok(await users.search(request.query.q, request.query.page)),
    read,
  );

  route(
    app,
    calls.users.detail,
    async (request) => ok(await users.detail(request.params.id, request.lang)),
    read,
  );

  route(
    app,
    calls.users.logs,
    async (request) =>
      ok(await users.logs(request.params.id, request.query.page, request.query.limit, request.lang)),
    read,
  );

  const userAction = (
    entry: (typeof calls.users)['freeze' | 'unfreeze' | 'end_sessions' | 'reset_2fa'],
    act: (userId: number, reason: string) => ReturnType<AdminUsersService['freeze']>,
  ) =>
    route(
      app,
      entry,
      async (request) => {
        const { user_id: userId, reason } = request.body;
        request.auditBefore = await users.stateOf(userId);
        return ok(await act(userId, reason));
      },
      { preHandler: allow('users.manage') },
    );

  userAction(calls.users.freeze, (userId, reason) => users.freeze(userId, reason));
  userAction(calls.users.unfreeze, (userId) => users.unfreeze(userId));
  userAction(calls.users.end_sessions, (userId) => users.endSessions(userId));
  userAction(calls.users.reset_2fa, (userId) => users.resetTotp(userId));

  // ---- balance adjustments -------------------------------------------------------------------

  const funds = { preHandler: allow('funds') };

  route(app, calls.adjustments.list, async (request) => ok(await adjustments.list(request.query)), read);

  route(
    app,
    calls.adjustments.propose,
    async (request) => ok(await adjustments.propose(operatorOf(request), request.body)),
    funds,
  );

  route(
    app,
    calls.adjustments.approve,
    async (request) => {
      request.auditBefore = await adjustments.statusOf(request.body.id);
      return ok(await adjustments.approve(operatorOf(request), request.body.id, request.body.reason));
    },
    funds,
  );

  route(
    app,
    calls.adjustments.reject,
    async (request) => {
      request.auditBefore = await adjustments.statusOf(request.body.id);
      return ok(await adjustments.reject(operatorOf(request), request.body.id, request.body.reason));
    },
    funds,
  );
}
