import { api } from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { LeverLive } from './live.js';
import type { LeverService } from './service.js';

/** lever/* (docs/leverage.md): POST calls, as the spec has them. */
export function leverApi(deps: {
  lever: LeverService;
  live: LeverLive;
  sessions: SessionResolver;
}): ApiPlugin {
  return async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(deps.sessions));
      traderRoutes(signedIn, deps);
    });
  };
}

function traderRoutes(app: Api, deps: { lever: LeverService; live: LeverLive }): void {
  const { lever, live } = deps;

  route(app, api.lever.deal, async (request) =>
    ok(await lever.deal(userOf(request).id, request.body.currency_match_id, request.lang)),
  );

  route(app, api.lever.verify, async (request) =>
    ok(await lever.verify(userOf(request).id, request.query.id, request.lang)),
  );

  route(app, api.lever.submit, async (request) =>
    ok(
      await lever.submit(userOf(request).id, request.body, request.requestOnce),
      request,
      'ok.lever_submitted',
    ),
  );

  route(app, api.lever.myTrade, async (request) =>
    ok(await lever.myTrade(userOf(request).id, request.body, request.lang)),
  );

  route(app, api.lever.dealAll, async (request) =>
    ok(await lever.dealAll(userOf(request).id, request.body, request.lang)),
  );

  route(app, api.lever.cancel, async (request) => {
    const userId = userOf(request).id;
    const view = await lever.cancel(userId, request.body.id);
    live.closed(userId, [view.id]);
    return ok(view, request, 'ok.lever_cancelled');
  });

  route(app, api.lever.close, async (request) => {
    const userId = userOf(request).id;
    const view = await lever.close(userId, request.body.id);
    live.closed(userId, [view.id]);
    return ok(view, request, 'ok.lever_closed');
  });

  route(app, api.lever.setStops, async (request) => {
    const { id, target_profit_price, stop_loss_price } = request.body;
    return ok(
      await lever.setStops(userOf(request).id, id, target_profit_price, stop_loss_price),
      request,
      'ok.lever_stops_set',
    );
  });

  route(app, api.lever.batchClose, async (request) => {
    const userId = userOf(request).id;
    const ids = await lever.batchClose(userId, request.body.type, request.body.currency_match_id);
    live.closed(userId, ids);
    return ok({ ids }, request, 'ok.lever_closed');
  });
}
