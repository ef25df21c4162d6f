import type { TotpEnrolment, TotpStatus } from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database, UserTotpTable } from '../db/schema.js';
import { badRequest, conflict } from '../platform/errors.js';
import type { Clock } from '../lib/clock.js';
import {
  asTotpCode,
  newRecoveryCodes,
  openSecret,
  recoveryCodeHash,
  sealSecret,
  TOTP_TOLERANCE_S,
} from './totp-rules.js';

/** Counts wrong guesses per key and refuses while too many are recent (UsersService's lock). */
export interface GuessLock {
  refuseWhenLocked(key: string): Promise<void>;
  recordFailure(key: string): Promise<void>;
  clearFailures(key: string): Promise<void>;
}

export interface TwoFactorDeps {
  db: Kysely<Database>;
  clock: Clock;
  lock: GuessLock;
  /** Seals secrets at rest when set (64 hex digits). */
  sealKey: string | undefined;
}

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238, otplib). Once enabled, sign-in,
 * withdrawals, trade-password changes and turning it off need a current code or a recovery code.
 * A code is accepted once: the step it was made in is kept, and an equal or older step is refused.
 */
export class TwoFactor {
  constructor(private readonly deps: TwoFactorDeps) {}

  private row(userId: number) {
    return this.deps.db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async status(userId: number): Promise<TotpStatus> {
    const row = await this.row(userId);
    const enabled = row?.enabled_at != null;
    const left = enabled
      ? await this.deps.db
          .selectFrom('totp_recovery_codes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .executeTakeFirstOrThrow()
      : { n: 0 };
    return { enabled, recovery_codes_left: Number(left.n) };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return (await this.row(userId))?.enabled_at != null;
  }

  /**
   * Starts (or restarts) an enrolment: a new secret, answered this once with its otpauth URI and
   * QR code; it is never sent again. Refused while two-factor is on.
   */
  async start(userId: number, label: string, issuer: string): Promise<TotpEnrolment> {
    const existing = await this.row(userId);
    if (existing?.enabled_at != null) throw conflict('error.totp_already_enabled');
    const secret = generateSecret();
    const sealed = sealSecret(secret, userId, this.deps.sealKey);
    const now = this.deps.clock.now();
    if (existing) {
      await this.deps.db
        .updateTable('user_totp')
        .set({ secret: sealed, last_step: null, created_at: now })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .execute();
    } else {
      await this.deps.db
        .insertInto('user_totp')
        .values({ user_id: userId, secret: sealed, enabled_at: null, last_step: null, created_at: now })
        .execute();
    }
    const uri = generateURI({ issuer, label, secret });
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Confirms an enrolment with a first code; answers the recovery codes, shown this once. */
  async confirm(userId: number, code: string): Promise<{ recovery_codes: string[] }> {
    const row = await this.row(userId);
    if (!row) throw badRequest('error.totp_not_started');
    if (row.enabled_at != null) throw conflict('error.totp_already_enabled');
    const step = await this.guessed(userId, () => this.matchStep(row, code));
    const codes = newRecoveryCodes();
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('user_totp')
        .set({ enabled_at: now, last_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('error.totp_already_enabled');
      await tx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
      await tx
        .insertInto('totp_recovery_codes')
        .values(
          codes.map((c) => ({ user_id: userId, code_hash: recoveryCodeHash(userId, c), used_at: null })),
        )
        .execute();
    });
    return { recovery_codes: codes };
  }

  /**
   * The second factor of an action: nothing when two-factor is off; otherwise a current code
   * (once) or an unused recovery code (then used up), or a clear error.
   */
  async check(userId: number, code: string | undefined): Promise<void> {
    const row = await this.row(userId);
    if (row?.enabled_at == null) return;
    await this.use(row, code);
  }

  /** Turns two-factor off with a code (the caller has checked the password). */
  async disable(userId: number, code: string): Promise<void> {
    const row = await this.row(userId);
    if (row?.enabled_at == null) throw badRequest('error.totp_not_enabled');
    await this.use(row, code);
    await this.deps.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
      await tx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
    });
  }

  /**
   * Removes the enrolment and its recovery codes without a code: an operator's reset for a user
   * who lost the authenticator, after an identity check. Answers whether two-factor was on.
   */
  async reset(userId: number): Promise<boolean> {
    const wasOn = await this.isEnabled(userId);
    await this.deps.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
      await tx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
    });
    return wasOn;
  }

  private async use(row: TotpRow, code: string | undefined): Promise<void> {
    if (!code?.trim()) throw badRequest('error.totp_required');
    await this.guessed(row.user_id, async () => {
      if (asTotpCode(code) === null) return this.useRecoveryCode(row.user_id, code);
      const step = await this.matchStep(row, code);
      if (step === null) return null;
      if (row.last_step !== null && step <= Number(row.last_step)) throw badRequest('error.totp_replayed');
      // Two requests with one code at once: only one moves the step on.
      const moved = await this.deps.db
        .updateTable('user_totp')
        .set({ last_step: step })
        .where('user_id', '=', row.user_id)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw badRequest('error.totp_replayed');
      return step;
    });
  }

  /** Runs a guess under the user's lock: a miss (null) counts and answers a wrong-code error. */
  private async guessed<T>(userId: number, attempt: () => Promise<T | null>): Promise<T> {
    const key = `totp:${userId}`;
    await this.deps.lock.refuseWhenLocked(key);
    const result = await attempt();
    if (result === null) {
      await this.deps.lock.recordFailure(key);
      throw badRequest('error.totp_invalid');
    }
    await this.deps.lock.clearFailures(key);
    return result;
  }

  /** The time step a code was made in, within one step of now, or null. */
  private async matchStep(row: TotpRow, text: string): Promise<number | null> {
    const token = asTotpCode(text);
    if (token === null) return null;
    const secret = openSecret(row.secret, row.user_id, this.deps.sealKey);
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(this.deps.clock.now() / 1000),
      epochTolerance: TOTP_TOLERANCE_S,
    });
    // A TOTP answer carries the step it matched; the union type also covers HOTP's answer.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private async useRecoveryCode(userId: number, code: string): Promise<number | null> {
    const used = await this.deps.db
      .updateTable('totp_recovery_codes')
      .set({ used_at: this.deps.clock.now() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryCodeHash(userId, code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? 0 : null;
  }
}

type TotpRow = Selectable<UserTotpTable>;
