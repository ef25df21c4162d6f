import { api } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { requireUser, tokenOf, userOf } from '../http/auth.js';
import type { AuthUser } from './auth-user.js';
import { ok, refusedWith } from '../http/envelope.js';
import { badRequest } from '../platform/errors.js';
import { GuessBudget } from '../http/guess-budget.js';
import { route } from '../http/route.js';
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

/** Codes, sign-up, sign-in and a forgotten password: open to visitors. */
function publicRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users, sessions, guess, authLimit, codeLimit } = deps;

  /** The caller when a token is sent, without requiring one. */
  const optionalCaller = async (request: FastifyRequest): Promise<AuthUser | null> => {
    const token = tokenOf(request);
    return token ? sessions.authenticate(token) : null;
  };

  for (const [channel, entry] of [
    ['email', api.users.sendEmailCode],
    ['sms', api.users.sendSmsCode],
  ] as const) {
    route(
      app,
      entry,
      async (request) => {
        const { to, type, area_id } = request.body;
        const caller = type === 3 || type === 4 ? await optionalCaller(request) : null;
        await users.sendCode({ channel, to, type, areaId: area_id }, caller, request.lang);
        // Reset and sign-in codes answer alike whether or not the account exists.
        return ok(null, request, type === 2 || type === 5 ? 'ok.code_sent_if_exists' : 'ok.code_sent');
      },
      { config: codeLimit, preHandler: guess },
    );
  }

  route(
    app,
    api.users.register,
    async (request) => ok(await users.register(request.body), request, 'ok.registered'),
    { config: authLimit, preHandler: guess },
  );

  route(
    app,
    api.users.inviteCheck,
    async (request) => {
      await users.checkInvite(request.query.code);
      return ok(null);
    },
    { config: authLimit },
  );

  route(
    app,
    api.users.login,
    async (request, reply) => {
      const client = { userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
      const outcome = await users.login(request.body, client);
      // The first step of a two-factor sign-in signs nobody in: a refusal whose msg asks for the code
      // (the spec's client shows it, and would store a success's data as its token); the data tells
      // our web app to show the code field.
      if (!('token' in outcome)) return reply.send(refusedWith(outcome, request, 'error.totp_login_step'));
      // The spec's client stores data itself as the token; the user's details come from user/info.
      return ok(outcome.token, request, 'ok.logged_in');
    },
    { config: authLimit, preHandler: guess },
  );

  route(
    app,
    api.users.forgetPassword,
    async (request) => {
      await users.forgetPassword(request.body);
      return ok(null, request, 'ok.password_reset');
    },
    { config: authLimit, preHandler: guess },
  );
}

/** The signed-in user's session, details, email code and sessions. */
function accountRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users, sessions, codeLimit } = deps;

  route(app, api.users.logout, async (request) => {
    await users.logout(userOf(request));
    return ok(null, request, 'ok.logged_out');
  });

  route(app, api.users.info, async (request) => ok(await users.info(userOf(request).id)));

  route(app, api.users.authorizationCode, async (request) =>
    ok(await users.authorizationCode(userOf(request).id)),
  );

  route(
    app,
    api.users.sendBindEmailCode,
    async (request) => {
      await users.sendBindEmailCode(userOf(request), request.body.user_string, request.lang);
      return ok(null, request, 'ok.code_sent');
    },
    { config: codeLimit },
  );

  route(app, api.users.sessions, async (request) => {
    const caller = userOf(request);
    return ok(await sessions.list(caller.id, caller.sessionId));
  });

  route(app, api.users.revokeSessions, async (request) => {
    const caller = userOf(request);
    if (request.body.others) {
      const count = await sessions.revokeOthers(caller.id, caller.sessionId);
      return ok({ ended: count }, request, 'ok.sessions_ended', { count });
    }
    if (!(await sessions.revokeOwn(caller.id, request.body.id!))) throw badRequest('error.session_unknown');
    return ok({ ended: 1 }, request, 'ok.session_ended');
  });
}

/** The signed-in user's calls that take a secret: passwords and binding an email. */
function secretRoutes(app: Api, deps: SecurityRoutesDeps): void {
  const { users, authLimit } = deps;

  route(
    app,
    api.users.amendPassword,
    async (request) => {
      await users.amendPassword(userOf(request), request.body);
      return ok(null, request, 'ok.password_changed');
    },
    { config: authLimit },
  );

  route(
    app,
    api.users.amendPayPassword,
    async (request) => {
      await users.amendPayPassword(userOf(request), request.body);
      return ok(null, request, 'ok.pay_password_set');
    },
    { config: authLimit },
  );

  route(
    app,
    api.users.bindEmail,
    async (request) => {
      await users.bindEmail(userOf(request), request.body.email, request.body.code);
      return ok(null, request, 'ok.email_bound');
    },
    { config: authLimit },
  );
}
