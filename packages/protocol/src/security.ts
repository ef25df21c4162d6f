import { z } from './zod.js';
import { idField, requiredText } from './common.js';
import { defineCall, reply } from './contract.js';
import { verificationCode } from './users.js';

/** Two-factor sign-in, phone binding and the all-accounts log of the personal centre (docs/personal.md). */

export interface TotpStatus {
  enabled: boolean;
  /** Unused recovery codes. */
  recovery_codes_left: number;
}

/** An enrolment just started: the only time the secret leaves the server. */
export interface TotpEnrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** otpauth://totp/... */
  uri: string;
  /** The URI as a QR code, an SVG data URL. */
  qr: string;
}

export interface TotpRecoveryCodes {
  /** Shown once; each works once instead of an app code. */
  recovery_codes: string[];
}

/** A code from the app: six digits (a space inside is allowed). */
export const totpCode = requiredText(32);

export const totpConfirmRequest = z.object({ code: totpCode });
export const totpDisableRequest = z.object({ password: requiredText(64), code: totpCode });

/** Send a code to a phone number to bind (the account has none yet). */
export const bindMobileSendRequest = z.object({
  area_id: idField,
  mobile: requiredText(20),
});
export const bindMobileRequest = bindMobileSendRequest.extend({ code: verificationCode });

/** One of the user's signed-in sessions (user/sessions). */
export interface SessionView {
  id: number;
  user_agent: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  /** The session of the token that asked. */
  current: boolean;
}

const securityCall = { tags: ['users'], auth: 'user' } as const;

/** Two-factor status, enrolment and switching, and binding a phone (docs/personal.md): under `api.users`. */
export const securityCalls = {
  totpStatus: defineCall({
    ...securityCall,
    method: 'GET',
    path: 'user/totp',
    reply: reply<TotpStatus>(),
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
  }),
  totpEnrol: defineCall({
    ...securityCall,
    method: 'POST',
    path: 'user/totp/enrol',
    reply: reply<TotpEnrolment>(),
    summary: 'Start two-factor enrolment: a new secret with its QR code, answered only this once',
  }),
  sendBindMobileCode: defineCall({
    ...securityCall,
    method: 'POST',
    path: 'sms_mobile',
    request: bindMobileSendRequest,
    reply: z.null(),
    summary: 'Send a code to a phone number to bind',
  }),
  totpConfirm: defineCall({
    ...securityCall,
    method: 'POST',
    path: 'user/totp/confirm',
    request: totpConfirmRequest,
    reply: reply<TotpRecoveryCodes>(),
    summary: 'Turn two-factor on with a first code; answers 10 single-use recovery codes, shown once',
  }),
  totpDisable: defineCall({
    ...securityCall,
    method: 'POST',
    path: 'user/totp/disable',
    request: totpDisableRequest,
    reply: z.null(),
    summary: 'Turn two-factor off with the login password and a code (or a recovery code)',
  }),
  bindMobile: defineCall({
    ...securityCall,
    method: 'POST',
    path: 'safe/mobile',
    request: bindMobileRequest,
    reply: z.null(),
    summary: 'Bind a phone number with its code',
  }),
};
