import {
  leverBatchCloseRequest,
  leverDealAllQuery,
  leverDealQuery,
  leverIdRequest,
  leverMyTradeQuery,
  leverStopRequest,
  leverSubmitRequest,
  leverVerifyQuery,
} from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
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
  const schema = (summary: string) => ({ tags: ['lever'], summary, security: [{ token: [] }] });

  app.post(
    '/lever/deal',
    {
      schema: {
        ...schema("A market's lever terms, the mark, your hazard rate and positions"),
        body: leverDealQuery,
      },
    },
    async (request) => ok(await lever.deal(userOf(request).id, request.body.currency_match_id, request.lang)),
  );

  app.get(
    '/lever/verify',
    {
      schema: {
        ...schema(
          'One of your positions with the tape rows whose marks opened and closed it (with their inputs) and the rule: recompute it yourself',
        ),
        querystring: leverVerifyQuery,
      },
    },
    async (request) => ok(await lever.verify(userOf(request).id, request.query.id, request.lang)),
  );

  app.post(
    '/lever/submit',
    {
      schema: {
        ...schema(
          'Open a long (1) or short (2) at market (status 1) or at a fixed price (status 0, target_price); the trade password once set',
        ),
        body: leverSubmitRequest,
      },
    },
    async (request) =>
      ok(await lever.submit(userOf(request).id, request.body), request, 'ok.lever_submitted'),
  );

  app.post(
    '/lever/my_trade',
    {
      schema: {
        ...schema('Your positions: 5 open here, 1 all open, 0 pending, 3 closed, 6 pending here'),
        body: leverMyTradeQuery,
      },
    },
    async (request) => ok(await lever.myTrade(userOf(request).id, request.body, request.lang)),
  );

  app.post(
    '/lever/dealall',
    {
      schema: { ...schema('All your positions and orders, newest first'), body: leverDealAllQuery },
    },
    async (request) => ok(await lever.dealAll(userOf(request).id, request.body, request.lang)),
  );

  app.post(
    '/lever/cancel',
    {
      schema: {
        ...schema('Cancel a pending fixed-price order: margin and fee released'),
        body: leverIdRequest,
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const view = await lever.cancel(userId, request.body.id);
      live.closed(userId, [view.id]);
      return ok(view, request, 'ok.lever_cancelled');
    },
  );

  app.post(
    '/lever/close',
    {
      schema: {
        ...schema('Close an open position at the mark with the spread against you'),
        body: leverIdRequest,
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const view = await lever.close(userId, request.body.id);
      live.closed(userId, [view.id]);
      return ok(view, request, 'ok.lever_closed');
    },
  );

  app.post(
    '/lever/setstop',
    {
      schema: { ...schema('Set (or clear with 0) take-profit and stop-loss'), body: leverStopRequest },
    },
    async (request) => {
      const { id, target_profit_price, stop_loss_price } = request.body;
      return ok(
        await lever.setStops(userOf(request).id, id, target_profit_price, stop_loss_price),
        request,
        'ok.lever_stops_set',
      );
    },
  );

  app.post(
    '/lever/batch_close',
    {
      schema: {
        ...schema('Close all your open positions, or the longs (1) or shorts (2), of one market or all'),
        body: leverBatchCloseRequest,
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      const ids = await lever.batchClose(userId, request.body.type, request.body.currency_match_id);
      live.closed(userId, ids);
      return ok({ ids }, request, 'ok.lever_closed');
    },
  );
}
