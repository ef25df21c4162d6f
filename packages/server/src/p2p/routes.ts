import type { Allow } from '../admin/guard.js';
import { api, ROW_ID_MAX } from '@oex/protocol';
import { z } from 'zod';
import { optionalUser, requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import { sendPrivateImage } from '../uploads/private-image.js';
import type { P2pService } from './service.js';

const imageParams = z.object({
  order_id: z.coerce.number().int().positive().max(ROW_ID_MAX),
  id: z.coerce.number().int().positive().max(ROW_ID_MAX),
});

/** legal_deal/* (the hall and orders), legal_shop/* (merchants) and admin/p2p/* (the operator). */
export function p2pApi(deps: { p2p: P2pService; sessions: SessionResolver; allow: Allow }): ApiPlugin {
  return async (app) => {
    publicRoutes(app, deps);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(deps.sessions));
      traderRoutes(signedIn, deps.p2p);
    });
  };
}

/** The desk's terms and hall (more for a signed-in caller), and the operator's reviews. */
function publicRoutes(app: Api, deps: { p2p: P2pService; sessions: SessionResolver; allow: Allow }): void {
  const { p2p, sessions } = deps;
  route(app, api.p2p.config, async () => ok(await p2p.config()));
  route(app, api.p2p.hall, async (request) => ok(await p2p.hall(request.query)), {
    preHandler: optionalUser(sessions),
  });
  route(app, api.p2p.applications, async (request) => ok(await p2p.applications(request.query)), {
    preHandler: deps.allow('read'),
  });
  route(
    app,
    api.p2p.decide,
    async (request) => {
      await p2p.decide(request.body);
      return ok(null, request, 'ok.p2p_decided');
    },
    { preHandler: deps.allow('reviews.support') },
  );
  route(app, api.p2p.appeals, async (request) => ok(await p2p.appeals(request.query)), {
    preHandler: deps.allow('read'),
  });
  route(
    app,
    api.p2p.freeze,
    async (request) => {
      await p2p.freeze(request.body);
      return ok(null, request, request.body.frozen ? 'ok.p2p_frozen' : 'ok.p2p_unfrozen');
    },
    { preHandler: deps.allow('reviews.support') },
  );
  route(
    app,
    api.p2p.resolve,
    async (request) => {
      await p2p.resolve(request.body);
      return ok(null, request, 'ok.p2p_resolved');
    },
    { preHandler: deps.allow('reviews.support') },
  );
}

/** A signed-in user's orders, merchant application and ads. */
function traderRoutes(app: Api, p2p: P2pService): void {
  // The order keeps its own check of a repeated request_id: the ad and amount stored on the order.
  route(app, api.p2p.place, async (request) =>
    ok(await p2p.place(userOf(request).id, request.body), request, 'ok.p2p_placed'),
  );
  route(app, api.p2p.orders, async (request) => ok(await p2p.orders(userOf(request).id, request.query)));
  route(app, api.p2p.order, async (request) => ok(await p2p.detail(userOf(request).id, request.query.id)));

  // Bytes, not an envelope: outside the contract.
  app.get(
    '/legal_deal/image/:order_id/:id',
    {
      schema: {
        tags: ['p2p'],
        summary: "An order's voucher, appeal image or the seller's QR code, for the order's two parties only",
        security: [{ token: [] }],
        params: imageParams,
      },
    },
    async (request, reply) =>
      sendPrivateImage(
        reply,
        await p2p.orderImage(userOf(request).id, request.params.order_id, request.params.id),
      ),
  );

  route(app, api.p2p.paid, async (request) =>
    ok(await p2p.paid(userOf(request).id, request.body), request, 'ok.p2p_paid'),
  );
  route(app, api.p2p.cancel, async (request) =>
    ok(await p2p.cancel(userOf(request).id, request.body.id), request, 'ok.p2p_cancelled'),
  );
  route(app, api.p2p.confirm, async (request) =>
    ok(await p2p.confirm(userOf(request).id, request.body), request, 'ok.p2p_confirmed'),
  );
  route(app, api.p2p.appeal, async (request) =>
    ok(await p2p.appeal(userOf(request).id, request.body), request, 'ok.p2p_appealed'),
  );
  route(app, api.p2p.apply, async (request) =>
    ok(await p2p.apply(userOf(request).id), request, 'ok.p2p_applied'),
  );
  route(app, api.p2p.shopInfo, async (request) => ok(await p2p.info(userOf(request).id)));
  route(app, api.p2p.myAds, async (request) => ok(await p2p.myAds(userOf(request).id, request.query)));
  route(app, api.p2p.saveAd, async (request) =>
    ok(await p2p.saveAd(userOf(request).id, request.body), request, 'ok.p2p_ad_saved'),
  );
  route(app, api.p2p.adStatus, async (request) =>
    ok(
      await p2p.setAdStatus(userOf(request).id, request.body.id, request.body.status),
      request,
      'ok.p2p_ad_status',
    ),
  );
  route(app, api.p2p.shopOrders, async (request) =>
    ok(await p2p.shopOrders(userOf(request).id, request.query)),
  );
}
