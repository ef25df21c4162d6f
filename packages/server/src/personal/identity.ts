import {
  REVIEW_CERTIFIED,
  REVIEW_PENDING,
  REVIEW_REJECTED,
  type IdentityCenter,
  type IdentitySubmissionView,
  type Paged,
  type ReviewStatus,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database, IdentitySubmissionsTable } from '../db/schema.js';
import { newestFirst } from '../db/paging.js';
import { paged } from '../lib/paged.js';
import { badRequest, conflict, notFound } from '../platform/errors.js';
import type { Clock } from '../lib/clock.js';
import { imageUrl, type UploadStore } from '../uploads/store.js';
import { maskCardId, maySubmitIdentity } from './rules.js';

export interface RealNameInput {
  name: string;
  card_id: string;
  front_pic: number;
  reverse_pic: number;
  hand_pic?: number | null | undefined;
}

type SubmissionRow = Selectable<IdentitySubmissionsTable>;

/**
 * Real-name identity (user_real/*): a user submits name, ID number and two or three photos of
 * their own; the operator approves or rejects with a reason. Every submission is kept;
 * `users.review_status` follows the latest (0 none, 1 under review, 2 certified, 3 rejected).
 */
export class IdentityService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: UploadStore,
    private readonly clock: Clock,
  ) {}

  async center(userId: number): Promise<IdentityCenter> {
    const user = await this.db
      .selectFrom('users')
      .select('review_status')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const latest = await this.db
      .selectFrom('identity_submissions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const status = [0, 1, 2, 3].includes(user.review_status) ? (user.review_status as ReviewStatus) : 0;
    return {
      review_status: status,
      name: latest?.name ?? null,
      card_id: latest ? maskCardId(latest.card_id) : null,
      reason: status === REVIEW_REJECTED ? (latest?.reason ?? null) : null,
      submitted_at: latest ? Number(latest.created_at) : null,
      reviewed_at: latest?.reviewed_at == null ? null : Number(latest.reviewed_at),
    };
  }

  /** Takes a submission from a user with none or a rejected one; refused otherwise, changing nothing. */
  async submit(userId: number, input: RealNameInput): Promise<IdentityCenter> {
    const pictures = [input.front_pic, input.reverse_pic, ...(input.hand_pic ? [input.hand_pic] : [])];
    if (new Set(pictures).size !== pictures.length) throw badRequest('error.identity_same_image');
    await this.db.transaction().execute(async (trx) => {
      await this.uploads.requireOwn(userId, pictures, trx);
      const user = await trx
        .selectFrom('users')
        .select('review_status')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      if (!maySubmitIdentity(user.review_status)) {
        throw conflict(
          user.review_status === REVIEW_CERTIFIED ? 'error.identity_certified' : 'error.identity_pending',
        );
      }
      const now = this.clock.now();
      // Only from the state just read: a second submission racing this one changes no row.
      const updated = await trx
        .updateTable('users')
        .set({ review_status: REVIEW_PENDING, updated_at: now })
        .where('id', '=', userId)
        .where('review_status', '=', user.review_status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('error.identity_pending');
      await trx
        .insertInto('identity_submissions')
        .values({
          user_id: userId,
          name: input.name,
          card_id: input.card_id.toUpperCase(),
          front_pic: input.front_pic,
          reverse_pic: input.reverse_pic,
          hand_pic: input.hand_pic ?? null,
          status: REVIEW_PENDING,
          reason: null,
          created_at: now,
          reviewed_at: null,
        })
        .execute();
    });
    return this.center(userId);
  }

  /** The operator's queue: submissions under review, oldest first so none waits forever. */
  async pending(page: number, perPage = 20): Promise<Paged<IdentitySubmissionView>> {
    const query = this.db.selectFrom('identity_submissions').where('status', '=', REVIEW_PENDING);
    const counted = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('id', 'asc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return paged(await this.views(rows), Number(counted.total), page, perPage);
  }

  /** Every submission of one user, newest first (the history the operator may look back on). */
  async historyOf(userId: number, page: number, perPage = 20): Promise<Paged<IdentitySubmissionView>> {
    const { total, rows } = await newestFirst(
      this.db.selectFrom('identity_submissions').where('user_id', '=', userId),
      page,
      perPage,
    );
    return paged(await this.views(rows), total, page, perPage);
  }

  async approve(id: number): Promise<IdentitySubmissionView> {
    return this.decide(id, REVIEW_CERTIFIED, null);
  }

  async reject(id: number, reason: string): Promise<IdentitySubmissionView> {
    return this.decide(id, REVIEW_REJECTED, reason);
  }

  private async decide(id: number, status: 2 | 3, reason: string | null): Promise<IdentitySubmissionView> {
    const row = await this.db.transaction().execute(async (trx) => {
      const submission = await trx
        .selectFrom('identity_submissions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!submission) throw notFound('error.identity_unknown');
      const now = this.clock.now();
      const decided = await trx
        .updateTable('identity_submissions')
        .set({ status, reason, reviewed_at: now })
        .where('id', '=', id)
        .where('status', '=', REVIEW_PENDING)
        .executeTakeFirst();
      if (Number(decided.numUpdatedRows) !== 1) throw conflict('error.identity_not_pending');
      await trx
        .updateTable('users')
        .set({ review_status: status, updated_at: now })
        .where('id', '=', submission.user_id)
        .where('review_status', '=', REVIEW_PENDING)
        .execute();
      return { ...submission, status, reason, reviewed_at: now };
    });
    const [view] = await this.views([row]);
    return view!;
  }

  private async views(rows: SubmissionRow[]): Promise<IdentitySubmissionView[]> {
    const userIds = [...new Set(rows.map((row) => row.user_id))];
    const users = userIds.length
      ? await this.db
          .selectFrom('users')
          .select(['id', 'email', 'mobile'])
          .where('id', 'in', userIds)
          .execute()
      : [];
    const accountOf = new Map(users.map((user) => [user.id, user.email ?? user.mobile ?? '']));
    return rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      account: accountOf.get(row.user_id) ?? '',
      name: row.name,
      card_id: row.card_id,
      front_pic: imageUrl(row.front_pic),
      reverse_pic: imageUrl(row.reverse_pic),
      hand_pic: row.hand_pic === null ? null : imageUrl(row.hand_pic),
      status: row.status as 1 | 2 | 3,
      reason: row.reason,
      created_at: Number(row.created_at),
      reviewed_at: row.reviewed_at === null ? null : Number(row.reviewed_at),
    }));
  }
}
