import {
  idField,
  amendPasswordRequest,
  amendPayPasswordRequest,
  bindEmailRequest,
  bindEmailSendRequest,
  forgetPasswordRequest,
  loginRequest,
  type LoginAnswer,
  registerRequest,
  sendCodeRequest,
} from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser, tokenOf, userOf } from '../http/auth.js';
import type { AuthUser } from './auth-user.js';
import { ok, refusedWith } from '../http/envelope.js';
import { badRequest } from '../platform/errors.js';
import { GuessBudget } from '../http/guess-budget.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import { securityRoutes, securitySecretRoutes, type SecurityRoutesDeps } from './security-routes.js';
import type { Sessions } from './sessions.js';
import type { UsersService } from './service.js';

export interface UsersRoutesDeps {
  users: UsersService;
  sessions: Sessions;
  authRateLimit: number;
  codeRateLimit: number;
  secretGuessLimit: number;
}

const ONE_MINUTE = 60_000;

/** Sign-up, sign-in, passwords, code sending and email binding (docs/personal.md). */
export function usersApi(deps: UsersRoutesDeps): ApiPlugin {
  return async (app) => {
    const limits = {
      authLimit: { rateLimit: { max: deps.authRateLimit, timeWindow: ONE_MINUTE } },
      codeLimit: { rateLimit: { max: deps.codeRateLimit, timeWindow: ONE_MINUTE } },
      // Every call that guesses a password or a code spends from one budget per address.
      guess: new GuessBudget(deps.secretGuessLimit).guard(),
    };
    const scoped = { users: deps.users, sessions: deps.sessions, ...limits };
    publicRoutes(app, scoped);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(deps.sessions));
      accountRoutes(signedIn, scoped);
      securityRoutes(signedIn, scoped);
    });
    // A call that guesses a secret spends from the budget before the caller is known, as any guess does.
    await app.register(async (guessing) => {
      guessing.addHook('preHandler', limits.guess);
      guessing.addHook('preHandler', requireUser(deps.sessions));
      secretRoutes(guessing, scoped);
      securitySecretRoutes(guessing, scoped);
    });
  };
}

const security = [{ token: [] }];

/** Codes, sign-up, sign-in and a forgotten password: open to visitors. */
function publicRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users, sessions, guess, authLimit, codeLimit } = deps;

  /** The caller when a token is sent, without requiring one. */
  const optionalCaller = async (request: FastifyRequest): Promise<AuthUser | null> => {
    const token = tokenOf(request);
    return token ? sessions.authenticate(token) : null;
  };

  for (const channel of ['email', 'sms'] as const) {
    app.post(
      `/notify/send_${channel}`,
      {
        config: codeLimit,
        preHandler: guess,
        schema: {
          tags: ['users'],
          summary: `Send a 6-digit code by ${channel} (type 1 register, 2 forgot password, 3 trade password, 4 bind email, 5 login)`,
          body: sendCodeRequest,
        },
      },
      async (request) => {
        const { to, type, area_id } = request.body;
        const caller = type === 3 || type === 4 ? await optionalCaller(request) : null;
        await users.sendCode({ channel, to, type, areaId: area_id }, caller, request.lang);
        // Reset and sign-in codes answer alike whether or not the account exists.
        return ok(null, request, type === 2 || type === 5 ? 'ok.code_sent_if_exists' : 'ok.code_sent');
      },
    );
  }

  app.post(
    '/user/register',
    {
      config: authLimit,
      preHandler: guess,
      schema: { tags: ['users'], summary: 'Register with email or mobile', body: registerRequest },
    },
    async (request) => ok(await users.register(request.body), request, 'ok.registered'),
  );

  app.get(
    '/user/invite_check',
    {
      config: authLimit,
      schema: {
        tags: ['users'],
        summary: 'Whether an invite code names an account (refused with the reason when it does not)',
        querystring: z.object({ code: z.string().max(64) }),
      },
    },
    async (request) => {
      await users.checkInvite(request.query.code);
      return ok(null);
    },
  );

  app.post(
    '/user/login',
    {
      config: authLimit,
      preHandler: guess,
      schema: {
        tags: ['users'],
        summary:
          'Sign in; data is the token string. With two-factor on and no totp_code: code 0, a msg asking for the code, no data, and totp_required: true beside them',
        body: loginRequest,
      },
    },
    async (request) => {
      const client = { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
      const outcome = await users.login(request.body, client);
      // The first step of a two-factor sign-in signs nobody in: a refusal whose msg asks for the code
      // (the spec's client shows it, and would store a success's data as its token); the data tells
      // our web app to show the code field.
      if (!('token' in outcome)) return refusedWith(outcome, request, 'error.totp_login_step');
      // The spec's client stores data itself as the token; the user's details come from user/info.
      return ok<LoginAnswer>(outcome.token, request, 'ok.logged_in');
    },
  );

  app.post(
    '/user/forget_password',
    {
      config: authLimit,
      preHandler: guess,
      schema: {
        tags: ['users'],
        summary: 'Reset a forgotten password with a type-2 code',
        body: forgetPasswordRequest,
      },
    },
    async (request) => {
      await users.forgetPassword(request.body);
      return ok(null, request, 'ok.password_reset');
    },
  );
}

