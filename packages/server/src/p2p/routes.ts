import type { Allow } from '../admin/guard.js';
import {
  p2pAdSaveRequest,
  p2pAdsQuery,
  p2pAdStatusRequest,
  p2pAppealRequest,
  p2pAppealsQuery,
  p2pApplicationsQuery,
  p2pCancelRequest,
  p2pConfirmRequest,
  p2pDecideRequest,
  p2pFreezeRequest,
  p2pMyAdsQuery,
  p2pOrderQuery,
  p2pOrdersQuery,
  p2pPaidRequest,
  p2pPlaceRequest,
  p2pResolveRequest,
  p2pShopOrdersQuery,
  ROW_ID_MAX,
} from '@oex/protocol';
import { z } from 'zod';
import { optionalUser, requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from '../platform/api.js';
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

const tags = ['p2p'];
const security = [{ token: [] }];
const adminTags = ['admin'];

/** The desk's terms and hall (more for a signed-in caller), and the operator's reviews. */
function publicRoutes(app: Api, deps: { p2p: P2pService; sessions: SessionResolver; allow: Allow }): void {
  const { p2p, sessions } = deps;

  app.get(
    '/legal_deal/config',
    {
      schema: {
        tags,
        summary: 'Fiat currencies, coins and pay types of the desk, its timers and the cancellation limit',
      },
    },
    async () => ok(await p2p.config()),
  );

  app.get(
    '/legal_deal/ads',
    {
      preHandler: optionalUser(sessions),
      schema: {
        tags,
        summary:
          'The hall: open ads that can take an order; side=sell lists merchants selling (you buy), cheapest first',
        querystring: p2pAdsQuery,
      },
    },
    async (request) => ok(await p2p.hall(request.query)),
  );

  app.get(
    '/admin/p2p/applications',
    {
      preHandler: deps.allow('read'),
      schema: {
        tags: adminTags,
        summary: 'Merchant applications by status (1 pending)',
        querystring: p2pApplicationsQuery,
      },
    },
    async (request) => ok(await p2p.applications(request.query)),
  );

  app.post(
    '/admin/p2p/applications/decide',
    {
      preHandler: deps.allow('reviews.support'),
      schema: {
        tags: adminTags,
        summary: 'Approve (the user becomes a seller) or reject a merchant application',
        body: p2pDecideRequest,
      },
    },
    async (request) => {
      await p2p.decide(request.body);
      return ok(null, request, 'ok.p2p_decided');
    },
  );

  app.get(
    '/admin/p2p/appeals',
    {
      preHandler: deps.allow('read'),
      schema: {
        tags: adminTags,
        summary: 'Appealed orders (open=1: still frozen)',
        querystring: p2pAppealsQuery,
      },
    },
    async (request) => ok(await p2p.appeals(request.query)),
  );

  app.post(
    '/admin/p2p/freeze',
    {
      preHandler: deps.allow('reviews.support'),
      schema: {
        tags: adminTags,
        summary:
          'Freeze a user on the desk (e.g. repeated false "paid" marks): no new orders or ads, their ads leave the hall; frozen=false lifts it',
        body: p2pFreezeRequest,
      },
    },
    async (request) => {
      await p2p.freeze(request.body);
      return ok(null, request, request.body.frozen ? 'ok.p2p_frozen' : 'ok.p2p_unfrozen');
    },
  );

  app.post(
    '/admin/p2p/appeals/resolve',
    {
      preHandler: deps.allow('reviews.support'),
      schema: {
        tags: adminTags,
        summary:
          'Resolve an appeal: release the coin to the buyer (completed) or return it to the seller (abnormal)',
        body: p2pResolveRequest,
      },
    },
    async (request) => {
      await p2p.resolve(request.body);
      return ok(null, request, 'ok.p2p_resolved');
    },
  );
}

/** A signed-in user's orders, merchant application and ads. */
function traderRoutes(app: Api, p2p: P2pService): void {
  app.post(
    '/legal_deal/place',
    {
      schema: {
        tags,
        summary:
          "Place an order on an ad by coin `number` or by `fiat_amount` (cut down to the coin's decimals); the seller's coin is escrowed",
        security,
        body: p2pPlaceRequest,
      },
    },
    async (request) => ok(await p2p.place(userOf(request).id, request.body), request, 'ok.p2p_placed'),
  );

  app.get(
    '/legal_deal/orders',
    {
      schema: {
        tags,
        summary: 'Your orders as buyer, seller or both, newest first',
        security,
        querystring: p2pOrdersQuery,
      },
    },
    async (request) => ok(await p2p.orders(userOf(request).id, request.query)),
  );

  app.get(
    '/legal_deal/order',
    {
      schema: {
        tags,
        summary:
          "One of your orders with its timeline, vouchers and appeal; the seller's pay details only for its buyer while it is open",
        security,
        querystring: p2pOrderQuery,
      },
    },
    async (request) => ok(await p2p.detail(userOf(request).id, request.query.id)),
  );

  app.get(
    '/legal_deal/image/:order_id/:id',
    {
      schema: {
        tags,
        summary: "An order's voucher, appeal image or the seller's QR code, for the order's two parties only",
        security,
        params: imageParams,
      },
    },
    async (request, reply) => {
      const image = await p2p.orderImage(userOf(request).id, request.params.order_id, request.params.id);
      return reply
        .header('content-type', image.mime)
        .header('content-disposition', `inline; filename="${image.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(image.data);
    },
  );

  app.post(
    '/legal_deal/paid',
    {
      schema: {
        tags,
        summary: 'The buyer marks the order paid with a voucher image (an upload of their own)',
        security,
        body: p2pPaidRequest,
      },
    },
    async (request) => ok(await p2p.paid(userOf(request).id, request.body), request, 'ok.p2p_paid'),
  );

  app.post(
    '/legal_deal/cancel',
    {
      schema: {
        tags,
        summary: 'The buyer cancels an order waiting payment (counts toward 3 a day); the escrow goes back',
        security,
        body: p2pCancelRequest,
      },
    },
    async (request) => ok(await p2p.cancel(userOf(request).id, request.body.id), request, 'ok.p2p_cancelled'),
  );

  app.post(
    '/legal_deal/confirm',
    {
      schema: {
        tags,
        summary:
          'The seller confirms receipt with the trade password (and TOTP when on); the coin goes to the buyer',
        security,
        body: p2pConfirmRequest,
      },
    },
    async (request) => ok(await p2p.confirm(userOf(request).id, request.body), request, 'ok.p2p_confirmed'),
  );

  app.post(
    '/legal_deal/appeal',
    {
      schema: {
        tags,
        summary:
          'Either party appeals a paid or postponed order (text and images); it is frozen until resolved',
        security,
        body: p2pAppealRequest,
      },
    },
    async (request) => ok(await p2p.appeal(userOf(request).id, request.body), request, 'ok.p2p_appealed'),
  );

  app.post(
    '/legal_shop/apply',
    {
      schema: { tags, summary: 'Apply to be a merchant (identity certified first)', security },
    },
    async (request) => ok(await p2p.apply(userOf(request).id), request, 'ok.p2p_applied'),
  );

  app.get(
    '/legal_shop/info',
    {
      schema: {
        tags,
        summary: 'Your merchant state: seller flag, application, level and 30-day stats',
        security,
      },
    },
    async (request) => ok(await p2p.info(userOf(request).id)),
  );

  app.get(
    '/legal_shop/ads',
    {
      schema: { tags, summary: 'Your ads, every status, newest first', security, querystring: p2pMyAdsQuery },
    },
    async (request) => ok(await p2p.myAds(userOf(request).id, request.query)),
  );

  app.post(
    '/legal_shop/ad_save',
    {
      schema: {
        tags,
        summary:
          'Post an ad, or edit one of yours (id); each pay type must be saved in your collection settings',
        security,
        body: p2pAdSaveRequest,
      },
    },
    async (request) => ok(await p2p.saveAd(userOf(request).id, request.body), request, 'ok.p2p_ad_saved'),
  );

  app.post(
    '/legal_shop/ad_status',
    {
      schema: {
        tags,
        summary: 'Resume (1), suspend (2) or take off shelf (3, final) one of your ads',
        security,
        body: p2pAdStatusRequest,
      },
    },
    async (request) =>
      ok(
        await p2p.setAdStatus(userOf(request).id, request.body.id, request.body.status),
        request,
        'ok.p2p_ad_status',
      ),
  );

  app.get(
    '/legal_shop/orders',
    {
      schema: {
        tags,
        summary: 'Orders on your ads, newest first',
        security,
        querystring: p2pShopOrdersQuery,
      },
    },
    async (request) => ok(await p2p.shopOrders(userOf(request).id, request.query)),
  );
}
