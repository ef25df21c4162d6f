import { markPricesQuery } from '@oex/protocol';
import { ok } from '../http/envelope.js';
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
  app.get(
    '/market/mark_prices',
    {
      schema: {
        tags: ['market'],
        summary:
          "A market's mark-price tape, newest first: per second when the mark or its sample changed (and each minute), the mark (the average of the window's samples; each sample the median of the impact bid, the impact ask and the trade price for the market's impact notional) with every input it used in `figures`; from and to in ms (default: the last hour)",
        querystring: markPricesQuery,
      },
    },
    async (request) => {
      const { currency_match_id, symbol, from, to, page, limit } = request.query;
      const market = currency_match_id ? markets.market(currency_match_id) : markets.bySymbol(symbol ?? '');
      const until = to ?? now();
      return ok(await tape.list(market.id, from ?? until - HOUR, until, page, limit));
    },
  );
}
