import type { AdminParts } from '../admin/domain.js';
import { adminApi, api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { UsersParts } from '../users/domain.js';
import { ledgerAdminApi } from './admin-routes.js';
import { BalanceLiveFeed } from './live.js';
import { ledgerApi } from './routes.js';
import { LedgerService } from './service.js';

export interface LedgerParts {
  /** Accounts, transfers and their journal, as users and operators read them. */
  ledger: LedgerService;
}

/**
 * Balances and their journal. The sequencer that writes them is the context's, opened before any
 * domain, since every domain's money goes through it.
 */
export const ledgerDomain: Domain<ExchangeContext & AdminParts & UsersParts, LedgerParts> = {
  name: 'ledger',
  open: ({ db, sequencer, currencies, timeZone, users, sessions, allow }) => {
    const ledger = new LedgerService(db.kysely, sequencer, currencies, timeZone);
    return {
      parts: { ledger },
      routes: () => [
        api(ledgerApi(ledger, sessions)),
        adminApi(ledgerAdminApi({ ledger, users, currencies, allow })),
      ],
      live: (hub) => {
        BalanceLiveFeed.attach(hub, sequencer);
      },
    };
  },
};
