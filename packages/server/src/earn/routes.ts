import type { Allow } from '../admin/guard.js';
import { api } from '@oex/protocol';
import { optionalUser, requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
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

/** Products (more for a signed-in caller), the public interest reserve, and its funding. */
function publicRoutes(app: Api, deps: { earn: EarnService; sessions: SessionResolver; allow: Allow }): void {
  const { earn, sessions } = deps;
  route(
    app,
    api.earn.products,
    async (request) => ok(await earn.list(request.user?.id ?? null, request.query.limit, request.lang)),
    { preHandler: optionalUser(sessions) },
  );
  route(app, api.earn.reserves, async () => ok(earn.reserves()));
  route(
    app,
    api.earn.fundReserve,
    async (request) => ok(await earn.fund(request.body.currency, request.body.amount)),
    {
      preHandler: deps.allow('machine'),
    },
  );
}

/** A signed-in user's purchases and holdings. */
function holderRoutes(app: Api, earn: EarnService): void {
  route(app, api.earn.buy, async (request) =>
    ok(
      await earn.buy(userOf(request).id, request.body, request.lang, request.requestOnce),
      request,
      'ok.earn_bought',
    ),
  );
  route(app, api.earn.holdings, async (request) =>
    ok(await earn.mine(userOf(request).id, request.query, request.lang)),
  );
}
