import { api } from '@oex/protocol';
import type { Allow } from '../admin/guard.js';
import { optionalUser, requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { MicroService } from './service.js';

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

/** Stakes on offer, the public pool and verification, and the operator's pool funding. */
function publicRoutes(
  app: Api,
  deps: { micro: MicroService; sessions: SessionResolver; allow: Allow },
): void {
  const { micro, sessions } = deps;
  route(
    app,
    api.micro.payableCurrencies,
    async (request) => ok(await micro.payableCurrencies(request.user?.id ?? null)),
    {
      preHandler: optionalUser(sessions),
    },
  );
  route(app, api.micro.seconds, async () => ok(await micro.seconds()));
  route(app, api.micro.pool, async () => ok(await micro.pool()));
  route(app, api.micro.verify, async (request) => ok(await micro.verify(request.query.id, request.lang)));
  route(
    app,
    api.micro.fundPool,
    async (request) => ok(await micro.fund(request.body.currency, request.body.amount)),
    {
      preHandler: deps.allow('machine'),
    },
  );
}

/** A signed-in user's stakes. */
function traderRoutes(app: Api, micro: MicroService): void {
  route(app, api.micro.submit, async (request) =>
    ok(
      await micro.submit(userOf(request).id, request.body, request.requestOnce),
      request,
      'ok.micro_submitted',
    ),
  );
  route(app, api.micro.lists, async (request) => ok(await micro.lists(userOf(request).id, request.query)));
}
