import type { FeedbackView, Paged } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newestFirst } from '../db/paging.js';
import { paged } from '../http/envelope.js';
import { notFound, tooMany } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import { imageUrl, type UploadStore } from '../uploads/store.js';

const HOUR = 3_600_000;

export interface FeedbackInput {
  content: string;
  image?: number | null | undefined;
}

/** Feedback: a user writes (at most `perHour` an hour), reads their own with the operator's replies. */
export class FeedbackService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: UploadStore,
    private readonly clock: Clock,
    private readonly perHour: number,
  ) {}

  async submit(userId: number, input: FeedbackInput): Promise<FeedbackView> {
    const now = this.clock.now();
    const recent = await this.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('created_at', '>', now - HOUR)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= this.perHour) throw tooMany('error.feedback_rate', { max: this.perHour });
    if (input.image) await this.uploads.requireOwn(userId, [input.image]);
    const row = await this.db
      .insertInto('feedback')
      .values({ user_id: userId, content: input.content, image_id: input.image ?? null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      content: input.content,
      image_url: input.image ? imageUrl(input.image) : null,
      created_at: now,
      replies: [],
    };
  }

  async list(userId: number, page: number, perPage = 10): Promise<Paged<FeedbackView>> {
    const { total, rows } = await newestFirst(
      this.db.selectFrom('feedback').where('user_id', '=', userId),
      page,
      perPage,
    );
    const ids = rows.map((row) => row.id);
    const replies = ids.length
      ? await this.db
          .selectFrom('feedback_replies')
          .selectAll()
          .where('feedback_id', 'in', ids)
          .orderBy('id', 'asc')
          .execute()
      : [];
    return paged(
      rows.map((row) => ({
        id: row.id,
        content: row.content,
        image_url: row.image_id === null ? null : imageUrl(row.image_id),
        created_at: Number(row.created_at),
        replies: replies
          .filter((reply) => reply.feedback_id === row.id)
          .map((reply) => ({ id: reply.id, content: reply.content, created_at: Number(reply.created_at) })),
      })),
      total,
      page,
      perPage,
    );
  }

  /** The operator's answer to one feedback; the user sees it under their feedback. */
  async reply(feedbackId: number, content: string): Promise<{ id: number; feedback_id: number }> {
    const exists = await this.db
      .selectFrom('feedback')
      .select('id')
      .where('id', '=', feedbackId)
      .executeTakeFirst();
    if (!exists) throw notFound('error.feedback_unknown');
    const row = await this.db
      .insertInto('feedback_replies')
      .values({ feedback_id: feedbackId, content, created_at: this.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, feedback_id: feedbackId };
  }
}
