import {
  CodeType,
  type AccountKind,
  type CodeTypeValue,
  type Lang,
  type LoginOutcome,
  type TotpEnrolment,
  type UserInfo,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Settings } from '../platform/settings.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Database, UsersTable } from '../db/schema.js';
import type { AuthUser } from './auth-user.js';
import { badRequest, conflict, forbidden, notFound, tooMany, unauthenticated } from '../platform/errors.js';
import { translate } from '../platform/messages/index.js';
import type { Clock } from '../lib/clock.js';
import { randomCode } from '../lib/secrets.js';
import type { CodeStore, CodeTarget } from '../notify/codes.js';
import type { Delivery } from '../notify/delivery.js';
import { addressOf, codeTargetOf, identityOf, normalizeEmail, type Identity } from './identity.js';
import { passwordWeakness } from './password-rules.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import type { SessionClient, Sessions } from './sessions.js';
import { TwoFactor } from './totp.js';

type UserRow = Selectable<UsersTable>;

/** Wrong passwords are counted over this window before sign-in answers 429. */
export const LOGIN_LOCK_WINDOW_MS = 15 * 60 * 1000;

export interface SendCodeInput {
  channel: 'email' | 'sms';
  to: string;
  type: CodeTypeValue;
  areaId?: number | undefined;
}

export interface RegisterInput {
  type: AccountKind;
  account: string;
  password: string;
  re_password: string;
  sms_code: string;
  invite_code?: string | undefined;
  area_id?: number | undefined;
}

export interface LoginInput {
  login_type: AccountKind;
  account: string;
  password: string;
  sms_code?: string | undefined;
  country_code?: string | undefined;
  totp_code?: string | undefined;
}

export interface ForgetPasswordInput {
  type: AccountKind;
  account: string;
  new_password: string;
  secondary_password: string;
  auth_code: string;
  area_id?: number | undefined;
}

export interface UsersDeps {
  db: Kysely<Database>;
  clock: Clock;
  codes: CodeStore;
  delivery: Delivery;
  sessions: Sessions;
  settings: Settings;
  maxPasswordFailures: number;
  /** Seals TOTP secrets at rest (config TOTP_SECRET_KEY). */
  totpSealKey?: string | undefined;
}

/** Accounts, sign-in, passwords and the codes that guard them. */
export class UsersService {
  private readonly db: Kysely<Database>;
  /** Two-factor sign-in; other modules ask it before withdrawals. */
  readonly totp: TwoFactor;

  constructor(private readonly deps: UsersDeps) {
    this.db = deps.db;
    this.totp = new TwoFactor({ db: deps.db, clock: deps.clock, lock: this, sealKey: deps.totpSealKey });
  }

  // ---- verification codes -------------------------------------------------------------

  /**
   * Sends a code for one purpose, after checking the purpose fits the target. A bare request
   * never tells whether an account exists: a registration code goes to any address (the form says
   * "already registered" only after a valid code), and a reset or sign-in code for an unknown
   * account is issued with the same resend wait but sent nowhere.
   */
  async sendCode(input: SendCodeInput, caller: AuthUser | null, lang: Lang): Promise<void> {
    const areaCode = input.channel === 'sms' ? await this.areaCodeOf(input.areaId) : undefined;
    const identity = identityOf(input.channel === 'email' ? 'email' : 'mobile', input.to, areaCode);
    const owner = await this.findByIdentity(identity);
    switch (input.type) {
      case CodeType.FORGOT_PASSWORD:
      case CodeType.LOGIN:
        if (!owner || owner.is_system) {
          await this.deps.codes.issue(codeTargetOf(identity), input.type, async () => {});
          return;
        }
        break;
      case CodeType.TRADE_PASSWORD:
        if (!caller) throw unauthenticated('error.code_needs_login');
        if (owner?.id !== caller.id) throw badRequest('error.not_your_contact');
        break;
      case CodeType.BIND_EMAIL:
        if (!caller) throw unauthenticated('error.code_needs_login');
        if (identity.kind !== 'email')
          throw badRequest('error.validation', { field: 'to', rule: 'rule.email' });
        if (owner) throw conflict('error.email_taken');
        break;
    }
    await this.deliverCode(identity, input.type, lang);
  }

