import { api } from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import { BUY, SELL } from './engine.js';
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
  route(app, api.spot.currencyMatches, async () => ok(spot.currencyMatches()));
  route(app, api.spot.deal, async (request) => ok(spot.deal(request.query.currency_match_id)));
  route(app, api.spot.kline, async (request) => {
    const { currency_match_id, symbol, period, from, to } = request.query;
    return ok(await spot.klineBars({ marketId: currency_match_id, symbol, period, from, to }));
  });
}

/** The signed-in user's orders: placement, lists, cancels and history. */
function orderRoutes(app: Api, spot: SpotService): void {
  const sides = [
    { way: BUY, place: api.spot.placeBuy, list: api.spot.buyOrders, cancel: api.spot.cancelBuy },
    { way: SELL, place: api.spot.placeSell, list: api.spot.sellOrders, cancel: api.spot.cancelSell },
  ] as const;
  for (const { way, place, list, cancel } of sides) {
    route(app, place, async (request) => {
      const { currency_match_id, number, total, price, type } = request.body;
      const { view, ...placed } = await spot.placeOrder(
        userOf(request).id,
        way,
        { marketId: currency_match_id, number, total, price, type },
        request.requestOnce,
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
    });
    route(app, list, async (request) => {
      const { currency_match_id, page, limit, status } = request.query;
      const scope = status ?? (currency_match_id ? 'open' : 'all');
      return ok(
        await spot.list(userOf(request).id, way, scope, currency_match_id, page, limit, request.lang),
      );
    });
    route(app, cancel, async (request) => {
      await spot.cancel(userOf(request).id, request.body.id, way);
      return ok(null, request, 'ok.order_cancelled');
    });
  }

  route(app, api.spot.history, async (request) => {
    const { currency_match_id, page, limit } = request.query;
    return ok(
      await spot.list(userOf(request).id, undefined, 'history', currency_match_id, page, limit, request.lang),
    );
  });
}

/** market/favorites: the signed-in user's starred markets, as a list of market ids. */
function favoriteRoutes(app: Api, favorites: FavoriteMarkets): void {
  route(app, api.spot.favorites, async (request) => ok(await favorites.list(userOf(request).id)));
  route(app, api.spot.addFavorite, async (request) =>
    ok(await favorites.add(userOf(request).id, request.body.currency_match_id)),
  );
  route(app, api.spot.removeFavorite, async (request) =>
    ok(await favorites.remove(userOf(request).id, request.body.currency_match_id)),
  );
}
