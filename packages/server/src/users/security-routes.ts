import { api } from '@oex/protocol';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { userOf } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api } from '../platform/api.js';
import type { Sessions } from './sessions.js';
import type { UsersService } from './service.js';

export interface SecurityRoutesDeps {
  users: UsersService;
  sessions: Sessions;
  /** The per-address guess budget every secret-guessing call shares. */
  guess: preHandlerAsyncHookHandler;
  authLimit: { rateLimit: { max: number; timeWindow: number } };
  codeLimit: { rateLimit: { max: number; timeWindow: number } };
}

/**
 * Two-factor status and enrolment, and a phone's code (docs/personal.md): on a scope that admits
 * only signed-in callers.
 */
export function securityRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users } = deps;

  route(app, api.users.totpStatus, async (request) => ok(await users.totp.status(userOf(request).id)));

  route(app, api.users.totpEnrol, async (request) => ok(await users.startTotp(userOf(request))), {
    config: deps.authLimit,
  });

  route(
    app,
    api.users.sendBindMobileCode,
    async (request) => {
      const { area_id, mobile } = request.body;
      await users.sendBindMobileCode(userOf(request), area_id, mobile, request.lang);
      return ok(null, request, 'ok.code_sent');
    },
    { config: deps.codeLimit },
  );
}

/**
 * Turning two-factor on or off and binding a phone (docs/personal.md): on a scope that spends a
 * guess and then admits only signed-in callers.
 */
export function securitySecretRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users } = deps;

  route(
    app,
    api.users.totpConfirm,
    async (request) =>
      ok(await users.totp.confirm(userOf(request).id, request.body.code), request, 'ok.totp_enabled'),
    { config: deps.authLimit },
  );

  route(
    app,
    api.users.totpDisable,
    async (request) => {
      await users.disableTotp(userOf(request), request.body.password, request.body.code);
      return ok(null, request, 'ok.totp_disabled');
    },
    { config: deps.authLimit },
  );

  route(
    app,
    api.users.bindMobile,
    async (request) => {
      const { area_id, mobile, code } = request.body;
      await users.bindMobile(userOf(request), area_id, mobile, code);
      return ok(null, request, 'ok.mobile_bound');
    },
    { config: deps.authLimit },
  );
}
