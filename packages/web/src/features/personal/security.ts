import type { SessionView, TotpEnrolment, TotpRecoveryCodes, TotpStatus, UserInfo } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';

/** Data of the account settings page: who the user is, two-factor, sessions, bindings. */

export const personalKeys = {
  info: ['user/info'] as const,
  authCode: ['user/authorization_code'] as const,
  totp: ['user/totp'] as const,
  sessions: ['user/sessions'] as const,
};

const get = <T>(path: string, query: Record<string, unknown> = {}) =>
  call<T>('GET', path, query, { quiet: true });

function useToken() {
  return useSession((state) => state.token);
}

/**
 * The user's details (user/info), with the session's token or, right after sign-in before the
 * session holds it, with the one given.
 */
export const loadUserInfo = (token?: string) =>
  call<UserInfo>('GET', 'user/info', {}, { quiet: true, token });

/** The signed-in user, fresh from the server; the header's copy is updated with it. */
export function useUserInfo() {
  const token = useToken();
  const setUser = useSession((state) => state.setUser);
  return useQuery({
    queryKey: [...personalKeys.info, token],
    queryFn: async () => {
      const user = await loadUserInfo();
      setUser(user);
      return user;
    },
    enabled: token !== null,
  });
}

export function useAuthorizationCode() {
  const token = useToken();
  return useQuery({
    queryKey: [...personalKeys.authCode, token],
    queryFn: () => get<string>('user/authorization_code'),
    enabled: token !== null,
    staleTime: Infinity,
  });
}

export function useTotpStatus() {
  const token = useToken();
  return useQuery({
    queryKey: [...personalKeys.totp, token],
    queryFn: () => get<TotpStatus>('user/totp'),
    enabled: token !== null,
  });
}

export function useSessions() {
  const token = useToken();
  return useQuery({
    queryKey: [...personalKeys.sessions, token],
    queryFn: () => get<SessionView[]>('user/sessions'),
    enabled: token !== null,
  });
}

/** Reloads what a change on the settings page may have changed. */
export function useReloadPersonal() {
  const client = useQueryClient();
  return (key: keyof typeof personalKeys) => client.invalidateQueries({ queryKey: personalKeys[key] });
}

// ---- calls --------------------------------------------------------------------------------

export const startTotp = () => call<TotpEnrolment>('POST', 'user/totp/enrol', {}, { quiet: true });
export const confirmTotp = (code: string) => call<TotpRecoveryCodes>('POST', 'user/totp/confirm', { code });
export const disableTotp = (password: string, code: string) =>
  call<null>('POST', 'user/totp/disable', { password, code });

export const endSession = (id: number) => call('POST', 'user/sessions/revoke', { id });
export const endOtherSessions = () => call('POST', 'user/sessions/revoke', { others: true });

export const sendBindPhoneCode = (areaId: number, mobile: string) =>
  call('POST', 'sms_mobile', { area_id: areaId, mobile });
export const bindPhone = (areaId: number, mobile: string, code: string) =>
  call('POST', 'safe/mobile', { area_id: areaId, mobile, code });

export const sendBindEmailCode = (email: string) => call('POST', 'sms_mail', { user_string: email });
export const bindEmail = (email: string, code: string) => call('POST', 'safe/email', { email, code });

/** Changes the login password; the server then ends every session, this one too. */
export const changePassword = (request: {
  old_password: string;
  new_password: string;
  secondary_password: string;
}) => call('POST', 'user/amend_password', { ...request }, { quiet: true });

/** Sets or changes the trade password, with a code sent to the account and, with two-factor on, its code. */
export const setTradePassword = (request: {
  password: string;
  re_password: string;
  auth_code: string;
  totp_code?: string;
}) => call('POST', 'user/amend_pay_password', { ...request });
