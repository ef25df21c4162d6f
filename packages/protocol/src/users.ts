import { z } from 'zod';
import { idField, intLike, requiredText, trimmed } from './common.js';
import { CODE_PATTERN, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_PATTERN } from './patterns.js';

export const accountKind = z.enum(['email', 'mobile'], { message: 'rule.account_kind' });
export type AccountKind = z.infer<typeof accountKind>;

/** A new password's length and characters; its strength is the server's check (password-rules). */
export const password = requiredText(PASSWORD_MAX_LENGTH).regex(PASSWORD_PATTERN, {
  message: 'rule.password',
});
export const email = requiredText(254).regex(EMAIL_PATTERN, { message: 'rule.email' });
export const verificationCode = requiredText(16).regex(CODE_PATTERN, { message: 'rule.code' });

export const sendCodeRequest = z.object({
  to: requiredText(254),
  type: intLike.pipe(
    z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
      message: 'rule.code_type',
    }),
  ),
  area_id: idField.optional(),
});
export type SendCodeRequest = z.input<typeof sendCodeRequest>;

export const registerRequest = z.object({
  type: accountKind,
  account: requiredText(254),
  password,
  re_password: requiredText(64),
  sms_code: verificationCode,
  invite_code: trimmed(32).optional(),
  area_id: idField.optional(),
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const loginRequest = z.object({
  login_type: accountKind,
  account: requiredText(254),
  password: requiredText(64),
  sms_code: trimmed(16).optional(),
  /** The area's global code, such as 86, for phone sign-in. */
  country_code: trimmed(8).optional(),
  /** The second step once two-factor is on: an authenticator code or a recovery code. */
  totp_code: trimmed(32).optional(),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const amendPasswordRequest = z.object({
  old_password: requiredText(64),
  new_password: password,
  secondary_password: requiredText(64),
});

export const forgetPasswordRequest = z.object({
  type: accountKind,
  account: requiredText(254),
  new_password: password,
  secondary_password: requiredText(64),
  auth_code: verificationCode,
  area_id: idField.optional(),
});

export const amendPayPasswordRequest = z.object({
  password,
  re_password: trimmed(64).optional(),
  auth_code: verificationCode,
  /** With two-factor on: a current authenticator code or a recovery code. */
  totp_code: trimmed(32).optional(),
});

export const bindEmailSendRequest = z.object({ user_string: email });
export const bindEmailRequest = z.object({ email, code: verificationCode });

export interface UserInfo {
  id: number;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  invite_code: string;
  /** 0 not submitted, 1 under review, 2 certified, 3 rejected (see user_real/center). */
  review_status: 0 | 1 | 2 | 3;
  is_seller: 0 | 1;
  has_pay_password: boolean;
}

export interface LoginResult {
  token: string;
  user: UserInfo;
}

/**
 * The password was right but two-factor is on: send the same request again with `totp_code`.
 * No session is opened until then. `user/login` answers it as a refusal (code 0, a msg asking
 * for the code, no data) with this field beside code and msg: the spec's client stores the data of
 * a success as its token, so the step must not be one, and it shows msg only when data is empty.
 */
export interface TotpChallenge {
  totp_required: true;
}

/** Whether a refusal is the two-factor step of `user/login`. */
export function isTotpChallenge(refusal: unknown): refusal is TotpChallenge {
  return typeof refusal === 'object' && refusal !== null && (refusal as TotpChallenge).totp_required === true;
}

/** What the service decides at sign-in: a session, or the two-factor step. */
export type LoginOutcome = LoginResult | TotpChallenge;

/**
 * `user/login`'s data: the token itself (the spec's client stores data as the token; the
 * user's details come from `user/info`). The two-factor step is a refusal ({@link TotpChallenge}).
 */
export type LoginAnswer = string;

export interface DemoInfo {
  invite_code: string;
  users: { account: string; password: string }[];
}
