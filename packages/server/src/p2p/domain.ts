import type { AdminParts } from '../admin/domain.js';
import type { PersonalParts } from '../personal/domain.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { UsersParts } from '../users/domain.js';
import { attachP2pLive } from './live.js';
import { openP2p, type P2p } from './module.js';
import { p2pApi } from './routes.js';

export interface P2pParts {
  /** The fiat P2P desk (its timers run with the server). */
  p2p: P2p;
}

/** The fiat P2P desk: deadlines missed while down are applied at open, then watched once started. */
export const p2pDomain: Domain<ExchangeContext & AdminParts & UsersParts & PersonalParts, P2pParts> = {
  name: 'p2p',
  open: async (context) => {
    const { db, log, personal, sessions, allow } = context;
    const p2p = await openP2p(log, {
      ...context,
      db: db.kysely,
      payMethods: personal.payMethods,
      uploads: personal.uploads,
    });
    return {
      parts: { p2p },
      routes: () => [api(p2pApi({ p2p: p2p.service, sessions, allow }))],
      live: (hub) => attachP2pLive(hub, p2p.service, log),
      start: () => p2p.timers.run(),
      stop: () => p2p.timers.stop(),
    };
  },
};
