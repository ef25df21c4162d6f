import type { SessionView } from '@oex/protocol';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AuthUser, SessionResolver } from './auth-user.js';
import { unauthenticated } from '../platform/errors.js';
import type { Clock } from '../lib/clock.js';
import { randomToken, sha256 } from '../lib/secrets.js';

/** A session ends after 7 days without use. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;
/** How long a checked token is trusted from memory before the database is asked again. */
const CACHE_MS = 30 * 1000;
const CACHE_LIMIT = 100_000;

/** Where a session was opened, so its owner can recognise it in the list. */
export interface SessionClient {
  userAgent: string;
  ip: string;
}

export type { SessionView };

/** Told the ids of sessions that just ended (logout, password change or reset, revocation). */
export type SessionEndListener = (sessionIds: number[]) => void;

interface CachedSession {
  userId: number;
  sessionId: number;
  lastSeenAt: number;
  checkedAt: number;
}

/** Random bearer tokens, stored only as SHA-256 hashes; revocable one by one or all at once. */
export class Sessions implements SessionResolver {
  /**
   * Tokens checked in the last 30 s, by hash. Logout and password changes in this process evict
   * at once; with several processes a revocation elsewhere takes effect within 30 s.
   */
  private readonly cache = new Map<string, CachedSession>();
  private readonly endListeners: SessionEndListener[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async open(userId: number, client: SessionClient = { userAgent: '', ip: '' }): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        created_at: now,
        last_seen_at: now,
        revoked_at: null,
        user_agent: client.userAgent.slice(0, 256),
        ip: client.ip.slice(0, 64),
      })
      .execute();
    return token;
  }

  /** Live connections subscribe here, so a session that ends stops receiving private pushes at once. */
  onEnded(listener: SessionEndListener): void {
    this.endListeners.push(listener);
  }

  async authenticate(token: string): Promise<AuthUser> {
    if (token.length > 128) throw unauthenticated();
    const now = this.clock.now();
    const hash = sha256(token);
    const cached = this.cache.get(hash);
    if (cached && now - cached.checkedAt < CACHE_MS && now - cached.lastSeenAt < TOUCH_EVERY_MS) {
      return { id: cached.userId, sessionId: cached.sessionId };
    }
    const user = await this.authenticateFromDatabase(hash, now);
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(hash, { userId: user.id, sessionId: user.sessionId, lastSeenAt: now, checkedAt: now });
    return user;
  }

  private async authenticateFromDatabase(hash: string, now: number): Promise<AuthUser> {
    const session = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'last_seen_at', 'revoked_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!session) throw unauthenticated();
    if (session.revoked_at !== null || session.last_seen_at + SESSION_IDLE_MS <= now) {
      throw unauthenticated('error.session_expired');
    }
    if (now - session.last_seen_at >= TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute();
    }
    return { id: session.user_id, sessionId: session.id };
  }

  private evict(match: (entry: CachedSession) => boolean): void {
    for (const [hash, entry] of this.cache) if (match(entry)) this.cache.delete(hash);
  }

  /** Ends one session. */
  async revoke(sessionId: number): Promise<void> {
    await this.end({ sessionId });
  }

  /** Ends every session of a user (a new password, an operator's freeze); answers how many. */
  async revokeAll(userId: number): Promise<number> {
    return (await this.end({ userId })).length;
  }

  /** Ends one of the user's own sessions; answers whether there was such an active session. */
  async revokeOwn(userId: number, sessionId: number): Promise<boolean> {
    return (await this.end({ userId, sessionId })).length > 0;
  }

  /** Ends every session of a user but the one given (sign out everywhere else). */
  async revokeOthers(userId: number, keepSessionId: number): Promise<number> {
    return (await this.end({ userId, exceptSessionId: keepSessionId })).length;
  }

  private async end(scope: {
    userId?: number;
    sessionId?: number;
    exceptSessionId?: number;
  }): Promise<number[]> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('revoked_at', 'is', null);
    if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
    if (scope.sessionId !== undefined) query = query.where('id', '=', scope.sessionId);
    if (scope.exceptSessionId !== undefined) query = query.where('id', '<>', scope.exceptSessionId);
    const ids = (await query.returning('id').execute()).map((row) => row.id);
    const ended = new Set(ids);
    this.evict((entry) => ended.has(entry.sessionId));
    if (ids.length > 0) for (const listener of this.endListeners) listener(ids);
    return ids;
  }

  /** Sessions neither revoked nor idle past the limit, now. */
  private active() {
    const since = this.clock.now() - SESSION_IDLE_MS;
    return (eb: ExpressionBuilder<Database, 'sessions'>) =>
      eb.and([eb('revoked_at', 'is', null), eb('last_seen_at', '>', since)]);
  }

  /** A user's active sessions, most recently seen first. */
  async list(userId: number, currentSessionId: number): Promise<SessionView[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where(this.active())
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
  }

  /** Which of these sessions are still active: not revoked and not idle past the limit. */
  async stillActive(sessionIds: number[]): Promise<Set<number>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', sessionIds)
      .where(this.active())
      .execute();
    return new Set(rows.map((row) => row.id));
  }
}
