import type { Allow } from '../admin/guard.js';
import {
  feedbackAdminQuery,
  feedbackListQuery,
  feedbackReplyRequest,
  feedbackSubmitRequest,
  identityApproveRequest,
  identityPendingQuery,
  identityRejectRequest,
  payMethodSaveRequest,
  payMethodTypeQuery,
  realNameRequest,
} from '@oex/protocol';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
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

const tags = ['personal'];
const security = [{ token: [] }];

/** The operator's review and reply calls, and the public list of payment method types. */
function reviewRoutes(app: Api, deps: PersonalDeps & { allow: Allow }): void {
  const { identity, payMethods, feedback } = deps;

  // ---- identity ---------------------------------------------------------------------------------

  app.get(
    '/admin/user_real/pending',
    {
      preHandler: deps.allow('read'),
      schema: {
        tags: ['admin'],
        summary: 'Identity submissions under review, oldest first',
        querystring: identityPendingQuery,
      },
    },
    async (request) => ok(await identity.pending(request.query.page)),
  );

  app.post(
    '/admin/user_real/approve',
    {
      preHandler: deps.allow('reviews.support'),
      schema: {
        tags: ['admin'],
        summary: 'Certify an identity submission under review',
        body: identityApproveRequest,
      },
    },
    async (request) => ok(await identity.approve(request.body.id), request, 'ok.identity_approved'),
  );

  app.post(
    '/admin/user_real/reject',
    {
      preHandler: deps.allow('reviews.support'),
      schema: {
        tags: ['admin'],
        summary: 'Reject an identity submission under review, with the reason its owner will read',
        body: identityRejectRequest,
      },
    },
    async (request) =>
      ok(await identity.reject(request.body.id, request.body.reason), request, 'ok.identity_rejected'),
  );

  // ---- payment methods --------------------------------------------------------------------------

  app.get(
    '/pay_method/types',
    { schema: { tags, summary: 'Payment method types: alipay, wxpay, bank' } },
    async (request) => ok(payMethods.types(request.lang)),
  );

  // ---- feedback ---------------------------------------------------------------------------------

  app.get(
    '/admin/feedback/list',
    {
      preHandler: deps.allow('read'),
      schema: {
        tags: ['admin'],
        summary:
          "Every user's feedback (unanswered=1: only those without a reply), newest first, with replies",
        querystring: feedbackAdminQuery,
      },
    },
    async (request) => ok(await feedback.all(request.query.page, request.query.unanswered === 1)),
  );

  app.post(
    '/admin/feedback/reply',
    {
      preHandler: deps.allow('reviews.support'),
      schema: {
        tags: ['admin'],
        summary: 'Reply to a feedback; its author sees the reply',
        body: feedbackReplyRequest,
      },
    },
    async (request) =>
      ok(await feedback.reply(request.body.id, request.body.content), request, 'ok.feedback_replied'),
  );
}

/** A signed-in user's identity review, payment methods and feedback. */
function ownRoutes(app: Api, deps: PersonalDeps): void {
  const { identity, payMethods, feedback } = deps;

  // ---- identity ----

  app.get(
    '/user_real/center',
    {
      schema: {
        tags,
        security,
        summary:
          'Your identity review: review_status 0 none, 1 under review, 2 certified, 3 rejected (with the reason)',
      },
    },
    async (request) => ok(await identity.center(userOf(request).id)),
  );

  app.post(
    '/user_real/real_name',
    {
      schema: {
        tags,
        security,
        summary:
          'Submit name, ID number and photos (front_pic, reverse_pic, optional hand_pic: ids of your own uploads); only from status 0 or 3',
        body: realNameRequest,
      },
    },
    async (request) =>
      ok(await identity.submit(userOf(request).id, request.body), request, 'ok.identity_submitted'),
  );

  // ---- payment methods ----

  app.get(
    '/pay_method/get_method_by_type',
    {
      schema: {
        tags,
        security,
        summary: 'Your saved method of one type (alipay, wxpay or bank), or null',
        querystring: payMethodTypeQuery,
      },
    },
    async (request) => ok(await payMethods.get(userOf(request).id, request.query.type)),
  );

  app.post(
    '/pay_method/save',
    {
      schema: {
        tags,
        security,
        summary:
          'Save your method of a type (replaces the previous one). raw_data: real_name, account, qrcode (your upload id, or the URL common/image_upload answered; read back as that URL, with qrcode_id) for alipay and wxpay; real_name, bank_name, card_no, bank_address (branch) for bank',
        body: payMethodSaveRequest,
      },
    },
    async (request) =>
      ok(await payMethods.save(userOf(request).id, request.body), request, 'ok.pay_method_saved'),
  );

  // ---- feedback ----

  app.post(
    '/feedback/submit',
    {
      schema: {
        tags,
        security,
        summary: 'Send feedback: at least 10 characters, optionally an image (your upload id); 5 an hour',
        body: feedbackSubmitRequest,
      },
    },
    async (request) =>
      ok(await feedback.submit(userOf(request).id, request.body), request, 'ok.feedback_submitted'),
  );

  app.get(
    '/feedback/list',
    {
      schema: {
        tags,
        security,
        summary: 'Your feedback, newest first, each with the replies',
        querystring: feedbackListQuery,
      },
    },
    async (request) => ok(await feedback.list(userOf(request).id, request.query.page, request.query.limit)),
  );
}
