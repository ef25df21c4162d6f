import { api, type PayMethodCode, type PayMethodSaveRequest, type PayMethodView } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { currentLang } from '../../i18n/index.js';
import { useSession } from '../session.js';

/** Payment methods (pay_method/*): the types, the user's saved one per type, and saving. */

export const payMethodKeys = {
  types: ['pay_method/types'] as const,
  method: (type: PayMethodCode) => ['pay_method/get_method_by_type', type] as const,
};

export function usePayMethodTypes() {
  return useQuery({
    queryKey: [...payMethodKeys.types, currentLang()],
    queryFn: () => call(api.personal.payMethodTypes, {}, { quiet: true }),
    staleTime: 300_000,
  });
}

export function useSavedPayMethod(type: PayMethodCode) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...payMethodKeys.method(type), token],
    queryFn: () => call(api.personal.payMethod, { type }, { quiet: true }),
    enabled: token !== null,
  });
}

export function useSavePayMethod() {
  const client = useQueryClient();
  return async (request: PayMethodSaveRequest): Promise<PayMethodView> => {
    const saved = await call(api.personal.savePayMethod, request);
    await client.invalidateQueries({ queryKey: payMethodKeys.method(request.type) });
    return saved;
  };
}
