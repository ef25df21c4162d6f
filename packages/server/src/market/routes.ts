import { markPricesQuery } from '@oex/protocol';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/server.js';
import type { MarketDirectory } from '../spot/markets.js';
import type { MarkTape } from './mark-tape.js';

const HOUR = 3_600_000;

/** The public mark-price tape: anyone may read it and recompute each price from its inputs. */
export function marketRoutes(app: Api, tape: MarkTape, markets: MarketDirectory, now: () => number): void {
  app.get(
    '/api/market/mark_prices',
    {
      schema: {
        tags: ['market'],
        summary:
          "A market's mark-price tape, newest first: per second when it changed (and each minute), the median of best bid, best ask and last trade, with those inputs; from and to in ms (default: the last hour)",
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
