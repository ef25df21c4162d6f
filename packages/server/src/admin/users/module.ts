import type { WalletHoldings } from '@oex/protocol';
import type { LedgerParts } from '../../ledger/domain.js';
import type { ExchangeContext } from '../../platform/domains.js';
import type { SpotParts } from '../../spot/domain.js';
import type { UsersParts } from '../../users/domain.js';
import { Adjustments } from './adjustments.js';
import { Dashboard } from './dashboard.js';
import { AdminUsersService } from './service.js';

export interface AdminUsers {
  dashboard: Dashboard;
  users: AdminUsersService;
  adjustments: Adjustments;
}

/** The console's dashboard, user tools and balance adjustments, wired to the core's services. */
export async function openAdminUsers(
  core: Pick<ExchangeContext, 'config' | 'db' | 'clock' | 'currencies' | 'sequencer'> &
    Pick<UsersParts, 'sessions' | 'users'> &
    LedgerParts &
    SpotParts,
  holdings: () => Promise<WalletHoldings[]>,
): Promise<AdminUsers> {
  const timeZone = core.config.exchangeTz;
  const db = core.db.kysely;
  const adjustments = await Adjustments.open({
    db,
    sequencer: core.sequencer,
    currencies: core.currencies,
    lastUsdPrice: (currencyId) => core.spot.usdPrice(currencyId),
    timeZone,
  });
  return {
    adjustments,
    dashboard: new Dashboard({
      db,
      databaseUrl: core.config.databaseUrl,
      clock: core.clock,
      markets: core.spot.markets,
      currencies: core.currencies,
      holdings,
      timeZone,
    }),
    users: new AdminUsersService({
      db,
      clock: core.clock,
      sessions: core.sessions,
      totp: core.users.totp,
      ledger: core.ledger,
      spot: core.spot,
      currencies: core.currencies,
      adjustments,
      timeZone,
    }),
  };
}
