import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest, tooMany } from '../platform/errors.js';
import type { Clock } from '../lib/clock.js';
import { randomDigits, sha256 } from '../lib/secrets.js';
import { CODE_LENGTH, CODE_TTL_MS, judgeCode, MAX_CODE_ATTEMPTS, resendWait } from './code-rules.js';

type Executor = Kysely<Database>;

/** Where a code goes: `email:<address>` or `mobile:+<area><digits>`. */
export type CodeTarget = string;

function hashCode(target: CodeTarget, type: number, code: string): string {
  return sha256(`${target}|${type}|${code}`);
}

/** Stores verification codes as hashes and checks them, single use. */
export class CodeStore {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
  ) {}

  /**
   * Creates a code and hands it to `deliver`. A failed delivery leaves no code behind,
   * so the caller may try again at once.
   */
  async issue(target: CodeTarget, type: number, deliver: (code: string) => Promise<void>): Promise<void> {
    const now = this.clock.now();
    const last = await this.db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('target', '=', target)
      .where('type', '=', type)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const wait = resendWait(last?.created_at, now);
    if (wait > 0) throw tooMany('error.code_wait', { seconds: Math.ceil(wait / 1000) });

    const code = randomDigits(CODE_LENGTH);
    const inserted = await this.db
      .insertInto('verification_codes')
      .values({
        target,
        type,
        code_hash: hashCode(target, type, code),
        created_at: now,
        expires_at: now + CODE_TTL_MS,
        attempts: 0,
        used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await deliver(code);
    } catch (error) {
      await this.db.deleteFrom('verification_codes').where('id', '=', inserted.id).execute();
      throw error;
    }
  }

  /**
   * Uses up the code sent to one of `targets` for `type`, or throws a clear error. A wrong
   * code counts against the code; after MAX_CODE_ATTEMPTS it is dead. Callers check every
   * other rule first, so a code is spent only by a request that then succeeds.
   */
  async consume(targets: CodeTarget[], type: number, code: string): Promise<CodeTarget> {
    const now = this.clock.now();
    const latest = await this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', 'in', targets)
      .where('type', '=', type)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const offered = latest ? hashCode(latest.target, type, code) : '';
    const verdict = judgeCode(latest, offered, now);
    if (verdict === 'expired') throw badRequest('error.code_expired');
    if (verdict === 'attempts') throw badRequest('error.code_attempts');
    if (verdict === 'wrong') {
      await this.db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', latest!.id)
        .execute();
      throw badRequest(
        latest!.attempts + 1 >= MAX_CODE_ATTEMPTS ? 'error.code_attempts' : 'error.code_invalid',
      );
    }
    const used = await this.db
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('id', '=', latest!.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    // Another request used the same code a moment earlier.
    if (Number(used.numUpdatedRows) !== 1) throw badRequest('error.code_expired');
    return latest!.target;
  }
}
