import type { Allow } from '../admin/guard.js';
import {
  convertRequest,
  payOrderRequest,
  bindAddressRequest,
  boundAddressQuery,
  rejectWithdrawalRequest,
  reviewWithdrawalRequest,
  unbindAddressRequest,
  walletQuery,
  walletRecordsQuery,
  withdrawRequest,
} from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
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

const schema = (summary: string) => ({ tags: ['assets'], summary, security: [{ token: [] }] });

/** The networks on offer, and the operator's withdrawal review. */
function publicRoutes(app: Api, deps: WalletRoutesDeps): void {
  const { service, wallet } = deps;

  app.get(
    '/block_chain/currency_protocols',
    {
      schema: {
        tags: ['assets'],
        summary: 'Every currency with its networks, and whether each is available here',
      },
    },
    async (request) => ok(service.protocols(request.lang)),
  );

  const admin = (summary: string) => ({ tags: ['admin'], summary });
  app.get(
    '/admin/withdrawals/review',
    {
      preHandler: deps.allow('read'),
      schema: { ...admin('Withdrawals waiting for review'), querystring: walletRecordsQuery },
    },
    async (request) => ok(await service.reviewQueue(request.query.page, request.query.limit)),
  );
  app.post(
    '/admin/withdrawals/approve',
    {
      preHandler: deps.allow('reviews.finance'),
      schema: { ...admin('Approve a withdrawal held for review'), body: reviewWithdrawalRequest },
    },
    async (request) => ok(await wallet.withdrawals.approve(request.body.id)),
  );
  app.post(
    '/admin/withdrawals/reject',
    {
      preHandler: deps.allow('reviews.finance'),
      schema: {
        ...admin('Reject a withdrawal held for review; its hold is released'),
        body: rejectWithdrawalRequest,
      },
    },
    async (request) => ok(await wallet.withdrawals.reject(request.body.id, request.body.reason)),
  );
  app.get(
    '/admin/wallet/holdings',
    {
      preHandler: deps.allow('read'),
      schema: admin('Per network: hot wallet, deposit addresses, and users’ balances'),
    },
    async () => ok(await service.holdings()),
  );
}

/** A signed-in user's addresses, records, conversions and address book. */
function holderRoutes(app: Api, deps: WalletRoutesDeps): void {
  const { service, wallet } = deps;

  app.get(
    '/wallet/wallet',
    {
      schema: { ...schema('Your deposit address on each available network'), querystring: walletQuery },
    },
    async (request) =>
      ok(await service.walletOf(userOf(request).id, request.query.currency_id, request.lang)),
  );

  app.get(
    '/wallet/deposits',
    { schema: { ...schema('Your deposits, newest first'), querystring: walletRecordsQuery } },
    async (request) => {
      const { currency_id, page, limit } = request.query;
      return ok(await service.deposits(userOf(request).id, currency_id, page, limit));
    },
  );

  app.get(
    '/wallet/withdrawals',
    { schema: { ...schema('Your withdrawals, newest first'), querystring: walletRecordsQuery } },
    async (request) => {
      const { currency_id, page, limit } = request.query;
      return ok(await service.withdrawals(userOf(request).id, currency_id, page, limit, request.lang));
    },
  );

  app.post(
    '/account/convert',
    {
      schema: {
        ...schema('Sell the currency for USDT at market on its spot market; answers the real fill'),
        body: convertRequest,
      },
    },
    async (request) => {
      const result = await deps.conversions.convert(userOf(request).id, request.body);
      return ok(result, request, 'ok.converted', { sold: result.sold, received: result.received });
    },
  );

  app.post(
    '/wallet/createPayOrder',
    {
      schema: {
        ...schema(
          'Announce a deposit: the amount (walletAddress) you will send to your address (in_address)',
        ),
        body: payOrderRequest,
      },
    },
    async (request) =>
      ok(await wallet.payOrders.create(userOf(request).id, request.body), request, 'ok.pay_order_created'),
  );

  app.get(
    '/wallet/pay_orders',
    {
      schema: { ...schema('Your announced deposits, newest first'), querystring: walletRecordsQuery },
    },
    async (request) =>
      ok(await wallet.payOrders.list(userOf(request).id, request.query.page, request.query.limit)),
  );

  app.get(
    '/wallet/addresses',
    { schema: { ...schema('Your withdrawal address book'), querystring: boundAddressQuery } },
    async (request) => ok(await service.boundAddresses(userOf(request).id, request.query.currency_id)),
  );

  app.post(
    '/wallet/bind_code',
    {
      config: { rateLimit: { max: deps.codeRateLimit, timeWindow: ONE_MINUTE } },
      schema: schema('Send a code (type 6) to your own email or phone, to bind a withdrawal address'),
    },
    async (request) =>
      ok({ to: await service.sendBindCode(userOf(request), request.lang) }, request, 'ok.code_sent'),
  );

  app.post(
    '/wallet/unbind_address',
    { schema: { ...schema('Remove an address from your book'), body: unbindAddressRequest } },
    async (request) => {
      await service.unbind(userOf(request).id, request.body.id);
      return ok(null, request, 'ok.address_unbound');
    },
  );
}

/** A signed-in user's calls that take a secret: a withdrawal (trade password) and binding an address (code). */
function secretRoutes(app: Api, deps: WalletRoutesDeps): void {
  const { service, wallet } = deps;

  app.post(
    '/account/draw',
    {
      schema: {
        ...schema('Withdraw to an address with the trade password; request_id makes a retry safe'),
        body: withdrawRequest,
      },
    },
    async (request) =>
      ok(
        await wallet.withdrawals.request(userOf(request).id, request.body, request.lang),
        request,
        'ok.withdrawal_requested',
      ),
  );

  app.post(
    '/wallet/bind_address',
    {
      schema: { ...schema('Add a named withdrawal address with the code'), body: bindAddressRequest },
    },
    async (request) => ok(await service.bind(userOf(request), request.body), request, 'ok.address_bound'),
  );
}
