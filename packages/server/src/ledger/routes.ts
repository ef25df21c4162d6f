import {
  accountDetailQuery,
  accountLogQuery,
  AccountTypeId,
  transferRequest,
  type AccountCode,
} from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { LedgerService } from './service.js';

/** The journal routes of the spec's client: one per account type. */
const LOG_ROUTES: Record<string, AccountCode> = {
  change: 'change_account',
  legal: 'legal_account',
  lever: 'lever_account',
  micro: 'micro_account',
  financial: 'financial_account',
};

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
  const schema = (summary: string) => ({ tags: ['assets'], summary, security: [{ token: [] }] });

  app.get(
    '/account/list',
    { schema: schema('Every account group with its balances and USD value') },
    async (request) => ok(await ledger.list(userOf(request).id, request.lang)),
  );

  app.get(
    '/account/detail',
    {
      schema: { ...schema('One account: balance and locked balance'), querystring: accountDetailQuery },
    },
    async (request) => {
      const { currency_id, account_type_id } = request.query;
      return ok(await ledger.detail(userOf(request).id, account_type_id, currency_id, request.lang));
    },
  );

  app.post(
    '/account/transfer',
    {
      schema: {
        ...schema('Move an amount between two of your own accounts; request_id makes it idempotent'),
        body: transferRequest,
      },
    },
    async (request) => {
      const { currency_id, balance, from, to, request_id } = request.body;
      const result = await ledger.transfer(userOf(request).id, {
        currencyId: currency_id,
        amount: balance,
        from,
        to,
        requestId: request_id,
      });
      return ok(result, request, 'ok.transferred');
    },
  );

  app.get(
    '/account/transfer_log',
    {
      schema: { ...schema('Your transfers between accounts, newest first'), querystring: accountLogQuery },
    },
    async (request) => {
      const { currency_id, page, limit } = request.query;
      return ok(await ledger.transferLog(userOf(request).id, currency_id, page, limit, request.lang));
    },
  );

  app.get(
    '/account_log/all',
    {
      schema: {
        ...schema('Records of every one of your accounts, newest first (15 a page): the transaction log'),
        querystring: accountLogQuery,
      },
    },
    async (request) => {
      const { currency_id, page, limit } = request.query;
      return ok(await ledger.logs(userOf(request).id, undefined, currency_id, page, limit, request.lang));
    },
  );

  for (const [path, code] of Object.entries(LOG_ROUTES)) {
    app.get(
      `/account_log/${path}`,
      {
        schema: {
          ...schema(`Records of the ${code}, newest first (15 a page)`),
          querystring: accountLogQuery,
        },
      },
      async (request) => {
        const { currency_id, page, limit } = request.query;
        const typeId = AccountTypeId[code];
        return ok(await ledger.logs(userOf(request).id, typeId, currency_id, page, limit, request.lang));
      },
    );
  }
}