/** The signed-in user's session, details, email code and sessions. */
function accountRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users, sessions, codeLimit } = deps;

  app.post(
    '/user/logout',
    { schema: { security, tags: ['users'], summary: 'Revoke this session' } },
    async (request) => {
      await users.logout(userOf(request));
      return ok(null, request, 'ok.logged_out');
    },
  );

  app.get(
    '/user/info',
    { schema: { security, tags: ['users'], summary: 'The signed-in user' } },
    async (request) => ok(await users.info(userOf(request).id)),
  );

  app.get(
    '/user/authorization_code',
    {
      schema: { security, tags: ['users'], summary: 'The code that adds this user as an agent' },
    },
    async (request) => ok(await users.authorizationCode(userOf(request).id)),
  );

  app.post(
    '/sms_mail',
    {
      config: codeLimit,
      schema: {
        security,
        tags: ['users'],
        summary: 'Send a code to an email to bind',
        body: bindEmailSendRequest,
      },
    },
    async (request) => {
      await users.sendBindEmailCode(userOf(request), request.body.user_string, request.lang);
      return ok(null, request, 'ok.code_sent');
    },
  );

  app.get(
    '/user/sessions',
    {
      schema: {
        security,
        tags: ['users'],
        summary: 'Your active sessions: device, address, opened and last seen; `current` marks this one',
      },
    },
    async (request) => {
      const caller = userOf(request);
      return ok(await sessions.list(caller.id, caller.sessionId));
    },
  );

  app.post(
    '/user/sessions/revoke',
    {
      schema: {
        security,
        tags: ['users'],
        summary: 'Sign out one of your sessions by id, or every other one with {"others": true}',
        body: revokeSessionsRequest,
      },
    },
    async (request) => {
      const caller = userOf(request);
      if (request.body.others) {
        const count = await sessions.revokeOthers(caller.id, caller.sessionId);
        return ok({ ended: count }, request, 'ok.sessions_ended', { count });
      }
      if (!(await sessions.revokeOwn(caller.id, request.body.id!))) throw badRequest('error.session_unknown');
      return ok({ ended: 1 }, request, 'ok.session_ended');
    },
  );
}

/** The signed-in user's calls that take a secret: passwords and binding an email. */
function secretRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users, authLimit } = deps;

  app.post(
    '/user/amend_password',
    {
      config: authLimit,
      schema: {
        security,
        tags: ['users'],
        summary: 'Change the login password; ends every session',
        body: amendPasswordRequest,
      },
    },
    async (request) => {
      await users.amendPassword(userOf(request), request.body);
      return ok(null, request, 'ok.password_changed');
    },
  );

  app.post(
    '/user/amend_pay_password',
    {
      config: authLimit,
      schema: {
        security,
        tags: ['users'],
        summary: 'Set the trade password with a type-3 code (and totp_code when two-factor is on)',
        body: amendPayPasswordRequest,
      },
    },
    async (request) => {
      await users.amendPayPassword(userOf(request), request.body);
      return ok(null, request, 'ok.pay_password_set');
    },
  );

  app.post(
    '/safe/email',
    {
      config: authLimit,
      schema: {
        security,
        tags: ['users'],
        summary: 'Bind an email with its code',
        body: bindEmailRequest,
      },
    },
    async (request) => {
      await users.bindEmail(userOf(request), request.body.email, request.body.code);
      return ok(null, request, 'ok.email_bound');
    },
  );
}

const revokeSessionsRequest = z
  .object({ id: idField.optional(), others: z.boolean().optional() })
  .refine((body) => body.others === true || body.id !== undefined, {
    message: 'rule.required',
    path: ['id'],
  });
