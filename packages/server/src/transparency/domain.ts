import type { AdminParts } from '../admin/domain.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { UsersParts } from '../users/domain.js';
import type { WalletParts } from '../wallet/domain.js';
import { openTransparency, type Transparency } from './module.js';
import { transparencyApi } from './routes.js';

export interface TransparencyParts {
  /** Proof of liabilities: daily snapshots, their notices, users' inclusion proofs. */
  transparency: Transparency;
}

/** The liability snapshots: a due day is taken at open; the schedule runs once started. */
export const transparencyDomain: Domain<
  ExchangeContext & AdminParts & UsersParts & WalletParts,
  TransparencyParts
> = {
  name: 'transparency',
  open: async (context) => {
    const { db, admin, walletService, sessions, allow } = context;
    const transparency = await openTransparency({
      ...context,
      db: db.kysely,
      operatorLog: admin.log,
      holdings: () => walletService.holdings(),
    });
    return {
      parts: { transparency },
      routes: () => [api(transparencyApi({ transparency: transparency.service, sessions, allow }))],
      start: () => transparency.daily.run(),
      stop: () => transparency.daily.stop(),
    };
  },
};
