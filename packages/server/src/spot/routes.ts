import {
  cancelOrderRequest,
  klineQuery,
  marketQuery,
  orderListQuery,
  placeOrderRequest,
} from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import { BUY, SELL, type Side } from './engine.js';
import type { FavoriteMarkets } from './favorites.js';
import type { SpotService } from './service.js';

/** The spot calls (docs/spot.md): markets, depth and trades, order placement, lists, cancels. */
export function spotApi(spot: SpotService, sessions: SessionResolver, favorites: FavoriteMarkets): ApiPlugin {
  return async (app) => {
    marketRoutes(app, spot);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(sessions));
      orderRoutes(signedIn, spot);
      favoriteRoutes(signedIn, favorites);
    });
  };
}

/** Public quotations, depth and klines. */
function marketRoutes(app: Api, spot: SpotService): void {
  app.get(
    '/market/currency_matches',
    { schema: { tags: ['market'], summary: 'Quote groups with their markets and 24 h quotations' } },
    async () => ok(spot.currencyMatches()),
  );

  app.get(
    '/market/deal',
    {
      schema: {
        tags: ['market'],
        summary: 'Quotation, depth {in, out} and the latest 30 trades',
        querystring: marketQuery,
      },
    },
    async (request) => ok(spot.deal(request.query.currency_match_id)),
  );

  app.get(
    '/market/kline',
    {
      schema: {
        tags: ['market'],
        summary:
          'Kline bars of a period, oldest first; from and to in ms or seconds (default: the last 300 bars)',
        querystring: klineQuery,
      },
    },
    async (request) => {
      const { currency_match_id, symbol, period, from, to } = request.query;
      return ok(await spot.klineBars({ marketId: currency_match_id, symbol, period, from, to }));
    },
  );
}

/** The signed-in user's orders: placement, lists, cancels and history. */
function orderRoutes(app: Api, spot: SpotService): void {
  const secured = (summary: string) => ({ tags: ['spot'], summary, security: [{ token: [] }] });
  const sides: [string, Side][] = [
    ['tx_in', BUY],
    ['tx_out', SELL],
  ];
  for (const [path, way] of sides) {
    const name = way === BUY ? 'buy' : 'sell';
    app.post(
      `/${path}/add`,
      {
        schema: {
          ...secured(
            `Place a ${name} order: limit (type 0, price required) or market (type 1)` +
              (way === BUY ? '; a market buy may give total (quote to spend) in place of number' : ''),
          ),
          body: placeOrderRequest,
        },
      },
      async (request) => {
        const { currency_match_id, number, total, price, type, request_id } = request.body;
        const { view, ...placed } = await spot.placeOrder(
          userOf(request).id,
          way,
          { marketId: currency_match_id, number, total, price, type },
          request_id,
        );
        if (placed.trades === 0) return ok(placed, request, 'ok.order_placed');
        // A fill says what happened: how much, at what average price, and the fee.
        const whole = view.transacted_amount === view.number;
        return ok(placed, request, whole ? 'ok.order_filled' : 'ok.order_partly_filled', {
          filled: view.transacted_amount,
          number: view.number,
          base: view.currency_match.symbol.split('/')[0]!,
          price: view.avg_price!,
          fee: view.fee,
          fee_currency: view.fee_currency,
        });
      },
    );
    app.get(
      `/${path}/list`,
      {
        schema: {
          ...secured(`Your ${name} orders: current (status=open) or all, 10 a page`),
          querystring: orderListQuery,
        },
      },
      async (request) => {
        const { currency_match_id, page, limit, status } = request.query;
        const scope = status ?? (currency_match_id ? 'open' : 'all');
        return ok(
          await spot.list(userOf(request).id, way, scope, currency_match_id, page, limit, request.lang),
        );
      },
    );
    app.post(
      `/${path}/cancel`,
      {
        schema: { ...secured(`Cancel one of your open ${name} orders`), body: cancelOrderRequest },
      },
      async (request) => {
        await spot.cancel(userOf(request).id, request.body.id, way);
        return ok(null, request, 'ok.order_cancelled');
      },
    );
  }

  app.get(
    '/tx_history/list',
    {
      schema: {
        ...secured('Your finished orders (completed or cancelled), both sides'),
        querystring: orderListQuery,
      },
    },
    async (request) => {
      const { currency_match_id, page, limit } = request.query;
      return ok(
        await spot.list(
          userOf(request).id,
          undefined,
          'history',
          currency_match_id,
          page,
          limit,
          request.lang,
        ),
      );
    },
  );
}

/** market/favorites: the signed-in user's starred markets, as a list of market ids. */
function favoriteRoutes(app: Api, favorites: FavoriteMarkets): void {
  const schema = (summary: string) => ({ tags: ['market'], summary, security: [{ token: [] }] });
  app.get('/market/favorites', { schema: schema('Your starred market ids') }, async (request) =>
    ok(await favorites.list(userOf(request).id)),
  );
  app.post(
    '/market/favorites/add',
    { schema: { ...schema('Star a market'), body: marketQuery } },
    async (request) => ok(await favorites.add(userOf(request).id, request.body.currency_match_id)),
  );
  app.post(
    '/market/favorites/remove',
    { schema: { ...schema('Unstar a market'), body: marketQuery } },
    async (request) => ok(await favorites.remove(userOf(request).id, request.body.currency_match_id)),
  );
}
