import { api } from '@oex/protocol';
import type { Allow } from '../admin/guard.js';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
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

/** The public overview and the operator's snapshot on demand. */
function publicRoutes(app: Api, deps: { transparency: TransparencyService; allow: Allow }): void {
  const { transparency } = deps;
  route(app, api.transparency.overview, async () => ok(await transparency.overview()));
  route(app, api.transparency.takeSnapshot, async () => ok(await transparency.takeNow()), {
    preHandler: deps.allow('funds'),
  });
}

/** A signed-in user's own inclusion proof. */
function proofRoutes(app: Api, transparency: TransparencyService): void {
  route(app, api.transparency.proof, async (request) =>
    ok(await transparency.proof(userOf(request).id, request.query.currency)),
  );
}
