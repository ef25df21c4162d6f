import { api, type CreateApiKeyRequest } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';

/** Data of the API keys page (docs/personal.md): the user's keys, and the calls that change them. */

export const apiKeyKeys = { list: [api.apikeys.list.path] as const };

export function useApiKeys() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...apiKeyKeys.list, token],
    queryFn: () => call(api.apikeys.list, {}, { quiet: true }),
    enabled: token !== null,
  });
}

/** Reloads the list after a key was made or revoked. */
export function useReloadApiKeys(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: apiKeyKeys.list });
}

/** Sends the creation code to the account's own email or phone; answers where, masked. */
export const sendApiKeyCode = () => call(api.apikeys.sendCode, {}, { quiet: true });

/** Makes a key; its answer holds the secret, which the page shows once and keeps nowhere. */
export const createApiKey = (request: CreateApiKeyRequest) =>
  call(api.apikeys.create, request, { quiet: true });

export const revokeApiKey = (id: number) => call(api.apikeys.revoke, { id });
