import type { FeedbackView, Paged } from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database, FeedbackTable } from '../db/schema.js';
import { newestFirst } from '../db/paging.js';
import { paged } from '../lib/paged.js';
import { notFound, tooMany } from '../platform/errors.js';
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

  /** Each user's submissions one after another, so the hourly count cannot be raced past. */
  private readonly queues = new Map<number, Promise<unknown>>();

  async submit(userId: number, input: FeedbackInput): Promise<FeedbackView> {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.submitNow(userId, input));
    this.queues.set(userId, next);
    try {
      return await next;
    } finally {
      if (this.queues.get(userId) === next) this.queues.delete(userId);
    }
  }

  private async submitNow(userId: number, input: FeedbackInput): Promise<FeedbackView> {
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
    return paged(await this.withReplies(rows), total, page, perPage);
  }

  private async withReplies(rows: Selectable<FeedbackTable>[]): Promise<FeedbackView[]> {
    const ids = rows.map((row) => row.id);
    const replies = ids.length
      ? await this.db
          .selectFrom('feedback_replies')
          .selectAll()
          .where('feedback_id', 'in', ids)
          .orderBy('id', 'asc')
          .execute()
      : [];
    return rows.map((row) => ({
      id: row.id,
      content: row.content,
      image_url: row.image_id === null ? null : imageUrl(row.image_id),
      created_at: Number(row.created_at),
      replies: replies
        .filter((reply) => reply.feedback_id === row.id)
        .map((reply) => ({ id: reply.id, content: reply.content, created_at: Number(reply.created_at) })),
    }));
  }

  /** The operator's view: everyone's feedback (or only the unanswered), newest first, with replies. */
  async all(
    page: number,
    unanswered: boolean,
    perPage = 20,
  ): Promise<Paged<FeedbackView & { user_id: number }>> {
    let query = this.db.selectFrom('feedback');
    if (unanswered) {
      query = query.where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('feedback_replies').select('id').whereRef('feedback_id', '=', 'feedback.id'))),
      );
    }
    const { total, rows } = await newestFirst(query, page, perPage);
    const views = await this.withReplies(rows);
    return paged(
      views.map((view, index) => ({ ...view, user_id: rows[index]!.user_id })),
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
