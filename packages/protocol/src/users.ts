import { z } from './zod.js';
import { idField, intLike, requiredText, trimmed } from './common.js';
import { defineCall, reply } from './contract.js';
import type { SessionView } from './security.js';
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

export const inviteCheckQuery = z.object({ code: z.string().max(64) });

/** End one of your sessions by id, or every other one with `others: true`. */
export const revokeSessionsRequest = z
  .object({ id: idField.optional(), others: z.boolean().optional() })
  .refine((body) => body.others === true || body.id !== undefined, {
    message: 'rule.required',
    path: ['id'],
  });

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

const usersCall = { tags: ['users'] } as const;
const signedInCall = { tags: ['users'], auth: 'user' } as const;

/**
 * Sign-up, sign-in, passwords, code sending, email binding and sessions (docs/personal.md); the
 * two-factor and phone calls are `securityCalls` (security.ts), both under `api.users`.
 */
export const usersCalls = {
  sendEmailCode: defineCall({
    ...usersCall,
    method: 'POST',
    path: 'notify/send_email',
    auth: 'public',
    request: sendCodeRequest,
    reply: z.null(),
    summary:
      'Send a 6-digit code by email (type 1 register, 2 forgot password, 3 trade password, 4 bind email, 5 login)',
  }),
  sendSmsCode: defineCall({
    ...usersCall,
    method: 'POST',
    path: 'notify/send_sms',
    auth: 'public',
    request: sendCodeRequest,
    reply: z.null(),
    summary:
      'Send a 6-digit code by sms (type 1 register, 2 forgot password, 3 trade password, 4 bind email, 5 login)',
  }),
  register: defineCall({
    ...usersCall,
    method: 'POST',
    path: 'user/register',
    auth: 'public',
    request: registerRequest,
    reply: z.object({ user_id: z.number() }),
    summary: 'Register with email or mobile',
  }),
  inviteCheck: defineCall({
    ...usersCall,
    method: 'GET',
    path: 'user/invite_check',
    auth: 'public',
    request: inviteCheckQuery,
    reply: z.null(),
    summary: 'Whether an invite code names an account (refused with the reason when it does not)',
  }),
  login: defineCall({
    ...usersCall,
    method: 'POST',
    path: 'user/login',
    auth: 'public',
    request: loginRequest,
    reply: reply<LoginAnswer>(),
    summary:
      'Sign in; data is the token string. With two-factor on and no totp_code: code 0, a msg asking for the code, no data, and totp_required: true beside them',
  }),
  forgetPassword: defineCall({
    ...usersCall,
    method: 'POST',
    path: 'user/forget_password',
    auth: 'public',
    request: forgetPasswordRequest,
    reply: z.null(),
    summary: 'Reset a forgotten password with a type-2 code',
  }),
  logout: defineCall({
    ...signedInCall,
    method: 'POST',
    path: 'user/logout',
    reply: z.null(),
    summary: 'Revoke this session',
  }),
  info: defineCall({
    ...signedInCall,
    method: 'GET',
    path: 'user/info',
    reply: reply<UserInfo>(),
    summary: 'The signed-in user',
  }),
  authorizationCode: defineCall({
    ...signedInCall,
    method: 'GET',
    path: 'user/authorization_code',
    reply: z.string(),
    summary: 'The code that adds this user as an agent',
  }),
  sendBindEmailCode: defineCall({
    ...signedInCall,
    method: 'POST',
    path: 'sms_mail',
    request: bindEmailSendRequest,
    reply: z.null(),
    summary: 'Send a code to an email to bind',
  }),
  sessions: defineCall({
    ...signedInCall,
    method: 'GET',
    path: 'user/sessions',
    reply: reply<SessionView[]>(),
    summary: 'Your active sessions: device, address, opened and last seen; `current` marks this one',
  }),
  revokeSessions: defineCall({
    ...signedInCall,
    method: 'POST',
    path: 'user/sessions/revoke',
    request: revokeSessionsRequest,
    reply: z.object({ ended: z.number() }),
    summary: 'Sign out one of your sessions by id, or every other one with {"others": true}',
  }),
  amendPassword: defineCall({
    ...signedInCall,
    method: 'POST',
    path: 'user/amend_password',
    request: amendPasswordRequest,
    reply: z.null(),
    summary: 'Change the login password; ends every session',
  }),
  amendPayPassword: defineCall({
    ...signedInCall,
    method: 'POST',
    path: 'user/amend_pay_password',
    request: amendPayPasswordRequest,
    reply: z.null(),
    summary: 'Set the trade password with a type-3 code (and totp_code when two-factor is on)',
  }),
  bindEmail: defineCall({
    ...signedInCall,
    method: 'POST',
    path: 'safe/email',
    request: bindEmailRequest,
    reply: z.null(),
    summary: 'Bind an email with its code',
  }),
};
