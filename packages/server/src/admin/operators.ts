import { ROLES, type OperatorLoginResult, type Role } from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database, OperatorsTable } from '../db/schema.js';
import { badRequest, forbidden, tooMany, unauthenticated } from '../platform/errors.js';
import type { Clock } from '../lib/clock.js';
import { randomToken, sha256 } from '../lib/secrets.js';
import { asTotpCode, openFor, sealFor, TOTP_TOLERANCE_S } from '../users/totp-rules.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../users/passwords.js';
import { addressAllowed } from './rules.js';
import { FORGET_AFTER_MS, retryAt, throttleKey } from './sign-in-throttle.js';

/** An operator session ends after 15 minutes unused, and 8 hours after sign-in at the latest. */
export const OPERATOR_IDLE_MS = 15 * 60 * 1000;
export const OPERATOR_SESSION_MS = 8 * 60 * 60 * 1000;
/** last_seen_at is written at most this often. */
const TOUCH_EVERY_MS = 30 * 1000;

/** Who acts: an operator, or the local command line (id 0, `cli`, with the writer's lock-file token). */
export interface OperatorPrincipal {
  id: number;
  name: string;
  role: Role;
}

export const CLI_OPERATOR: OperatorPrincipal = { id: 0, name: 'cli', role: 'admin' };

export interface NewOperator {
  name: string;
  role: Role;
  /** Shown once: the operator changes nothing here, it is theirs to keep. */
  password: string;
  totp_secret: string;
  otpauth_uri: string;
}

export interface OperatorClient {
  ip: string;
  userAgent: string;
}

export interface OperatorsDeps {
  db: Kysely<Database>;
  clock: Clock;
  sealKey: string | undefined;
  /** The `admin_allowed_ips` setting: empty allows any address. */
  allowedAddresses: () => Promise<string>;
}

const NAME = /^[a-z0-9][a-z0-9._-]{1,31}$/;

export function isRole(text: string): text is Role {
  return (ROLES as readonly string[]).includes(text);
}

/** Operators: made by the command line, signed in with a password and an authenticator code. */
export class Operators {
  constructor(private readonly deps: OperatorsDeps) {}

  private get db() {
    return this.deps.db;
  }

