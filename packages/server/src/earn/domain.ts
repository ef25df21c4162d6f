import type { AdminParts } from '../admin/domain.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { UsersParts } from '../users/domain.js';
import { openEarn, type Earn } from './module.js';
import { earnApi } from './routes.js';

export interface EarnParts {
  /** Fixed-term savings and their daily interest. */
  earn: Earn;
}

/** Savings: interest missed while down is paid at open, then looked for every second once started. */
export const earnDomain: Domain<ExchangeContext & AdminParts & UsersParts, EarnParts> = {
  name: 'earn',
  open: async (context) => {
    const { config, db, sessions, allow } = context;
    const earn = await openEarn({ ...context, db: db.kysely, demo: config.demo });
    return {
      parts: { earn },
      routes: () => [api(earnApi({ earn: earn.service, sessions, allow }))],
      start: () => earn.payer.run(),
      stop: () => earn.payer.stop(),
    };
  },
};
