import { z } from 'zod';
import { idField, requiredText } from './common.js';
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
