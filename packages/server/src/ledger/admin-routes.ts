import { amountField } from '@oex/protocol';
import type { Allow } from '../admin/guard.js';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { UsersService } from '../users/service.js';
import type { CurrencyDirectory } from './currencies.js';
import { creditByName } from './credit.js';
import type { LedgerService } from './service.js';

export const creditRequest = z.object({
  user: z.union([z.number().int().positive(), z.string().trim().min(1).max(254)]),
  currency: z.string().trim().min(1).max(16),
  amount: amountField,
  account_type: z.number().int().min(1).max(5).default(1),
});

/** Operator calls of the ledger. */
export function ledgerAdminApi(deps: LedgerAdminDeps): ApiPlugin {
  return async (app) => creditRoutes(app, deps);
}

interface LedgerAdminDeps {
  ledger: LedgerService;
  users: UsersService;
  currencies: CurrencyDirectory;
  allow: Allow;
}

function creditRoutes(app: Api, deps: LedgerAdminDeps): void {
  app.post(
    '/credit',
    {
      // The server's own command line only: an operator credits or debits a user by an adjustment
      // that a second operator approves (admin/adjustments/propose), never here.
      preHandler: deps.allow('machine'),
      schema: {
        tags: ['admin'],
        summary:
          'Credit a user from outside, against the external-deposits account: npm run credit on the server’s machine only, never an operator session',
        body: creditRequest,
      },
    },
    async (request) => ok(await creditByName(deps, request.body, request.lang)),
  );
}
