import { api } from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import { GuessBudget } from '../http/guess-budget.js';
import { route } from '../http/route.js';
import type { ApiPlugin } from '../platform/api.js';
import type { SessionResolver } from '../users/auth-user.js';
import type { ApiKeyDesk } from './desk.js';

const ONE_MINUTE = 60_000;

export interface ApiKeyRoutesDeps {
  desk: ApiKeyDesk;
  sessions: SessionResolver;
  codeRateLimit: number;
  secretGuessLimit: number;
}

/**
 * apikeys/*: a signed-in user's trading-API keys. The create call is not idempotent on purpose: a
 * retry that answered the first key would have to keep its secret to answer it again.
 */
export function apiKeysApi(deps: ApiKeyRoutesDeps): ApiPlugin {
  const { desk } = deps;
  return async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(deps.sessions));
      route(signedIn, api.apikeys.list, async (request) => ok(await desk.list(userOf(request).id)));
      route(
        signedIn,
        api.apikeys.sendCode,
        async (request) =>
          ok({ to: await desk.sendCode(userOf(request), request.lang) }, request, 'ok.code_sent'),
        { config: { rateLimit: { max: deps.codeRateLimit, timeWindow: ONE_MINUTE } } },
      );
      route(signedIn, api.apikeys.revoke, async (request) => {
        await desk.revoke(userOf(request).id, request.body.id);
        return ok(null, request, 'ok.api_key_revoked');
      });
    });
    // Creating guesses a code: it spends from the guess budget before the caller is known.
    await app.register(async (guessing) => {
      guessing.addHook('preHandler', new GuessBudget(deps.secretGuessLimit).guard());
      guessing.addHook('preHandler', requireUser(deps.sessions));
      route(guessing, api.apikeys.create, async (request) =>
        ok(await desk.create(userOf(request), request.body), request, 'ok.api_key_created'),
      );
    });
  };
}
