import type { Allow } from '../admin/guard.js';
import { api } from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { FeedbackService } from './feedback.js';
import type { IdentityService } from './identity.js';
import type { PayMethods } from './pay-methods.js';

/** user_real/*, pay_method/* (docs/personal.md), feedback/*, and the operator's review and reply calls. */
export function personalApi(deps: PersonalDeps & { sessions: SessionResolver; allow: Allow }): ApiPlugin {
  return async (app) => {
    reviewRoutes(app, deps);
    await app.register(async (signedIn) => {
      signedIn.addHook('preHandler', requireUser(deps.sessions));
      ownRoutes(signedIn, deps);
    });
  };
}

interface PersonalDeps {
  identity: IdentityService;
  payMethods: PayMethods;
  feedback: FeedbackService;
}

/** The operator's review and reply calls, and the public list of payment method types. */
function reviewRoutes(app: Api, deps: PersonalDeps & { allow: Allow }): void {
  const { identity, payMethods, feedback } = deps;

  // ---- identity ---------------------------------------------------------------------------------

  route(
    app,
    api.personal.identityPending,
    async (request) => ok(await identity.pending(request.query.page)),
    {
      preHandler: deps.allow('read'),
    },
  );
  route(
    app,
    api.personal.identityApprove,
    async (request) => ok(await identity.approve(request.body.id), request, 'ok.identity_approved'),
    { preHandler: deps.allow('reviews.support') },
  );
  route(
    app,
    api.personal.identityReject,
    async (request) =>
      ok(await identity.reject(request.body.id, request.body.reason), request, 'ok.identity_rejected'),
    { preHandler: deps.allow('reviews.support') },
  );

  // ---- payment methods --------------------------------------------------------------------------

  route(app, api.personal.payMethodTypes, async (request) => ok(payMethods.types(request.lang)));

  // ---- feedback ---------------------------------------------------------------------------------

  route(
    app,
    api.personal.feedbackAll,
    async (request) => ok(await feedback.all(request.query.page, request.query.unanswered === 1)),
    { preHandler: deps.allow('read') },
  );
  route(
    app,
    api.personal.feedbackReply,
    async (request) =>
      ok(await feedback.reply(request.body.id, request.body.content), request, 'ok.feedback_replied'),
    { preHandler: deps.allow('reviews.support') },
  );
}

/** A signed-in user's identity review, payment methods and feedback. */
function ownRoutes(app: Api, deps: PersonalDeps): void {
  const { identity, payMethods, feedback } = deps;

  // ---- identity ----

  route(app, api.personal.identityCenter, async (request) => ok(await identity.center(userOf(request).id)));
  route(app, api.personal.realName, async (request) =>
    ok(await identity.submit(userOf(request).id, request.body), request, 'ok.identity_submitted'),
  );

  // ---- payment methods ----

  route(app, api.personal.payMethod, async (request) =>
    ok(await payMethods.get(userOf(request).id, request.query.type)),
  );
  route(app, api.personal.savePayMethod, async (request) =>
    ok(await payMethods.save(userOf(request).id, request.body), request, 'ok.pay_method_saved'),
  );

  // ---- feedback ----

  route(app, api.personal.submitFeedback, async (request) =>
    ok(await feedback.submit(userOf(request).id, request.body), request, 'ok.feedback_submitted'),
  );
  route(app, api.personal.feedbackList, async (request) =>
    ok(await feedback.list(userOf(request).id, request.query.page, request.query.limit)),
  );
}
