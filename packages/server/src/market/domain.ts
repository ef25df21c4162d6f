import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { SpotParts } from '../spot/domain.js';
import { MarkTape } from './mark-tape.js';
import { markApi } from './routes.js';

export interface MarkParts {
  /** The public mark-price tape that contracts settle on. */
  markTape: MarkTape;
}

/** The mark-price tape: its recent marks loaded at open, a mark a second once started. */
export const markDomain: Domain<ExchangeContext & SpotParts, MarkParts> = {
  name: 'mark tape',
  open: async ({ db, spot, settings, clock, markets }) => {
    const markTape = new MarkTape(db.kysely, spot, settings, clock);
    await markTape.load();
    return {
      parts: { markTape },
      routes: () => [api(markApi(markTape, markets, () => clock.now()))],
      // The leader wrote a row a second meanwhile; the tape goes on from its newest.
      takeover: () => markTape.load(),
      start: () => markTape.start(),
      stop: () => markTape.close(),
    };
  },
};
