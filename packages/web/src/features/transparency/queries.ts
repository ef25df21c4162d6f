import { api } from '@oex/protocol';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';

/** The calls of the transparency page (proof of liabilities), as react-query hooks. */

export const transparencyKeys = {
  overview: ['transparency'] as const,
  proof: ['transparency/proof'] as const,
};

/** The public overview: latest snapshot per currency, chain holdings, the operator log head. */
export function useTransparency() {
  return useQuery({
    queryKey: transparencyKeys.overview,
    queryFn: () => call(api.transparency.overview, {}, { quiet: true }),
  });
}

/** The caller's own inclusion proof in a currency's latest snapshot; asked only once chosen. */
export function useLiabilityProof(currency: string | null) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...transparencyKeys.proof, currency, token],
    queryFn: () => call(api.transparency.proof, { currency: currency! }, { quiet: true }),
    enabled: currency !== null && token !== null,
    // A refusal ("no balance in the latest snapshot") is an answer, not a hiccup to retry.
    retry: false,
    staleTime: 60_000,
  });
}
