import type { Allow } from '../admin/guard.js';
import { earnBuyRequest, earnHoldingsQuery, earnListQuery, poolFundRequest } from '@oex/protocol';
import { optionalUser, requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { EarnService } from './service.js';

/** ieo/* (docs/savings.md): products, purchase, my holdings, the public interest reserve, its funding. */
export function earnApi(deps: { earn: EarnService; sessions: SessionResolver; allow: Allow }): ApiPlugin {
  return async (app) => {
    publicRoutes(app, deps);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(deps.sessions));
      holderRoutes(signedIn, deps.earn);
    });
  };
}

const tags = ['earn'];

/** Products (more for a signed-in caller), the public interest reserve, and its funding. */
function publicRoutes(app: Api, deps: { earn: EarnService; sessions: SessionResolver; allow: Allow }): void {
  const { earn, sessions } = deps;

  app.get(
    '/ieo/list',
    {
      preHandler: optionalUser(sessions),
      schema: {
        tags,
        summary:
          'Fixed-term products: term, daily rate (%), minimum, per-user maximum, quota left, your holding',
        querystring: earnListQuery,
      },
    },
    async (request) => ok(await earn.list(request.user?.id ?? null, request.query.limit, request.lang)),
  );

  app.get(
    '/ieo/interest_account',
    {
      schema: {
        tags,
        summary: 'The public interest account per currency: its balance and the interest it has promised',
      },
    },
    async () => ok(earn.reserves()),
  );

  app.post(
    '/admin/earn/fund',
    {
      preHandler: deps.allow('machine'),
      schema: {
        tags: ['admin'],
        summary: 'Fund the savings interest account from outside: the server’s command line only',
        body: poolFundRequest,
      },
    },
    async (request) => ok(await earn.fund(request.body.currency, request.body.amount)),
  );
}

/** A signed-in user's purchases and holdings. */
function holderRoutes(app: Api, earn: EarnService): void {
  app.post(
    '/ieo/addIeo',
    {
      schema: {
        tags,
        summary:
          'Buy a product with `number` from your financial account (the spec sends only `id`; the amount is ours)',
        security: [{ token: [] }],
        body: earnBuyRequest,
      },
    },
    async (request) =>
      ok(await earn.buy(userOf(request).id, request.body, request.lang), request, 'ok.earn_bought'),
  );

  app.get(
    '/ieo/my',
    {
      schema: {
        tags,
        summary: 'Your holdings, newest first: principal, daily interest, income, days remaining, status',
        security: [{ token: [] }],
        querystring: earnHoldingsQuery,
      },
    },
    async (request) => ok(await earn.mine(userOf(request).id, request.query, request.lang)),
  );
}
