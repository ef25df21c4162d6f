import type { MarkParts } from '../market/domain.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { SpotParts } from '../spot/domain.js';
import type { UsersParts } from '../users/domain.js';
import { LeverLive } from './live.js';
import { openLever, type Lever } from './module.js';
import { leverApi } from './routes.js';

export interface LeverParts {
  /** Leveraged contracts, priced and risk-checked on the tape. */
  lever: Lever;
}

/** Leveraged contracts: open positions loaded at open, the risk engine on the tape's ticks. */
export const leverDomain: Domain<ExchangeContext & UsersParts & SpotParts & MarkParts, LeverParts> = {
  name: 'lever',
  open: async (context) => {
    const { config, db, clock, markTape, spot, sessions } = context;
    const lever = await openLever({
      ...context,
      db: db.kysely,
      tape: markTape,
      demo: config.demo,
      quotation: (market) => spot.quotation(market),
    });
    const live = new LeverLive(lever.service, () => clock.now());
    return {
      parts: { lever },
      routes: () => [api(leverApi({ lever: lever.service, live, sessions }))],
      live: (hub) => live.attach(hub, lever.risk),
      // Terms are cached a while: read them as the leader left them.
      takeover: async () => lever.terms.forget(),
    };
  },
};
