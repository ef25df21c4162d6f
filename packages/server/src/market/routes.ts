import { api } from '@oex/protocol';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { MarketDirectory } from './markets.js';
import type { MarkTape } from './mark-tape.js';

const HOUR = 3_600_000;

/** The public mark-price tape: anyone may read it and recompute each price from its inputs. */
export function markApi(tape: MarkTape, markets: MarketDirectory, now: () => number): ApiPlugin {
  return async (app) => {
    markRoutes(app, tape, markets, now);
  };
}

function markRoutes(app: Api, tape: MarkTape, markets: MarketDirectory, now: () => number): void {
  route(app, api.market.markPrices, async (request) => {
    const { currency_match_id, symbol, from, to, page, limit } = request.query;
    const market = currency_match_id ? markets.market(currency_match_id) : markets.bySymbol(symbol ?? '');
    const until = to ?? now();
    return ok(await tape.list(market.id, from ?? until - HOUR, until, page, limit));
  });
}
