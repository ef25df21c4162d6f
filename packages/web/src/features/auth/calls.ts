import {
  api,
  isTotpChallenge,
  type DemoInfo,
  type LoginRequest,
  type PayloadOf,
  type RegisterRequest,
} from '@oex/protocol';
import { ApiError, call } from '../../api/http.js';

/** Sign-in, registration and the forgotten password: the calls of the pages before a session. */

/** One public setting by its key (default/setting?key=…), as '1' or '0'. */
const setting = async (key: string) => (await call(api.content.setting, { key }, { quiet: true })) as string;

/** Whether sign-in asks for a code sent by SMS as well (login_use_sms). */
export const loginNeedsSms = async (): Promise<boolean> => (await setting('login_use_sms')) === '1';

/** Whether registration asks for an invite code (register_require_invite). */
export const registerNeedsInvite = async (): Promise<boolean> =>
  (await setting('register_require_invite')) === '1';

/**
 * The demo accounts, in demo mode only: the endpoint answers 404 elsewhere, and then there are none
 * (null). Read without the envelope's toasts: its absence is no failure.
 */
export async function loadDemoInfo(): Promise<DemoInfo | null> {
  const response = await fetch('/api/dev/demo');
  if (!response.ok) return null;
  const body = (await response.json()) as { data?: DemoInfo };
  return body.data ?? null;
}

/** A refusal of user/login that asks for the second step: two-factor is on, the password was right. */
export const isTotpRefusal = (error: unknown): boolean =>
  error instanceof ApiError && isTotpChallenge(error.refusal);

/**
 * Signs in (user/login); the answer is the token. With two-factor on, the refusal says so
 * (`isTotpRefusal`) and shows no toast: the page asks for the code itself.
 */
export const logIn = (request: LoginRequest) => call(api.users.login, request, { handles: isTotpRefusal });

/** Ends this session (user/logout). */
export const logOut = () => call(api.users.logout, {}, { quiet: true });

/** Checks an invite code (user/invite_check); rejects with the server's words when it is unknown. */
export const checkInvite = (code: string) => call(api.users.inviteCheck, { code }, { quiet: true });

export const register = (request: RegisterRequest) => call(api.users.register, request);

export type ForgetPasswordRequest = PayloadOf<typeof api.users.forgetPassword>;

/** Sets a new password with a code sent to the account's email or phone (user/forget_password). */
export const resetForgottenPassword = (request: ForgetPasswordRequest) =>
  call(api.users.forgetPassword, request);
