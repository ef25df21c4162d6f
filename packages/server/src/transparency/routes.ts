import { transparencyProofQuery } from '@oex/protocol';
import type { Allow } from '../admin/guard.js';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { TransparencyService } from './service.js';

/** Proof of liabilities: the public overview, a user's own inclusion proof, a snapshot on demand. */
export function transparencyApi(deps: {
  transparency: TransparencyService;
  sessions: SessionResolver;
  allow: Allow;
}): ApiPlugin {
  return async (app) => {
    publicRoutes(app, deps);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(deps.sessions));
      proofRoutes(signedIn, deps.transparency);
    });
  };
}

const tags = ['transparency'];

/** The public overview and the operator's snapshot on demand. */
function publicRoutes(app: Api, deps: { transparency: TransparencyService; allow: Allow }): void {
  const { transparency } = deps;

  app.get(
    '/transparency',
    {
      schema: {
        tags,
        summary:
          'Public: per currency the latest liability snapshot (Merkle-sum root, total, balances, instant), chain holdings where known, the operator log head',
      },
    },
    async () => ok(await transparency.overview()),
  );

  app.post(
    '/admin/transparency/snapshot',
    {
      preHandler: deps.allow('funds'),
      schema: {
        tags: ['admin'],
        summary: 'Take a liability snapshot of every currency now (beside the daily one; no notice)',
      },
    },
    async () => ok(await transparency.takeNow()),
  );
}

/** A signed-in user's own inclusion proof. */
function proofRoutes(app: Api, transparency: TransparencyService): void {
  app.get(
    '/transparency/proof',
    {
      schema: {
        tags,
        summary:
          'Your own leaf (user id, salt, balance, index) and its path of siblings to the published root of a currency’s latest snapshot',
        security: [{ token: [] }],
        querystring: transparencyProofQuery,
      },
    },
    async (request) => ok(await transparency.proof(userOf(request).id, request.query.currency)),
  );
}
