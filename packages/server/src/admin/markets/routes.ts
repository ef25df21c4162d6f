import { api } from '@oex/protocol';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Api, ApiPlugin } from '../../platform/api.js';
import type { Allow } from '../guard.js';
import type { MarketsDesk } from './service.js';

/** Markets, currencies, seconds options and products: their settings, and changes at a stated time. */
export function adminMarketsApi(deps: { desk: MarketsDesk; allow: Allow }): ApiPlugin {
  return async (app) => deskRoutes(app, deps);
}

function deskRoutes(app: Api, deps: { desk: MarketsDesk; allow: Allow }): void {
  const { desk, allow } = deps;
  const calls = api.admin;
  const read = { preHandler: allow('read') };
  const markets = { preHandler: allow('markets') };

  route(app, calls.markets, async () => ok(await desk.markets()), read);
  route(app, calls.currencies, async () => ok(desk.currencyList()), read);
  route(app, calls.microOptions, async () => ok(await desk.microOptions()), read);
  route(app, calls.earnProducts, async (request) => ok(await desk.earnProducts(request.lang)), read);

  route(
    app,
    calls.changes.list,
    async (request) => ok(await desk.list(request.query.status, request.query.page, request.query.limit)),
    read,
  );

  route(
    app,
    calls.changes.schedule,
    async (request) => {
      const body = request.body;
      request.auditTarget = `${body.kind}:${body.target_id}`;
      const { change, before } = await desk.schedule(body, request.operator!.name);
      request.auditBefore = before;
      return ok(change);
    },
    markets,
  );

  route(
    app,
    calls.changes.cancel,
    async (request) => {
      const { change, before } = await desk.cancel(
        request.body.id,
        request.body.reason,
        request.operator!.name,
      );
      request.auditTarget = `${change.kind}:${change.target_id}`;
      request.auditBefore = { id: before.id, status: 'pending', effective_at: Number(before.effective_at) };
      return ok(change);
    },
    markets,
  );
}
