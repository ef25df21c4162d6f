import type { Allow } from '../admin/guard.js';
import { api } from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import { GuessBudget } from '../http/guess-budget.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { Conversions } from './convert.js';
import type { Wallet } from './module.js';
import type { WalletService } from './service.js';

const ONE_MINUTE = 60_000;

export interface WalletRoutesDeps {
  wallet: Wallet;
  conversions: Conversions;
  service: WalletService;
  sessions: SessionResolver;
  secretGuessLimit: number;
  codeRateLimit: number;
  allow: Allow;
}

/** wallet/*, block_chain/currency_protocols, account/draw, and the operator's withdrawal review. */
export function walletApi(deps: WalletRoutesDeps): ApiPlugin {
  return async (app) => {
    publicRoutes(app, deps);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(deps.sessions));
      holderRoutes(signedIn, deps);
    });
    // A call that guesses a secret spends from the budget before the caller is known, as any guess does.
    await app.register(async (guessing) => {
      guessing.addHook('preHandler', new GuessBudget(deps.secretGuessLimit).guard());
      guessing.addHook('preHandler', requireUser(deps.sessions));
      secretRoutes(guessing, deps);
    });
  };
}

/** The networks on offer, and the operator's withdrawal review. */
function publicRoutes(app: Api, deps: WalletRoutesDeps): void {
  const { service, wallet } = deps;

  route(app, api.wallet.protocols, async (request) => ok(service.protocols(request.lang)));

  route(
    app,
    api.wallet.reviewQueue,
    async (request) => ok(await service.reviewQueue(request.query.page, request.query.limit)),
    { preHandler: deps.allow('read') },
  );
  route(
    app,
    api.wallet.approveWithdrawal,
    async (request) => ok(await wallet.withdrawals.approve(request.body.id)),
    {
      preHandler: deps.allow('reviews.finance'),
    },
  );
  route(
    app,
    api.wallet.rejectWithdrawal,
    async (request) => ok(await wallet.withdrawals.reject(request.body.id, request.body.reason)),
    { preHandler: deps.allow('reviews.finance') },
  );
  route(app, api.wallet.holdings, async () => ok(await service.holdings()), {
    preHandler: deps.allow('read'),
  });
}

/** A signed-in user's addresses, records, conversions and address book. */
function holderRoutes(app: Api, deps: WalletRoutesDeps): void {
  const { service, wallet } = deps;

  route(app, api.wallet.wallet, async (request) =>
    ok(await service.walletOf(userOf(request).id, request.query.currency_id, request.lang)),
  );

  route(app, api.wallet.deposits, async (request) => {
    const { currency_id, page, limit } = request.query;
    return ok(await service.deposits(userOf(request).id, currency_id, page, limit));
  });

  route(app, api.wallet.withdrawals, async (request) => {
    const { currency_id, page, limit } = request.query;
    return ok(await service.withdrawals(userOf(request).id, currency_id, page, limit, request.lang));
  });

  route(app, api.wallet.convert, async (request) => {
    const result = await deps.conversions.convert(userOf(request).id, request.body, request.requestOnce);
    return ok(result, request, 'ok.converted', { sold: result.sold, received: result.received });
  });

  route(app, api.wallet.createPayOrder, async (request) =>
    ok(await wallet.payOrders.create(userOf(request).id, request.body), request, 'ok.pay_order_created'),
  );

  route(app, api.wallet.payOrders, async (request) =>
    ok(await wallet.payOrders.list(userOf(request).id, request.query.page, request.query.limit)),
  );

  route(app, api.wallet.addresses, async (request) =>
    ok(await service.boundAddresses(userOf(request).id, request.query.currency_id)),
  );

  route(
    app,
    api.wallet.sendBindCode,
    async (request) =>
      ok({ to: await service.sendBindCode(userOf(request), request.lang) }, request, 'ok.code_sent'),
    { config: { rateLimit: { max: deps.codeRateLimit, timeWindow: ONE_MINUTE } } },
  );

  route(app, api.wallet.unbindAddress, async (request) => {
    await service.unbind(userOf(request).id, request.body.id);
    return ok(null, request, 'ok.address_unbound');
  });
}

/** A signed-in user's calls that take a secret: a withdrawal (trade password) and binding an address (code). */
function secretRoutes(app: Api, deps: WalletRoutesDeps): void {
  const { service, wallet } = deps;

  // The withdrawal keeps its own digest of the terms: the address as its network normalizes it, so
  // one address written in two cases is one withdrawal.
  route(app, api.wallet.withdraw, async (request) =>
    ok(
      await wallet.withdrawals.request(userOf(request).id, request.body, request.lang),
      request,
      'ok.withdrawal_requested',
    ),
  );

  route(app, api.wallet.bindAddress, async (request) =>
    ok(await service.bind(userOf(request), request.body), request, 'ok.address_bound'),
  );
}