  private async deliverCode(identity: Identity, type: CodeTypeValue, lang: Lang): Promise<void> {
    const site = await this.deps.settings.get('site_name');
    await this.deps.codes.issue(codeTargetOf(identity), type, (code) =>
      this.deps.delivery.send({
        channel: identity.kind === 'email' ? 'email' : 'sms',
        to: addressOf(identity),
        subject: translate(lang, 'mail.subject', { site, code }),
        body: translate(lang, 'mail.body', { site, code, purpose: `code.purpose.${type}` }),
      }),
    );
  }

  // ---- registration and sign-in -------------------------------------------------------

  async register(input: RegisterInput): Promise<{ user_id: number }> {
    const areaCode = input.type === 'mobile' ? await this.areaCodeOf(input.area_id) : undefined;
    const identity = identityOf(input.type, input.account, areaCode);
    if (input.password !== input.re_password) throw badRequest('error.passwords_differ');
    refuseWeakPassword(input.password, namesOf(identity));
    const inviter = await this.inviterOf(input.invite_code);
    // The code first: only the owner of the address learns that it is already registered.
    await this.deps.codes.consume([codeTargetOf(identity)], CodeType.REGISTER, input.sms_code);
    if (await this.findByIdentity(identity)) throw conflict('error.account_exists');
    return { user_id: await this.createUser(identity, input.password, inviter?.id ?? null) };
  }

  /**
   * Whether an invite code names an account, so a register link with a mistyped code says so
   * before the form is filled in (refused with error.invite_invalid when it does not).
   */
  async checkInvite(inviteCode: string): Promise<void> {
    if (!inviteCode.trim()) throw badRequest('error.invite_invalid');
    await this.inviterOf(inviteCode);
  }

