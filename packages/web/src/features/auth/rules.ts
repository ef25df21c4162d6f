import { EMAIL_PATTERN, MOBILE_PATTERN, PASSWORD_PATTERN } from '@oex/protocol';
import type { TextKey } from '../../i18n/catalogs.js';

/** 0 email, 1 phone, as the spec's login toggle numbers them. */
export type Method = 0 | 1;

/** The seconds before another code may be sent. */
export const CODE_COUNTDOWN_S = 60;

/**
 * The client-side checks of sign-in and registration. Each returns the translation key of the first problem, in
 * the spec's order, or null; inputs are trimmed first, as they are when sent.
 */
export function accountProblem(method: Method, account: string): TextKey | null {
  const value = account.trim();
  if (method === 0) {
    if (!value) return 'login.emptyEmail';
    if (!EMAIL_PATTERN.test(value)) return 'login.badEmail';
  } else {
    if (!value) return 'login.emptyPhone';
    if (!MOBILE_PATTERN.test(value)) return 'login.badPhone';
  }
  return null;
}

export interface LoginForm {
  method: Method;
  account: string;
  password: string;
  smsCode: string;
  needsSms: boolean;
}

export function loginProblem(form: LoginForm): TextKey | null {
  return (
    accountProblem(form.method, form.account) ??
    (!form.password.trim() ? 'login.emptyPassword' : null) ??
    (form.needsSms && !form.smsCode.trim() ? 'login.emptyCode' : null)
  );
}

export interface RegisterForm {
  method: Method;
  account: string;
  code: string;
  password: string;
  rePassword: string;
  invite: string;
  privacy: boolean;
  /** The server setting register_require_invite. */
  inviteRequired: boolean;
}

/** Account, privacy, code, password, invite, strength, confirmation, match: the spec's order. */
export function registerProblem(form: RegisterForm): TextKey | null {
  const checks: [boolean, TextKey][] = [
    [!form.privacy, 'register.privacyRequired'],
    [!form.code.trim(), 'register.emptyCode'],
    [!form.password.trim(), 'login.emptyPassword'],
    [form.inviteRequired && !form.invite.trim(), 'register.emptyInvite'],
    [!PASSWORD_PATTERN.test(form.password.trim()), 'register.passwordRule'],
    [!form.rePassword.trim(), 'register.emptyConfirm'],
    [form.password.trim() !== form.rePassword.trim(), 'register.mismatch'],
  ];
  return accountProblem(form.method, form.account) ?? checks.find(([failed]) => failed)?.[1] ?? null;
}

export interface ResetForm {
  method: Method;
  account: string;
  code: string;
  password: string;
  rePassword: string;
}

/** Forgot password: the register order without the privacy and invite checks. */
export function resetProblem(form: ResetForm): TextKey | null {
  return registerProblem({ ...form, invite: '', privacy: true, inviteRequired: false });
}

/** Seconds left before another code may be sent; 0 when it may be sent now. */
export function countdownLeft(sentAt: number | null, now: number, seconds = CODE_COUNTDOWN_S): number {
  if (sentAt === null) return 0;
  return Math.max(0, seconds - Math.floor((now - sentAt) / 1000));
}
