import {
  bindMobileRequest,
  bindMobileSendRequest,
  totpConfirmRequest,
  totpDisableRequest,
} from '@oex/protocol';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { userOf } from '../http/auth.js';
import { ok } from '../http/envelope.js';
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

const schema = (summary: string) => ({ tags: ['users'], summary, security: [{ token: [] }] });

/**
 * Two-factor status and enrolment, and a phone's code (docs/personal.md): on a scope that admits
 * only signed-in callers.
 */
export function securityRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users } = deps;

  app.get(
    '/user/totp',
    { schema: schema('Whether two-factor sign-in is on, and how many recovery codes are left') },
    async (request) => ok(await users.totp.status(userOf(request).id)),
  );

  app.post(
    '/user/totp/enrol',
    {
      config: deps.authLimit,
      schema: schema('Start two-factor enrolment: a new secret with its QR code, answered only this once'),
    },
    async (request) => ok(await users.startTotp(userOf(request))),
  );

  app.post(
    '/sms_mobile',
    {
      config: deps.codeLimit,
      schema: { ...schema('Send a code to a phone number to bind'), body: bindMobileSendRequest },
    },
    async (request) => {
      const { area_id, mobile } = request.body;
      await users.sendBindMobileCode(userOf(request), area_id, mobile, request.lang);
      return ok(null, request, 'ok.code_sent');
    },
  );
}

/**
 * Turning two-factor on or off and binding a phone (docs/personal.md): on a scope that spends a
 * guess and then admits only signed-in callers.
 */
export function securitySecretRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users } = deps;

  app.post(
    '/user/totp/confirm',
    {
      config: deps.authLimit,
      schema: {
        ...schema('Turn two-factor on with a first code; answers 10 single-use recovery codes, shown once'),
        body: totpConfirmRequest,
      },
    },
    async (request) =>
      ok(await users.totp.confirm(userOf(request).id, request.body.code), request, 'ok.totp_enabled'),
  );

  app.post(
    '/user/totp/disable',
    {
      config: deps.authLimit,
      schema: {
        ...schema('Turn two-factor off with the login password and a code (or a recovery code)'),
        body: totpDisableRequest,
      },
    },
    async (request) => {
      await users.disableTotp(userOf(request), request.body.password, request.body.code);
      return ok(null, request, 'ok.totp_disabled');
    },
  );

  app.post(
    '/safe/mobile',
    {
      config: deps.authLimit,
      schema: { ...schema('Bind a phone number with its code'), body: bindMobileRequest },
    },
    async (request) => {
      const { area_id, mobile, code } = request.body;
      await users.bindMobile(userOf(request), area_id, mobile, code);
      return ok(null, request, 'ok.mobile_bound');
    },
  );
}