  /** Creates a user row; the demo seed uses it too, so demo users are ordinary users. */
  async createUser(
    identity: Identity,
    password: string,
    inviterId: number | null,
    options: { inviteCode?: string; isSystem?: boolean } = {},
  ): Promise<number> {
    const now = this.deps.clock.now();
    try {
      const row = await this.db
        .insertInto('users')
        .values({
          email: identity.kind === 'email' ? identity.email : null,
          area_code: identity.kind === 'mobile' ? identity.areaCode : null,
          mobile: identity.kind === 'mobile' ? identity.mobile : null,
          password_hash: await hashPassword(password),
          pay_password_hash: null,
          invite_code: options.inviteCode ?? randomCode(8),
          inviter_id: inviterId,
          authorization_code: randomCode(10),
          review_status: 0,
          is_seller: 0,
          is_system: options.isSystem ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('error.account_exists');
      throw error;
    }
  }

  async login(input: LoginInput, client?: SessionClient): Promise<LoginOutcome> {
    const identity = identityOf(input.login_type, input.account, input.country_code);
    const failureKey = codeTargetOf(identity);
    await this.refuseWhenLocked(failureKey);
    const user = await this.findByIdentity(identity);
    const passwordOk = user
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstNothing(input.password);
    if (!user || !passwordOk || user.is_system) {
      await this.recordFailure(failureKey);
      throw badRequest('error.login_failed');
    }
    // Said only to whoever knows the password; an operator's freeze also ended every session.
    if (user.frozen_at !== null) throw forbidden('error.account_frozen');
    if (await this.deps.settings.isOn('login_use_sms')) {
      if (!input.sms_code) throw badRequest('error.sms_code_required');
      await this.deps.codes.consume([failureKey], CodeType.LOGIN, input.sms_code);
    }
    // Two-factor on: the right password alone opens no session; the client asks for the code.
    if (!input.totp_code && (await this.totp.isEnabled(user.id))) return { totp_required: true };
    await this.totp.check(user.id, input.totp_code);
    await this.clearFailures(failureKey);
    const token = await this.deps.sessions.open(user.id, client);
    // A freeze that landed while this sign-in ran: the operator's revocation may have come before
    // this session existed, so it ends here (a freeze sets the flag first, then ends sessions).
    if (await this.isFrozen(user.id)) {
      await this.deps.sessions.revokeAll(user.id);
      throw forbidden('error.account_frozen');
    }
    return { token, user: toUserInfo(user) };
  }

  private async isFrozen(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('frozen_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.frozen_at != null;
  }

  /** Part of the guess lock two-factor codes share. */
  async refuseWhenLocked(failureKey: string): Promise<void> {
    const since = this.deps.clock.now() - LOGIN_LOCK_WINDOW_MS;
    const failures = await this.db
      .selectFrom('login_failures')
      .select(['created_at'])
      .where('account_key', '=', failureKey)
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .execute();
    if (failures.length >= this.deps.maxPasswordFailures) {
      const unlockAt =
        failures[failures.length - this.deps.maxPasswordFailures]!.created_at + LOGIN_LOCK_WINDOW_MS;
      const minutes = Math.max(1, Math.ceil((unlockAt - this.deps.clock.now()) / 60_000));
      throw tooMany('error.login_locked', { minutes });
    }
  }

  /** Part of the guess lock two-factor codes share. */
  async recordFailure(failureKey: string): Promise<void> {
    await this.db
      .insertInto('login_failures')
      .values({ account_key: failureKey, created_at: this.deps.clock.now() })
      .execute();
  }

  /** Part of the guess lock two-factor codes share. */
  async clearFailures(failureKey: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account_key', '=', failureKey).execute();
  }

  async logout(caller: AuthUser): Promise<void> {
    await this.deps.sessions.revoke(caller.sessionId);
  }

  async info(userId: number): Promise<UserInfo> {
    return toUserInfo(await this.byId(userId));
  }

  async authorizationCode(userId: number): Promise<string> {
    return (await this.byId(userId)).authorization_code;
  }

  // ---- passwords ----------------------------------------------------------------------

  async amendPassword(
    caller: AuthUser,
    input: { old_password: string; new_password: string; secondary_password: string },
  ): Promise<void> {
    if (input.new_password !== input.secondary_password) throw badRequest('error.passwords_differ');
    const user = await this.byId(caller.id);
    // Wrong old passwords count like wrong sign-ins: a stolen token cannot guess on without limit.
    const failureKey = `password:${user.id}`;
    await this.refuseWhenLocked(failureKey);
    if (!(await verifyPassword(user.password_hash, input.old_password))) {
      await this.recordFailure(failureKey);
      throw badRequest('error.old_password_wrong');
    }
    await this.clearFailures(failureKey);
    if (input.old_password === input.new_password) throw badRequest('error.same_password');
    refuseWeakPassword(input.new_password, namesOfUser(user));
    await this.setPassword(user.id, input.new_password);
  }

  async forgetPassword(input: ForgetPasswordInput): Promise<void> {
    if (input.new_password !== input.secondary_password) throw badRequest('error.passwords_differ');
    refuseWeakPassword(input.new_password, [input.account]);
    const identity =
      input.type === 'email'
        ? identityOf('email', input.account)
        : await this.mobileIdentityForReset(input.account, input.area_id);
    // The code first: an unknown account fails exactly as a known one with a wrong code.
    await this.deps.codes.consume([codeTargetOf(identity)], CodeType.FORGOT_PASSWORD, input.auth_code);
    const user = await this.findByIdentity(identity);
    if (!user || user.is_system) throw badRequest('error.code_invalid');
    await this.setPassword(user.id, input.new_password);
  }

  /** The spec's reset form has no area field; a number registered in one area alone is enough. */
  private async mobileIdentityForReset(account: string, areaId?: number): Promise<Identity> {
    if (areaId !== undefined) return identityOf('mobile', account, await this.areaCodeOf(areaId));
    const mobile = identityOf('mobile', account, '0');
    const owners = await this.db
      .selectFrom('users')
      .select('area_code')
      .where('mobile', '=', mobile.kind === 'mobile' ? mobile.mobile : '')
      .execute();
    if (owners.length > 1) throw badRequest('error.area_required');
    // No owner: an identity no code was ever sent to, so the code check refuses it like any other.
    return identityOf('mobile', account, owners[0]?.area_code ?? '0');
  }

  /** A new login password ends every session of the user. */
  private async setPassword(userId: number, password: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password), updated_at: this.deps.clock.now() })
      .where('id', '=', userId)
      .execute();
    await this.deps.sessions.revokeAll(userId);
  }

  async amendPayPassword(
    caller: AuthUser,
    input: {
      password: string;
      re_password?: string | undefined;
      auth_code: string;
      totp_code?: string | undefined;
    },
  ): Promise<void> {
    if (input.re_password !== undefined && input.re_password !== input.password) {
      throw badRequest('error.passwords_differ');
    }
    const user = await this.byId(caller.id);
    refuseWeakPassword(input.password, namesOfUser(user));
    const targets = contactTargets(user);
    if (targets.length === 0) throw badRequest('error.no_contact');
    await this.totp.check(user.id, input.totp_code);
    await this.deps.codes.consume(targets, CodeType.TRADE_PASSWORD, input.auth_code);
    await this.db
      .updateTable('users')
      .set({ pay_password_hash: await hashPassword(input.password), updated_at: this.deps.clock.now() })
      .where('id', '=', user.id)
      .execute();
  }

