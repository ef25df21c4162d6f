import { adminApi, type Domain, type ExchangeContext } from '../platform/domains.js';
import { attachOperatorLog } from './audit-hook.js';
import { enforceAdminGuards, operatorGuard, type Allow } from './guard.js';
import { openAdmin, type Admin } from './module.js';
import { recordReviewBefore } from './review-before.js';
import { adminConsoleApi } from './routes.js';

export interface AdminParts {
  /** Operators and the tamper-evident operator log. */
  admin: Admin;
  /** The guard of every admin route: an operator whose role allows it, or the command line. */
  allow: Allow;
}

/**
 * The operator console: operators, their sessions and the operator log. First in the list, as
 * every domain's admin routes take its guard.
 */
export const adminDomain: Domain<ExchangeContext, AdminParts> = {
  name: 'admin',
  open: (context) => {
    const { config, db } = context;
    const admin = openAdmin({ ...context, db: db.kysely, sealKey: config.totpSecretKey });
    const allow = operatorGuard(admin.operators, context.adminToken);
    return {
      parts: { admin, allow },
      hooks: (app) => {
        attachOperatorLog(app, admin.log);
        enforceAdminGuards(app);
        recordReviewBefore(app, db.kysely);
      },
      routes: () => [adminApi(adminConsoleApi({ ...admin, allow, authRateLimit: config.authRateLimit }))],
    };
  },
};
