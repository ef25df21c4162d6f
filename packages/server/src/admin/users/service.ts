import {
  Decimal,
  type AccountLogView,
  type AdminUserAccount,
  type AdminUserActionResult,
  type AdminUserDetail,
  type AdminUserRow,
  type Lang,
  type Paged,
  type ReviewStatus,
} from '@oex/protocol';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { paged } from '../../lib/paged.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { CurrencyDirectory } from '../../ledger/currencies.js';
import type { LedgerService } from '../../ledger/service.js';
import type { Clock } from '../../lib/clock.js';
import { formatDateTime } from '../../lib/time.js';
import type { SpotService } from '../../spot/service.js';
import type { Sessions } from '../../users/sessions.js';
import type { TwoFactor } from '../../users/totp.js';
import type { Adjustments } from './adjustments.js';
import { searchTerms } from './rules.js';

type UserRow = Selectable<UsersTable>;

const SEARCH_PER_PAGE = 20;
const RECENT_ORDERS = 20;
const OPEN_ORDERS = 50;
/** review_status of a certified identity. */
const CERTIFIED = 2;

export interface AdminUsersDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessions: Sessions;
  totp: TwoFactor;
  ledger: LedgerService;
  spot: SpotService;
  currencies: CurrencyDirectory;
  adjustments: Adjustments;
  timeZone: string;
}

/** The console's view of users, and the account actions an operator may take (with a reason). */
export class AdminUsersService {
  constructor(private readonly deps: AdminUsersDeps) {}

  /** Users by id, email, phone or invite code, newest first; every user when the text is empty. */
  async search(text: string, page: number): Promise<Paged<AdminUserRow>> {
    const { db } = this.deps;
    let query = db.selectFrom('users');
    if (text) {
      const terms = searchTerms(text);
      query = query.where((eb) =>
        eb.or([
          ...(terms.id !== null ? [eb('id', '=', terms.id)] : []),
          ...(terms.inviteCode !== null ? [eb('invite_code', '=', terms.inviteCode)] : []),
          sql<boolean>`lower(coalesce(email, '')) like ${terms.like} escape '\\'`,
          sql<boolean>`coalesce(area_code, '') || coalesce(mobile, '') like ${terms.like} escape '\\'`,
        ]),
      );
    }
    const counted = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(SEARCH_PER_PAGE)
      .offset((page - 1) * SEARCH_PER_PAGE)
      .execute();
    return paged(
      rows.map((row) => this.row(row)),
      Number(counted.total),
      page,
      SEARCH_PER_PAGE,
    );
  }