  async add(name: string, role: Role): Promise<NewOperator> {
    if (!NAME.test(name)) throw new Error('a name is 2-32 of a-z 0-9 . _ - starting with a letter or digit');
    const exists = await this.byName(name);
    if (exists) throw new Error(`operator ${name} exists`);
    const password = randomToken().slice(0, 24);
    const secret = generateSecret();
    const row = await this.db
      .insertInto('operators')
      .values({
        name,
        role,
        password_hash: await hashPassword(password),
        totp_secret: 'pending',
        totp_last_step: null,
        disabled_at: null,
        created_at: this.deps.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('operators')
      .set({ totp_secret: sealFor(secret, `operator:${row.id}`, this.deps.sealKey) })
      .where('id', '=', row.id)
      .execute();
    return { name, role, password, totp_secret: secret, otpauth_uri: this.uri(name, secret) };
  }

  private uri(name: string, secret: string): string {
    return generateURI({ issuer: 'OEX operator', label: name, secret });
  }

  list() {
    return this.db
      .selectFrom('operators')
      .select(['id', 'name', 'role', 'disabled_at', 'created_at'])
      .orderBy('id')
      .execute();
  }

  async setDisabled(name: string, disabled: boolean): Promise<void> {
    const operator = await this.mustExist(name);
    await this.db
      .updateTable('operators')
      .set({ disabled_at: disabled ? this.deps.clock.now() : null })
      .where('id', '=', operator.id)
      .execute();
    if (disabled) await this.endSessions(operator.id);
  }

  async setRole(name: string, role: Role): Promise<void> {
    const operator = await this.mustExist(name);
    await this.db.updateTable('operators').set({ role }).where('id', '=', operator.id).execute();
    await this.endSessions(operator.id);
  }

  /** A new password (answered once); every session of the operator ends. */
  async resetPassword(name: string): Promise<string> {
    const operator = await this.mustExist(name);
    const password = randomToken().slice(0, 24);
    await this.db
      .updateTable('operators')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', operator.id)
      .execute();
    await this.endSessions(operator.id);
    return password;
  }

  /** A new authenticator secret (answered once); every session of the operator ends. */
  async resetTotp(name: string): Promise<{ totp_secret: string; otpauth_uri: string }> {
    const operator = await this.mustExist(name);
    const secret = generateSecret();
    await this.db
      .updateTable('operators')
      .set({
        totp_secret: sealFor(secret, `operator:${operator.id}`, this.deps.sealKey),
        totp_last_step: null,
      })
      .where('id', '=', operator.id)
      .execute();
    await this.endSessions(operator.id);
    return { totp_secret: secret, otpauth_uri: this.uri(name, secret) };
  }

  /**
   * Password and authenticator code, both required. Wrong tries count per (name, source address)
   * and make that pair alone wait longer and longer (sign-in-throttle.ts): never a lock of the name.
   */
  async login(
    input: { name: string; password: string; code: string },
    client: OperatorClient,
  ): Promise<{ session: OperatorLoginResult; principal: OperatorPrincipal }> {
    await this.refuseAddress(client.ip);
    const key = throttleKey(input.name, client.ip);
    await this.refuseWhileThrottled(key);
    const operator = await this.byName(input.name);
    const passwordOk = operator
      ? await verifyPassword(operator.password_hash, input.password)
      : await verifyAgainstNothing(input.password);
    const step =
      operator && passwordOk && !operator.disabled_at ? await this.codeStep(operator, input.code) : null;
    if (!operator || step === null) {
      await this.recordFailure(key);
      throw badRequest('error.operator_login_failed');
    }
    // Compare-and-set: of two requests with one code, one wins.
    const used = await this.db
      .updateTable('operators')
      .set({ totp_last_step: step })
      .where('id', '=', operator.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) {
      await this.recordFailure(key);
      throw badRequest('error.operator_login_failed');
    }
    await this.db.deleteFrom('login_failures').where('account_key', '=', key).execute();
    const token = randomToken();
    const now = this.deps.clock.now();
    const expiresAt = now + OPERATOR_SESSION_MS;
    await this.db
      .insertInto('operator_sessions')
      .values({
        operator_id: operator.id,
        token_hash: sha256(token),
        ip: client.ip.slice(0, 64),
        user_agent: client.userAgent.slice(0, 256),
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
        revoked_at: null,
      })
      .execute();
    const role = operator.role as Role;
    return {
      session: { token, name: operator.name, role, expires_at: expiresAt },
      principal: { id: operator.id, name: operator.name, role },
    };
  }

  /** Refuses a (name, address) pair still waiting after its wrong tries, saying for how long. */
  private async refuseWhileThrottled(key: string): Promise<void> {
    const now = this.deps.clock.now();
    const failures = await this.db
      .selectFrom('login_failures')
      .select('created_at')
      .where('account_key', '=', key)
      .where('created_at', '>', now - FORGET_AFTER_MS)
      .execute();
    const at = retryAt(
      failures.map((row) => Number(row.created_at)),
      now,
    );
    if (at !== null) throw tooMany('error.operator_login_wait', { seconds: Math.ceil((at - now) / 1000) });
  }

  private async recordFailure(key: string): Promise<void> {
    await this.db
      .insertInto('login_failures')
      .values({ account_key: key, created_at: this.deps.clock.now() })
      .execute();
  }

  /** The time step a code matched, when it is a current code newer than the last one used. */
  private async codeStep(operator: Selectable<OperatorsTable>, code: string): Promise<number | null> {
    const token = asTotpCode(code);
    if (!token) return null;
    const result = await verify({
      secret: openFor(operator.totp_secret, `operator:${operator.id}`, this.deps.sealKey),
      token,
      epoch: Math.floor(this.deps.clock.now() / 1000),
      epochTolerance: TOTP_TOLERANCE_S,
    });
    if (!result.valid || !('timeStep' in result)) return null;
    const last = operator.totp_last_step;
    return last !== null && result.timeStep <= last ? null : result.timeStep;
  }

  /** The operator of a session token; 999 when unknown, ended, idle too long or past its end. */
  async authenticate(
    token: string,
    ip: string,
  ): Promise<OperatorPrincipal & { sessionId: number; expiresAt: number }> {
    if (token.length > 128) throw unauthenticated();
    const now = this.deps.clock.now();
    const row = await this.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select(['s.id as session_id', 's.last_seen_at', 's.expires_at', 'o.id', 'o.name', 'o.role'])
      .where('s.token_hash', '=', sha256(token))
      .where('s.revoked_at', 'is', null)
      .where('o.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row || now - row.last_seen_at > OPERATOR_IDLE_MS || now >= row.expires_at) throw unauthenticated();
    await this.refuseAddress(ip);
    if (now - row.last_seen_at > TOUCH_EVERY_MS) {
      await this.db
        .updateTable('operator_sessions')
        .set({ last_seen_at: now })
        .where('id', '=', row.session_id)
        .execute();
    }
    if (!isRole(row.role)) throw unauthenticated();
    return {
      id: row.id,
      name: row.name,
      role: row.role,
      sessionId: row.session_id,
      expiresAt: row.expires_at,
    };
  }

  async logout(sessionId: number): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: this.deps.clock.now() })
      .where('id', '=', sessionId)
      .execute();
  }

  private async endSessions(operatorId: number): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: this.deps.clock.now() })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  private async refuseAddress(ip: string): Promise<void> {
    if (!addressAllowed(ip, await this.deps.allowedAddresses())) throw forbidden('error.operator_address');
  }

  private byName(name: string) {
    return this.db
      .selectFrom('operators')
      .selectAll()
      .where('name', '=', name.toLowerCase())
      .executeTakeFirst();
  }

  private async mustExist(name: string): Promise<Selectable<OperatorsTable>> {
    const operator = await this.byName(name);
    if (!operator) throw new Error(`no operator ${name}`);
    return operator;
  }
}
