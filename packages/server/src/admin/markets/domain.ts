import type { LeverParts } from '../../lever/domain.js';
import type { MicroParts } from '../../micro/domain.js';
import { adminApi, type Domain, type ExchangeContext } from '../../platform/domains.js';
import type { SpotParts } from '../../spot/domain.js';
import type { WalletParts } from '../../wallet/domain.js';
import type { AdminParts } from '../domain.js';
import { openMarketsDesk, type Markets } from './module.js';
import { adminMarketsApi } from './routes.js';

export interface MarketsDeskParts {
  /** Scheduled changes of markets, currencies, seconds options and products. */
  marketsDesk: Markets;
}

/**
 * The markets desk. Changes that fell due while the server was down apply at open: before the
 * market maker and the listener, so before any order.
 */
export const marketsDeskDomain: Domain<
  ExchangeContext & AdminParts & SpotParts & WalletParts & LeverParts & MicroParts,
  MarketsDeskParts
> = {
  name: 'markets desk',
  open: async (context) => {
    const { db, wallet, lever, micro, allow } = context;
    const marketsDesk = await openMarketsDesk({
      ...context,
      db: db.kysely,
      networks: wallet.networks,
      lever: lever.service,
      leverTerms: lever.terms,
      microTerms: micro.terms,
    });
    return {
      parts: { marketsDesk },
      routes: () => [adminApi(adminMarketsApi({ desk: marketsDesk.desk, allow }))],
      start: () => marketsDesk.applier.run(),
      stop: () => marketsDesk.applier.stop(),
    };
  },
};
