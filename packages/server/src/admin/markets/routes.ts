import { cancelChangeBody, changesQuery, scheduleChangeBody } from '@oex/protocol';
import { ok } from '../../http/envelope.js';
import type { Api, ApiPlugin } from '../../platform/api.js';
import type { Allow } from '../guard.js';
import type { MarketsDesk } from './service.js';

const tags = ['admin'];

/** Markets, currencies, seconds options and products: their settings, and changes at a stated time. */
export function adminMarketsApi(deps: { desk: MarketsDesk; allow: Allow }): ApiPlugin {
  return async (app) => deskRoutes(app, deps);
}

function deskRoutes(app: Api, deps: { desk: MarketsDesk; allow: Allow }): void {
  const { desk, allow } = deps;

  app.get(
    '/markets',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary: 'Every market with its settings, leverage terms, resting orders and open positions',
      },
    },
    async () => ok(await desk.markets()),
  );

  app.get(
    '/currencies',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary: 'Currencies with deposit and withdrawal switches, limits and fee, and their networks',
      },
    },
    async () => ok(desk.currencyList()),
  );

  app.get(
    '/micro/options',
    {
      preHandler: allow('read'),
      schema: { tags, summary: 'Seconds-contract durations, their payout ratios and open contracts' },
    },
    async () => ok(await desk.microOptions()),
  );

  app.get(
    '/earn/products',
    {
      preHandler: allow('read'),
      schema: { tags, summary: 'Savings products with their terms, sales and holdings in force' },
    },
    async (request) => ok(await desk.earnProducts(request.lang)),
  );

  app.get(
    '/changes',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary: 'Scheduled changes, newest first: pending, applied or cancelled',
        querystring: changesQuery,
      },
    },
    async (request) => ok(await desk.list(request.query.status, request.query.page, request.query.limit)),
  );

  app.post(
    '/changes/schedule',
    {
      preHandler: allow('markets'),
      schema: {
        tags,
        summary:
          'Schedule a change of whitelisted settings (never a price or an outcome) at a stated time, announced in a notice at once',
        body: scheduleChangeBody,
      },
    },
    async (request) => {
      const body = request.body;
      request.auditTarget = `${body.kind}:${body.target_id}`;
      const { change, before } = await desk.schedule(body, request.operator!.name);
      request.auditBefore = before;
      return ok(change);
    },
  );

  app.post(
    '/changes/cancel',
    {
      preHandler: allow('markets'),
      schema: {
        tags,
        summary: 'Cancel a change before it applies, with a notice that it will not',
        body: cancelChangeBody,
      },
    },
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
  );
}
