import { api } from '@oex/protocol';
import type { Allow } from '../admin/guard.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { UsersService } from '../users/service.js';
import type { CurrencyDirectory } from './currencies.js';
import { creditByName } from './credit.js';
import type { LedgerService } from './service.js';

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
  // The server's own command line only: an operator credits or debits a user by an adjustment that a
  // second operator approves (admin/adjustments/propose), never here.
  route(app, api.ledger.credit, async (request) => ok(await creditByName(deps, request.body, request.lang)), {
    preHandler: deps.allow('machine'),
  });
}
