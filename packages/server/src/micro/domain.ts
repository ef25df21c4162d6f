import type { AdminParts } from '../admin/domain.js';
import type { MarkParts } from '../market/domain.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { UsersParts } from '../users/domain.js';
import { attachMicroLive } from './live.js';
import { openMicro, type Micro } from './module.js';
import { microApi } from './routes.js';

export interface MicroParts {
  /** Seconds contracts, settled on the tape. */
  micro: Micro;
}

/** Seconds contracts: open ones loaded at open, each settled on the tape's mark when it ends. */
export const microDomain: Domain<ExchangeContext & AdminParts & UsersParts & MarkParts, MicroParts> = {
  name: 'micro',
  open: async (context) => {
    const { config, db, markTape, sessions, allow } = context;
    const micro = await openMicro({ ...context, db: db.kysely, tape: markTape, demo: config.demo });
    return {
      parts: { micro },
      routes: () => [api(microApi({ micro: micro.service, sessions, allow }))],
      live: (hub) => attachMicroLive(hub, micro.settler),
      // Terms are cached a while: read them as the leader left them.
      takeover: async () => micro.terms.forget(),
    };
  },
};
