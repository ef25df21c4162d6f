import type { Allow } from '../admin/guard.js';
import { amountField, microListsQuery, microSubmitRequest, microVerifyQuery } from '@oex/protocol';
import { z } from 'zod';
import { optionalUser, requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { MicroService } from './service.js';

export const poolFundRequest = z.object({
  currency: z.string().trim().min(1).max(16),
  amount: amountField,
});

/** microtrade/* (docs/seconds-contracts.md), the public pool and verification, and the operator's pool funding. */
export function microApi(deps: { micro: MicroService; sessions: SessionResolver; allow: Allow }): ApiPlugin {
  return async (app) => {
    publicRoutes(app, deps);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(deps.sessions));
      traderRoutes(signedIn, deps.micro);
    });
  };
}

const tags = ['micro'];

/** Stakes on offer, the public pool and verification, and the operator's pool funding. */
function publicRoutes(
  app: Api,
  deps: { micro: MicroService; sessions: SessionResolver; allow: Allow },
): void {
  const { micro, sessions } = deps;

  app.get(
    '/microtrade/payable_currencies',
    {
      preHandler: optionalUser(sessions),
      schema: {
        tags,
        summary: 'Currencies one can stake, their preset amounts, bounds and fee, with your micro balance',
      },
    },
    async (request) => ok(await micro.payableCurrencies(request.user?.id ?? null)),
  );

  app.get(
    '/microtrade/seconds',
    { schema: { tags, summary: 'Durations on offer and the profit ratio of a win (a fraction)' } },
    async () => ok(await micro.seconds()),
  );

  app.get(
    '/microtrade/pool',
    {
      schema: {
        tags,
        summary:
          'The public pool per currency: balance, open stakes and worst case, totals staked, paid, fees and funded',
      },
    },
    async () => ok(await micro.pool()),
  );

  app.get(
    '/microtrade/verify',
    {
      schema: {
        tags,
        summary:
          'Any order with the two tape rows that decided it (with their inputs) and the rule: recompute it yourself',
        querystring: microVerifyQuery,
      },
    },
    async (request) => ok(await micro.verify(request.query.id, request.lang)),
  );

  app.post(
    '/admin/micro_pool/fund',
    {
      preHandler: deps.allow('machine'),
      schema: {
        tags: ['admin'],
        summary: 'Fund the seconds-contract pool from outside (npm run pool): the server’s command line only',
        body: poolFundRequest,
      },
    },
    async (request) => ok(await micro.fund(request.body.currency, request.body.amount)),
  );
}

/** A signed-in user's stakes. */
function traderRoutes(app: Api, micro: MicroService): void {
  app.post(
    '/microtrade/submit',
    {
      schema: {
        tags,
        summary:
          "Stake that the mark price is higher (type 1) or lower (2) after `seconds`; opens at the tape's current price",
        security: [{ token: [] }],
        body: microSubmitRequest,
      },
    },
    async (request) =>
      ok(await micro.submit(userOf(request).id, request.body), request, 'ok.micro_submitted'),
  );

  app.get(
    '/microtrade/lists',
    {
      schema: {
        tags,
        summary: 'Your seconds contracts in progress (status 1) or closed (3), newest first',
        security: [{ token: [] }],
        querystring: microListsQuery,
      },
    },
    async (request) => ok(await micro.lists(userOf(request).id, request.query)),
  );
}
