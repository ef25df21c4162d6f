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

/** Random bearer tokens, stored only as SHA-256 hashes; revocable one by one or all at once. */
export class Sessions implements SessionResolver {
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
    const session = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'last_seen_at', 'revoked_at'])
      .where('token_hash', '=', sha256(token))
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

  async revoke(sessionId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAll(userId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
