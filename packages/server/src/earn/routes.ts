import type { Allow } from '../admin/guard.js';
import { earnBuyRequest, earnHoldingsQuery, earnListQuery } from '@oex/protocol';
import { optionalUser, requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import type { Api } from '../platform/api.js';
import { poolFundRequest } from '../micro/routes.js';
import type { EarnService } from './service.js';

/** ieo/* (docs/savings.md): products, purchase, my holdings, the public interest reserve, its funding. */
export function earnRoutes(
  app: Api,
  deps: {
    earn: EarnService;
    sessions: SessionResolver;
    allow: Allow;
  },
): void {
  const { earn, sessions } = deps;
  const tags = ['earn'];
  const signedIn = { preHandler: requireUser(sessions) };

  app.get(
    '/api/ieo/list',
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

  app.post(
    '/api/ieo/addIeo',
    {
      ...signedIn,
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
    '/api/ieo/my',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Your holdings, newest first: principal, daily interest, income, days remaining, status',
        security: [{ token: [] }],
        querystring: earnHoldingsQuery,
      },
    },
    async (request) => ok(await earn.mine(userOf(request).id, request.query, request.lang)),
  );

  app.get(
    '/api/ieo/interest_account',
    {
      schema: {
        tags,
        summary: 'The public interest account per currency: its balance and the interest it has promised',
      },
    },
    async () => ok(earn.reserves()),
  );

  app.post(
    '/api/admin/earn/fund',
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
