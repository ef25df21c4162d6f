import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AuthUser, SessionResolver } from '../http/auth.js';
import { unauthenticated } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import { randomToken, sha256 } from '../lib/secrets.js';

/** A session ends after 7 days without use. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;
/** How long a checked token is trusted from memory before the database is asked again. */
const CACHE_MS = 30 * 1000;
const CACHE_LIMIT = 100_000;

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

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async open(userId: number): Promise<string> {
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
      })
      .execute();
    return token;
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

  async revoke(sessionId: number): Promise<void> {
    this.evict((entry) => entry.sessionId === sessionId);
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAll(userId: number): Promise<void> {
    this.evict((entry) => entry.userId === userId);
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