  /** Whether the user has set a trade password (leveraged orders then need it). */
  async hasPayPassword(userId: number): Promise<boolean> {
    return (await this.byId(userId)).pay_password_hash !== null;
  }

  /**
   * Checks the trade password before a withdrawal. Wrong ones count like wrong sign-ins, so a stolen
   * token cannot guess it without limit.
   */
  async verifyPayPassword(userId: number, password: string): Promise<void> {
    const user = await this.byId(userId);
    if (!user.pay_password_hash) throw badRequest('error.pay_password_unset');
    const failureKey = `pay:${user.id}`;
    await this.refuseWhenLocked(failureKey);
    if (!(await verifyPassword(user.pay_password_hash, password))) {
      await this.recordFailure(failureKey);
      throw badRequest('error.pay_password_wrong');
    }
    await this.clearFailures(failureKey);
  }

  /** Sends a code to the account's own email (or phone, without one); answers where, masked. */
  async sendOwnCode(caller: AuthUser, type: CodeTypeValue, lang: Lang): Promise<string> {
    const user = await this.byId(caller.id);
    const identity: Identity | null = user.email
      ? { kind: 'email', email: user.email }
      : user.mobile && user.area_code
        ? { kind: 'mobile', areaCode: user.area_code, mobile: user.mobile }
        : null;
    if (!identity) throw badRequest('error.no_contact');
    await this.deliverCode(identity, type, lang);
    return maskContact(addressOf(identity));
  }

  /** Uses up a code sent to one of the account's own contacts. */
  async consumeOwnCode(caller: AuthUser, type: CodeTypeValue, code: string): Promise<void> {
    const targets = contactTargets(await this.byId(caller.id));
    if (targets.length === 0) throw badRequest('error.no_contact');
    await this.deps.codes.consume(targets, type, code);
  }

  // ---- email binding ------------------------------------------------------------------

  async sendBindEmailCode(caller: AuthUser, email: string, lang: Lang): Promise<void> {
    const user = await this.byId(caller.id);
    if (user.email) throw conflict('error.email_already_bound');
    await this.sendCode({ channel: 'email', to: email, type: CodeType.BIND_EMAIL }, caller, lang);
  }

  async bindEmail(caller: AuthUser, emailText: string, code: string): Promise<void> {
    const email = normalizeEmail(emailText);
    const user = await this.byId(caller.id);
    if (user.email) throw conflict('error.email_already_bound');
    if (await this.findByIdentity({ kind: 'email', email })) throw conflict('error.email_taken');
    await this.deps.codes.consume([`email:${email}`], CodeType.BIND_EMAIL, code);
    try {
      await this.db
        .updateTable('users')
        .set({ email, updated_at: this.deps.clock.now() })
        .where('id', '=', user.id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('error.email_taken');
      throw error;
    }
  }

  // ---- phone binding ------------------------------------------------------------------

  /** The phone identity to bind, after checking the account has none and nobody uses it. */
  private async mobileToBind(
    caller: AuthUser,
    areaId: number,
    mobile: string,
  ): Promise<Extract<Identity, { kind: 'mobile' }>> {
    const user = await this.byId(caller.id);
    if (user.mobile) throw conflict('error.mobile_already_bound');
    const areaCode = await this.areaCodeOf(areaId);
    const identity = identityOf('mobile', mobile, areaCode) as Extract<Identity, { kind: 'mobile' }>;
    if (await this.findByIdentity(identity)) throw conflict('error.mobile_taken');
    return identity;
  }

  async sendBindMobileCode(caller: AuthUser, areaId: number, mobile: string, lang: Lang): Promise<void> {
    await this.deliverCode(await this.mobileToBind(caller, areaId, mobile), CodeType.BIND_MOBILE, lang);
  }

  async bindMobile(caller: AuthUser, areaId: number, mobile: string, code: string): Promise<void> {
    const identity = await this.mobileToBind(caller, areaId, mobile);
    await this.deps.codes.consume([codeTargetOf(identity)], CodeType.BIND_MOBILE, code);
    try {
      await this.db
        .updateTable('users')
        .set({ area_code: identity.areaCode, mobile: identity.mobile, updated_at: this.deps.clock.now() })
        .where('id', '=', caller.id)
        .where('mobile', 'is', null)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('error.mobile_taken');
      throw error;
    }
  }

  // ---- two-factor ---------------------------------------------------------------------

  /** Starts an authenticator enrolment, labelled with the account's email or phone. */
  async startTotp(caller: AuthUser): Promise<TotpEnrolment> {
    const user = await this.byId(caller.id);
    const label = user.email ?? (user.mobile ? `+${user.area_code ?? ''}${user.mobile}` : `user ${user.id}`);
    return this.totp.start(user.id, label, await this.deps.settings.get('site_name'));
  }

  /** Turns two-factor off: the login password (counted like sign-ins) and a code. */
  async disableTotp(caller: AuthUser, password: string, code: string): Promise<void> {
    const user = await this.byId(caller.id);
    const failureKey = `password:${user.id}`;
    await this.refuseWhenLocked(failureKey);
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.recordFailure(failureKey);
      throw badRequest('error.password_wrong');
    }
    await this.clearFailures(failureKey);
    await this.totp.disable(user.id, code);
  }

