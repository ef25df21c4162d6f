import { EMAIL_PATTERN, MOBILE_PATTERN, type AccountKind } from '@oex/protocol';
import { badRequest } from '../platform/errors.js';
import type { CodeTarget } from '../notify/codes.js';

/** A sign-in identity: an email, or a mobile number with its area's global code. */
export type Identity =
  { kind: 'email'; email: string } | { kind: 'mobile'; areaCode: string; mobile: string };

export function normalizeEmail(text: string): string {
  const email = text.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > 254) {
    throw badRequest('error.validation', { field: 'account', rule: 'rule.email' });
  }
  return email;
}

export function normalizeMobile(text: string): string {
  const mobile = text.trim().replace(/[\s-]/g, '');
  if (!MOBILE_PATTERN.test(mobile)) throw badRequest('error.mobile_invalid');
  return mobile;
}

export function normalizeAreaCode(text: string): string {
  const code = text.trim().replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(code)) throw badRequest('error.area_unknown');
  return code;
}

/** Builds the identity an account text means; the mobile kind needs its area code. */
export function identityOf(kind: AccountKind, account: string, areaCode?: string): Identity {
  if (kind === 'email') return { kind, email: normalizeEmail(account) };
  if (!areaCode) throw badRequest('error.area_required');
  return { kind, areaCode: normalizeAreaCode(areaCode), mobile: normalizeMobile(account) };
}

/** Where codes for an identity are sent and looked up. */
export function codeTargetOf(identity: Identity): CodeTarget {
  return identity.kind === 'email'
    ? `email:${identity.email}`
    : `mobile:+${identity.areaCode}${identity.mobile}`;
}

/** The address a message for the identity goes to. */
export function addressOf(identity: Identity): string {
  return identity.kind === 'email' ? identity.email : `+${identity.areaCode}${identity.mobile}`;
}
