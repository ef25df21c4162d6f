import { api, type IdentityCenter, type RealNameRequest } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';

/** Identity (user_real/*): the review state, and the submission. */

export const identityKeys = { center: ['user_real/center'] as const };

export function useIdentityCenter() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...identityKeys.center, token],
    queryFn: () => call(api.personal.identityCenter, {}, { quiet: true }),
    enabled: token !== null,
  });
}

/** Sends a submission; on success the review state and the user info (review_status) reload. */
export function useSubmitIdentity() {
  const client = useQueryClient();
  return async (request: RealNameRequest): Promise<IdentityCenter> => {
    const center = await call(api.personal.realName, request);
    await Promise.all([
      client.invalidateQueries({ queryKey: identityKeys.center }),
      client.invalidateQueries({ queryKey: ['user/info'] }),
    ]);
    return center;
  };
}
