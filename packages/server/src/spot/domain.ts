import { Decimal } from '@oex/protocol';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { UsersParts } from '../users/domain.js';
import { FavoriteMarkets } from './favorites.js';
import { SpotLiveFeed } from './live.js';
import { SpotOrders } from './orders.js';
import { spotApi } from './routes.js';
import { SpotService } from './service.js';

export interface SpotParts {
  /** Order books, matching, trades and klines of every market. */
  spot: SpotService;
}

/** How often changed kline bars are written (they are kept in memory between writes). */
const KLINE_FLUSH_MS = 1000;

/** Spot trading: the books are loaded before the first call; kline bars are written every second. */
export const spotDomain: Domain<ExchangeContext & UsersParts, SpotParts> = {
  name: 'spot',
  open: async ({ config, db, sequencer, markets, currencies, clock, timeZone, sessions }) => {
    const spot = new SpotService(
      db.kysely,
      sequencer,
      new SpotOrders(db.kysely, markets),
      markets,
      currencies,
      clock,
      timeZone,
      db,
      Decimal.parse(config.usdCny),
    );
    await spot.load();
    let klineFlush: NodeJS.Timeout | undefined;
    return {
      parts: { spot },
      routes: () => [api(spotApi(spot, sessions, new FavoriteMarkets(db.kysely, markets, clock)))],
      live: (hub) => new SpotLiveFeed(hub, spot, sequencer),
      // Operators' market rows as the leader left them (the journal carries its changes too).
      takeover: () => markets.refresh(db.kysely),
      start() {
        klineFlush = setInterval(() => {
          spot.klines
            .flush()
            .catch((error: Error) => console.error(`klines: flush failed: ${error.message}`));
        }, KLINE_FLUSH_MS);
        klineFlush.unref();
      },
      async stop() {
        // Fills of the sequencer's last batches still reach the bars: it commits its queue first
        // (closing it again later, with the context, waits for nothing).
        await sequencer.close();
        clearInterval(klineFlush);
        await spot.klines.flush();
      },
    };
  },
};
