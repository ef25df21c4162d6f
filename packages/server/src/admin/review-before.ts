import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Api } from '../platform/api.js';

type Body = Record<string, unknown>;
type Reader = (db: Kysely<Database>, body: Body) => Promise<unknown>;

const id = (body: Body, field = 'id') => Number(body[field]);

/**
 * What a review decision finds before it acts, for the operator log's "before": the domains'
 * routes stay as they are, and every decision shows the state it changed.
 */
const BEFORE: Record<string, Reader> = {
  '/api/admin/withdrawals/approve': withdrawal,
  '/api/admin/withdrawals/reject': withdrawal,
  '/api/admin/user_real/approve': identity,
  '/api/admin/user_real/reject': identity,
  '/api/admin/p2p/applications/decide': (db, body) =>
    db
      .selectFrom('p2p_applications')
      .select(['user_id', 'status', 'reason'])
      .where('id', '=', id(body))
      .executeTakeFirst(),
  '/api/admin/p2p/appeals/resolve': (db, body) =>
    db.selectFrom('p2p_orders').select(['status']).where('id', '=', id(body, 'order_id')).executeTakeFirst(),
  '/api/admin/p2p/freeze': async (db, body) => ({
    freeze:
      (await db
        .selectFrom('p2p_freezes')
        .select(['reason', 'frozen_at'])
        .where('user_id', '=', id(body, 'user_id'))
        .executeTakeFirst()) ?? null,
  }),
  '/api/admin/feedback/reply': async (db, body) => ({
    replies: (
      await db.selectFrom('feedback_replies').select('content').where('feedback_id', '=', id(body)).execute()
    ).map((reply) => reply.content),
  }),
};

function withdrawal(db: Kysely<Database>, body: Body) {
  return db
    .selectFrom('withdrawals')
    .select(['user_id', 'status', 'reason'])
    .where('id', '=', id(body))
    .executeTakeFirst();
}

function identity(db: Kysely<Database>, body: Body) {
  return db
    .selectFrom('identity_submissions')
    .select(['user_id', 'status', 'reason'])
    .where('id', '=', id(body))
    .executeTakeFirst();
}

/** Reads the "before" of review decisions once the call is known valid and allowed. */
export function recordReviewBefore(app: Api, db: Kysely<Database>): void {
  app.addHook('preHandler', async (request) => {
    const read = BEFORE[request.routeOptions.url ?? ''];
    if (
      !read ||
      request.auditBefore !== undefined ||
      request.body === null ||
      typeof request.body !== 'object'
    )
      return;
    request.auditBefore = (await read(db, request.body as Body)) ?? null;
  });
}
