import { ACCOUNT_CODES, AccountTypeId, api } from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { LedgerService } from './service.js';

/** account/* and account_log/* (docs/ledger.md). */
export function ledgerApi(ledger: LedgerService, sessions: SessionResolver): ApiPlugin {
  return async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(sessions));
      accountRoutes(signedIn, ledger);
    });
  };
}

function accountRoutes(app: Api, ledger: LedgerService): void {
  route(app, api.ledger.accounts, async (request) => ok(await ledger.list(userOf(request).id, request.lang)));

  route(app, api.ledger.account, async (request) => {
    const { currency_id, account_type_id } = request.query;
    return ok(await ledger.detail(userOf(request).id, account_type_id, currency_id, request.lang));
  });

  route(app, api.ledger.transfer, async (request) => {
    const { currency_id, balance, from, to } = request.body;
    const result = await ledger.transfer(
      userOf(request).id,
      { currencyId: currency_id, amount: balance, from, to },
      request.requestOnce,
    );
    return ok(result, request, 'ok.transferred');
  });

  route(app, api.ledger.transfers, async (request) => {
    const { currency_id, page, limit } = request.query;
    return ok(await ledger.transferLog(userOf(request).id, currency_id, page, limit, request.lang));
  });

  route(app, api.ledger.logs.all, async (request) => {
    const { currency_id, page, limit } = request.query;
    return ok(await ledger.logs(userOf(request).id, undefined, currency_id, page, limit, request.lang));
  });

  for (const code of ACCOUNT_CODES) {
    route(app, api.ledger.logs[code], async (request) => {
      const { currency_id, page, limit } = request.query;
      const typeId = AccountTypeId[code];
      return ok(await ledger.logs(userOf(request).id, typeId, currency_id, page, limit, request.lang));
    });
  }
}
