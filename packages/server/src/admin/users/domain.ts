import { adminApi, type Domain, type ExchangeContext } from '../../platform/domains.js';
import type { LedgerParts } from '../../ledger/domain.js';
import type { SpotParts } from '../../spot/domain.js';
import type { UsersParts } from '../../users/domain.js';
import type { WalletParts } from '../../wallet/domain.js';
import type { AdminParts } from '../domain.js';
import { openAdminUsers } from './module.js';
import { adminUsersApi } from './routes.js';

/** The console's dashboard, user tools and balance adjustments (pending ones loaded at open). */
export const adminUsersDomain: Domain<
  ExchangeContext & AdminParts & UsersParts & LedgerParts & SpotParts & WalletParts
> = {
  name: 'admin users',
  open: async (context) => {
    const { walletService, allow } = context;
    const adminUsers = await openAdminUsers(context, () => walletService.holdings());
    return {
      parts: {},
      routes: () => [adminApi(adminUsersApi({ ...adminUsers, allow }))],
    };
  },
};
