import { MOBILE_PATTERN, PASSWORD_PATTERN, type UserInfo } from '@oex/protocol';
import type { TextKey } from '../../i18n/catalogs.js';

/** The personal centre's pure rules (docs/personal.md). */

/** The security bar: 50 % base, +25 for a bound phone, a bound email and certified identity. */
export function securityLevel(user: Pick<UserInfo, 'mobile' | 'email' | 'review_status'>): number {
  let level = 50;
  if (user.mobile) level += 25;
  if (user.email) level += 25;
  if (user.review_status === 2) level += 25;
  return Math.min(level, 100);
}

/** The label of a level: 50 middle, 75 high, 100 strong; below 50 low. */
export function securityLabel(level: number): 'low' | 'middle' | 'high' | 'strong' {
  if (level >= 100) return 'strong';
  if (level >= 75) return 'high';
  if (level >= 50) return 'middle';
  return 'low';
}

/** The register link that carries the user's invite code. */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/register?extension_code=${encodeURIComponent(code)}`;
}

/** Change login password: old required, new required and not too short, confirmation matching. */
export function changePasswordProblem(form: {
  old: string;
  password: string;
  rePassword: string;
}): TextKey | null {
  const password = form.password.trim();
  if (!form.old.trim()) return 'passwordPages.emptyOld';
  if (!password) return 'passwordPages.emptyNew';
  if (password.length < 6) return 'passwordPages.tooSimple';
  if (!PASSWORD_PATTERN.test(password)) return 'passwordPages.rule';
  if (password !== form.rePassword.trim()) return 'passwordPages.mismatch';
  return null;
}

/** Set trade password: password, confirmation, match, then the code (and two-factor code). */
export function tradePasswordProblem(form: {
  password: string;
  rePassword: string;
  code: string;
  totpNeeded: boolean;
  totpCode: string;
}): TextKey | null {
  const password = form.password.trim();
  if (!password) return 'passwordPages.emptyTrade';
  if (!PASSWORD_PATTERN.test(password)) return 'passwordPages.rule';
  if (!form.rePassword.trim()) return 'passwordPages.emptyConfirm';
  if (password !== form.rePassword.trim()) return 'passwordPages.mismatch';
  if (!form.code.trim()) return 'passwordPages.emptyCode';
  if (form.totpNeeded && !form.totpCode.trim()) return 'totp.emptyCode';
  return null;
}

/** Bind a phone: the number (digits, 6-15) and its code. */
export function bindPhoneProblem(form: { mobile: string; code?: string }): TextKey | null {
  const mobile = form.mobile.trim();
  if (!mobile) return 'login.emptyPhone';
  if (!MOBILE_PATTERN.test(mobile)) return 'login.badPhone';
  if (form.code !== undefined && !form.code.trim()) return 'passwordPages.emptyCode';
  return null;
}

/** A session's device, shortened from its user agent: browser and system, as a person names them. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return '';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (!browser && !system) return userAgent.slice(0, 40);
  return [browser, system].filter(Boolean).join(' · ');
}
