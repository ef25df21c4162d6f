import { api, type PayloadOf } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';

/** Data of the account settings page: who the user is, two-factor, sessions, bindings. */

export const personalKeys = {
  info: [api.users.info.path] as const,
  authCode: [api.users.authorizationCode.path] as const,
  totp: [api.users.totpStatus.path] as const,
  sessions: [api.users.sessions.path] as const,
};

function useToken() {
  return useSession((state) => state.token);
}

/**
 * The user's details (user/info), with the session's token or, right after sign-in before the
 * session holds it, with the one given.
 */
export const loadUserInfo = (token?: string) => call(api.users.info, {}, { quiet: true, token });

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
    queryFn: () => call(api.users.authorizationCode, {}, { quiet: true }),
    enabled: token !== null,
    staleTime: Infinity,
  });
}

export function useTotpStatus() {
  const token = useToken();
  return useQuery({
    queryKey: [...personalKeys.totp, token],
    queryFn: () => call(api.users.totpStatus, {}, { quiet: true }),
    enabled: token !== null,
  });
}

export function useSessions() {
  const token = useToken();
  return useQuery({
    queryKey: [...personalKeys.sessions, token],
    queryFn: () => call(api.users.sessions, {}, { quiet: true }),
    enabled: token !== null,
  });
}

/** Reloads what a change on the settings page may have changed. */
export function useReloadPersonal() {
  const client = useQueryClient();
  return (key: keyof typeof personalKeys) => client.invalidateQueries({ queryKey: personalKeys[key] });
}

// ---- calls --------------------------------------------------------------------------------

export const startTotp = () => call(api.users.totpEnrol, {}, { quiet: true });
export const confirmTotp = (code: string) => call(api.users.totpConfirm, { code });
export const disableTotp = (password: string, code: string) =>
  call(api.users.totpDisable, { password, code });

export const endSession = (id: number) => call(api.users.revokeSessions, { id });
export const endOtherSessions = () => call(api.users.revokeSessions, { others: true });

export const sendBindPhoneCode = (areaId: number, mobile: string) =>
  call(api.users.sendBindMobileCode, { area_id: areaId, mobile });
export const bindPhone = (areaId: number, mobile: string, code: string) =>
  call(api.users.bindMobile, { area_id: areaId, mobile, code });

export const sendBindEmailCode = (email: string) => call(api.users.sendBindEmailCode, { user_string: email });
export const bindEmail = (email: string, code: string) => call(api.users.bindEmail, { email, code });

/** Changes the login password; the server then ends every session, this one too. */
export const changePassword = (request: PayloadOf<typeof api.users.amendPassword>) =>
  call(api.users.amendPassword, request, { quiet: true });

/** Sets or changes the trade password, with a code sent to the account and, with two-factor on, its code. */
export const setTradePassword = (request: PayloadOf<typeof api.users.amendPayPassword>) =>
  call(api.users.amendPayPassword, request);
