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
});

export const bindEmailSendRequest = z.object({ user_string: email });
export const bindEmailRequest = z.object({ email, code: verificationCode });

export interface UserInfo {
  id: number;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  invite_code: string;
  review_status: 0 | 1 | 2;
  is_seller: 0 | 1;
  has_pay_password: boolean;
}

export interface LoginResult {
  token: string;
  user: UserInfo;
}

export interface DemoInfo {
  invite_code: string;
  users: { account: string; password: string }[];
}