  async detail(userId: number, lang: Lang): Promise<AdminUserDetail> {
    const { db, spot, timeZone } = this.deps;
    const user = await this.user(userId);
    const [identity, accounts, open, recent, sessions, totp, adjustments] = await Promise.all([
      db
        .selectFrom('identity_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      this.accounts(userId),
      spot.list(userId, undefined, 'open', undefined, 1, OPEN_ORDERS, lang),
      spot.list(userId, undefined, 'all', undefined, 1, RECENT_ORDERS, lang),
      this.activeSessions(userId),
      this.deps.totp.isEnabled(userId),
      this.deps.adjustments.list({ user_id: userId, page: 1 }),
    ]);
    const time = (ms: number | null) => (ms === null ? null : formatDateTime(ms, timeZone));
    return {
      user: {
        ...this.row(user),
        inviter_id: user.inviter_id,
        frozen_at: time(user.frozen_at),
        frozen_reason: user.frozen_reason,
        has_pay_password: user.pay_password_hash !== null,
        two_factor: totp,
      },
      identity: identity
        ? {
            status: reviewStatus(identity.status),
            name: identity.name,
            card_id: `…${identity.card_id.slice(-4)}`,
            submitted_at: formatDateTime(identity.created_at, timeZone),
            reviewed_at: time(identity.reviewed_at),
            reason: identity.reason,
          }
        : null,
      accounts,
      open_orders: open.data,
      open_orders_total: open.total,
      recent_orders: recent.data,
      sessions,
      adjustments: adjustments.data,
    };
  }

  /** The user's journal, every account, newest first: what they see in their own records. */
  logs(userId: number, page: number, perPage: number, lang: Lang): Promise<Paged<AccountLogView>> {
    return this.user(userId).then(() =>
      this.deps.ledger.logs(userId, undefined, undefined, page, perPage, lang),
    );
  }

  /**
   * Freezes an account: it cannot sign in, and every session ends at once (live connections
   * drop their private channels). Open orders stay in the book (docs/operator-console.md).
   */
  async freeze(userId: number, reason: string): Promise<AdminUserActionResult> {
    const user = await this.manageable(userId);
    if (user.frozen_at !== null) throw conflict('error.user_already_frozen');
    await this.deps.db
      .updateTable('users')
      .set({ frozen_at: this.deps.clock.now(), frozen_reason: reason })
      .where('id', '=', userId)
      .where('frozen_at', 'is', null)
      .execute();
    const ended = await this.deps.sessions.revokeAll(userId);
    return this.result(userId, ended);
  }

  async unfreeze(userId: number): Promise<AdminUserActionResult> {
    const user = await this.manageable(userId);
    if (user.frozen_at === null) throw conflict('error.user_not_frozen');
    await this.deps.db
      .updateTable('users')
      .set({ frozen_at: null, frozen_reason: null })
      .where('id', '=', userId)
      .execute();
    return this.result(userId, 0);
  }

  async endSessions(userId: number): Promise<AdminUserActionResult> {
    await this.manageable(userId);
    return this.result(userId, await this.deps.sessions.revokeAll(userId));
  }

  /** Turns two-factor off for a user who lost the authenticator: only once their identity is certified. */
  async resetTotp(userId: number): Promise<AdminUserActionResult> {
    const user = await this.manageable(userId);
    if (user.review_status !== CERTIFIED) throw badRequest('error.totp_reset_uncertified');
    if (!(await this.deps.totp.reset(userId))) throw badRequest('error.totp_not_enabled');
    return this.result(userId, 0);
  }

  /** What an action will replace, for the operator log's "before". */
  async stateOf(userId: number): Promise<{ frozen: boolean; two_factor: boolean; sessions: number }> {
    const user = await this.user(userId);
    return {
      frozen: user.frozen_at !== null,
      two_factor: await this.deps.totp.isEnabled(userId),
      sessions: (await this.activeSessions(userId)).length,
    };
  }

  // ---- helpers -----------------------------------------------------------------------------

  private async result(userId: number, ended: number): Promise<AdminUserActionResult> {
    const user = await this.user(userId);
    return {
      user_id: userId,
      frozen: user.frozen_at !== null,
      sessions_ended: ended,
      two_factor: await this.deps.totp.isEnabled(userId),
    };
  }

  private async user(userId: number): Promise<UserRow> {
    const user = await this.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('error.user_unknown');
    return user;
  }

  /** A user an operator may act on: the exchange's own liquidity accounts are not. */
  private async manageable(userId: number): Promise<UserRow> {
    const user = await this.user(userId);
    if (user.is_system) throw badRequest('error.admin_system_user');
    return user;
  }

  private row(user: UserRow): AdminUserRow {
    return {
      id: user.id,
      email: user.email,
      area_code: user.area_code,
      mobile: user.mobile,
      invite_code: user.invite_code,
      review_status: reviewStatus(user.review_status),
      is_system: user.is_system === 1,
      frozen: user.frozen_at !== null,
      created_at: formatDateTime(user.created_at, this.deps.timeZone),
    };
  }

  private async accounts(userId: number): Promise<AdminUserAccount[]> {
    const { currencies } = this.deps;
    const rows = await this.deps.db
      .selectFrom('accounts')
      .select(['account_type_id', 'currency_id', 'balance', 'lock_balance'])
      .where('user_id', '=', userId)
      .orderBy('account_type_id')
      .orderBy('currency_id')
      .execute();
    return rows.map((row) => ({
      account_type_id: row.account_type_id,
      account_code: currencies.accountType(row.account_type_id).code,
      currency_id: row.currency_id,
      currency_code: currencies.currency(row.currency_id).code,
      balance: Decimal.parse(String(row.balance)).toString(),
      lock_balance: Decimal.parse(String(row.lock_balance)).toString(),
    }));
  }

  private async activeSessions(userId: number) {
    const time = (ms: number) => formatDateTime(ms, this.deps.timeZone);
    return (await this.deps.sessions.list(userId, 0)).map((session) => ({
      id: session.id,
      user_agent: session.user_agent,
      ip: session.ip,
      created_at: time(session.created_at),
      last_seen_at: time(session.last_seen_at),
    }));
  }
}

function reviewStatus(value: number): ReviewStatus {
  return value === 1 || value === 2 || value === 3 ? value : 0;
}
