import {
  adjustmentDecideRequest,
  adjustmentProposeRequest,
  adjustmentsQuery,
  adminUserActionRequest,
  adminUserLogsQuery,
  adminUserParams,
  adminUsersQuery,
} from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import type { Api, ApiPlugin } from '../../platform/api.js';
import type { Allow } from '../guard.js';
import type { OperatorPrincipal } from '../operators.js';
import type { Adjustments } from './adjustments.js';
import type { Dashboard } from './dashboard.js';
import type { AdminUsersService } from './service.js';

const tags = ['admin'];

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

  // ---- dashboard -----------------------------------------------------------------------------

  app.get(
    '/dashboard',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary:
          'Users (registered, certified, active today), 24 h volume per market with the market maker’s share, open orders, money waiting, the last audit, chain holdings',
      },
    },
    async () => ok(await dashboard.figures()),
  );

  app.post(
    '/audit/run',
    {
      preHandler: allow('read'),
      schema: { tags, summary: 'Run the ledger audit (npm run audit’s checks) now and keep its result' },
    },
    async (request) => {
      const last = await dashboard.lastAudit();
      request.auditBefore = last && { last_run: last.id, at: last.at, ok: last.ok };
      return ok(await dashboard.runAudit(operatorOf(request)));
    },
  );

  // ---- users ---------------------------------------------------------------------------------

  app.get(
    '/users',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary: 'Search users by id, email, phone or invite code',
        querystring: adminUsersQuery,
      },
    },
    async (request) => ok(await users.search(request.query.q, request.query.page)),
  );

  app.get(
    '/users/:id',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary: 'A user: accounts, orders, sessions, identity, two-factor, frozen state, adjustments',
        params: adminUserParams,
      },
    },
    async (request) => ok(await users.detail(request.params.id, request.lang)),
  );

  app.get(
    '/users/:id/logs',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary: 'A user’s journal rows, every account, newest first (as the user sees them)',
        params: adminUserParams,
        querystring: adminUserLogsQuery,
      },
    },
    async (request) =>
      ok(await users.logs(request.params.id, request.query.page, request.query.limit, request.lang)),
  );

  const userAction = (
    path: string,
    summary: string,
    act: (userId: number, reason: string) => ReturnType<AdminUsersService['freeze']>,
  ) =>
    app.post(
      `/users/${path}`,
      { preHandler: allow('users.manage'), schema: { tags, summary, body: adminUserActionRequest } },
      async (request) => {
        const { user_id: userId, reason } = request.body;
        request.auditBefore = await users.stateOf(userId);
        return ok(await act(userId, reason));
      },
    );

  userAction(
    'freeze',
    'Freeze a user: no sign-in, every session ends at once; open orders stay',
    (userId, reason) => users.freeze(userId, reason),
  );
  userAction('unfreeze', 'Lift a freeze', (userId) => users.unfreeze(userId));
  userAction('end_sessions', 'End every session of a user', (userId) => users.endSessions(userId));
  userAction('reset_2fa', 'Turn two-factor off for a certified user who lost the authenticator', (userId) =>
    users.resetTotp(userId),
  );

  // ---- balance adjustments -------------------------------------------------------------------

  app.get(
    '/adjustments',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary: 'Balance adjustments, newest first, by status',
        querystring: adjustmentsQuery,
      },
    },
    async (request) => ok(await adjustments.list(request.query)),
  );

  app.post(
    '/adjustments/propose',
    {
      preHandler: allow('funds'),
      schema: {
        tags,
        summary:
          'Propose a balance adjustment (signed amount, reason, reference): always pending until another operator approves it',
        body: adjustmentProposeRequest,
      },
    },
    async (request) => ok(await adjustments.propose(operatorOf(request), request.body)),
  );

  app.post(
    '/adjustments/approve',
    {
      preHandler: allow('funds'),
      schema: {
        tags,
        summary: 'Approve a pending adjustment: another operator than its proposer',
        body: adjustmentDecideRequest,
      },
    },
    async (request) => {
      request.auditBefore = await adjustments.statusOf(request.body.id);
      return ok(await adjustments.approve(operatorOf(request), request.body.id, request.body.reason));
    },
  );

  app.post(
    '/adjustments/reject',
    {
      preHandler: allow('funds'),
      schema: { tags, summary: 'Reject a pending adjustment; nothing moves', body: adjustmentDecideRequest },
    },
    async (request) => {
      request.auditBefore = await adjustments.statusOf(request.body.id);
      return ok(await adjustments.reject(operatorOf(request), request.body.id, request.body.reason));
    },
  );
}