  // ---- look-ups -----------------------------------------------------------------------

  /** A user by id or email, for operator tools. */
  async resolveUserId(user: number | string): Promise<number> {
    const query = this.db.selectFrom('users').select('id');
    const row =
      typeof user === 'number' || /^\d+$/.test(user)
        ? await query.where('id', '=', Number(user)).executeTakeFirst()
        : await query.where('email', '=', user.trim().toLowerCase()).executeTakeFirst();
    if (!row) throw notFound('error.user_unknown');
    return row.id;
  }

  private async byId(id: number): Promise<UserRow> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user) throw unauthenticated();
    return user;
  }

  async findByIdentity(identity: Identity): Promise<UserRow | undefined> {
    const query = this.db.selectFrom('users').selectAll();
    return identity.kind === 'email'
      ? query.where('email', '=', identity.email).executeTakeFirst()
      : query
          .where('area_code', '=', identity.areaCode)
          .where('mobile', '=', identity.mobile)
          .executeTakeFirst();
  }

  private async inviterOf(inviteCode: string | undefined): Promise<UserRow | undefined> {
    const code = inviteCode?.trim().toUpperCase();
    if (!code) {
      if (await this.deps.settings.isOn('register_require_invite')) throw badRequest('error.invite_required');
      return undefined;
    }
    const inviter = await this.db
      .selectFrom('users')
      .selectAll()
      .where('invite_code', '=', code)
      .executeTakeFirst();
    if (!inviter) throw badRequest('error.invite_invalid');
    return inviter;
  }

  private async areaCodeOf(areaId: number | undefined): Promise<string> {
    if (areaId === undefined) throw badRequest('error.area_required');
    const area = await this.db
      .selectFrom('areas')
      .select('global_code')
      .where('id', '=', areaId)
      .executeTakeFirst();
    if (!area) throw badRequest('error.area_unknown');
    return area.global_code;
  }
}

/** A new password must pass the strength rules, checked before any code is spent. */
function refuseWeakPassword(password: string, accountNames: readonly string[]): void {
  const weakness = passwordWeakness(password, accountNames);
  if (weakness) throw badRequest(weakness);
}

/** The names of an account a password must not be built from: email, or mobile with and without area. */
function namesOf(identity: Identity): string[] {
  return identity.kind === 'email'
    ? [identity.email]
    : [identity.mobile, identity.areaCode + identity.mobile];
}

function namesOfUser(user: UserRow): string[] {
  return [
    user.email,
    user.mobile,
    user.mobile && user.area_code ? user.area_code + user.mobile : null,
  ].filter((name): name is string => Boolean(name));
}

/** a***@example.com, +86******1234: enough to recognise, not to copy. */
function maskContact(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address[0]}***${address.slice(at)}`;
  return `${address.slice(0, 3)}******${address.slice(-4)}`;
}

function contactTargets(user: UserRow): CodeTarget[] {
  const targets: CodeTarget[] = [];
  if (user.email) targets.push(codeTargetOf({ kind: 'email', email: user.email }));
  if (user.mobile && user.area_code) {
    targets.push(codeTargetOf({ kind: 'mobile', areaCode: user.area_code, mobile: user.mobile }));
  }
  return targets;
}

function toUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    email: user.email,
    mobile: user.mobile,
    area_code: user.area_code,
    invite_code: user.invite_code,
    review_status:
      user.review_status === 1 || user.review_status === 2 || user.review_status === 3
        ? user.review_status
        : 0,
    is_seller: user.is_seller ? 1 : 0,
    has_pay_password: user.pay_password_hash !== null,
  };
}
