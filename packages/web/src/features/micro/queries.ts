import {
  AccountTypeId,
  api,
  type MicroOrderView,
  type MicroStatus,
  type MicroSubmitRequest,
} from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';
import { balanceKey, useAccountBalance } from '../accounts/balance.js';
import { MICRO_PAGE_SIZE, type MicroPage } from './rules.js';

/** The calls of the seconds-contract page (microtrade/*), as react-query hooks. */

const MICRO_ACCOUNT = AccountTypeId.micro_account;

/** Query keys, so the live hook and the page reload the same caches. */
export const microKeys = {
  lists: ['microtrade/lists'] as const,
  list: (status: MicroStatus) => ['microtrade/lists', status] as const,
  payable: ['microtrade/payable_currencies'] as const,
  balance: balanceKey(MICRO_ACCOUNT),
  pool: ['microtrade/pool'] as const,
};

/** The durations on offer with their profit ratio; reference data. */
export function useMicroSeconds() {
  return useQuery({
    queryKey: ['microtrade/seconds'],
    queryFn: () => call(api.micro.seconds, {}, { quiet: true }),
    staleTime: 60_000,
  });
}

/** The currencies one can stake, with their preset amounts, bounds, fee rate and the micro balance. */
export function usePayableCurrencies() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...microKeys.payable, token],
    queryFn: () => call(api.micro.payableCurrencies, {}, { quiet: true }),
  });
}

/** The signed-in user's micro account in one currency, kept live. */
export const useMicroBalance = (currencyId: number | undefined) =>
  useAccountBalance(MICRO_ACCOUNT, currencyId);

export interface ListQuery {
  status: MicroStatus;
  /** One pair only, or null for every pair. */
  matchId: number | null;
  page: number;
}

/** A page of the user's orders of one status, newest first, with the moment it arrived. */
export function useMicroOrders({ status, matchId, page }: ListQuery) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...microKeys.list(status), matchId, page, token],
    queryFn: async (): Promise<MicroPage> => {
      const answer = await call(
        api.micro.lists,
        { status, match_id: matchId ?? undefined, page, limit: MICRO_PAGE_SIZE },
        { quiet: true },
      );
      return { ...answer, received_at: Date.now() };
    },
    enabled: token !== null,
    // Another page of the same list stays in view while the next loads; another list never does.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === status ? previous : undefined,
  });
}

/** One order with the two public tape rows that decided it and the rule in words (public). */
export function useMicroVerification(id: number | null) {
  return useQuery({
    queryKey: ['microtrade/verify', id],
    queryFn: () => call(api.micro.verify, { id: id! }, { quiet: true }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** The public pool per currency. */
export function useMicroPool() {
  return useQuery({
    queryKey: microKeys.pool,
    queryFn: () => call(api.micro.pool, {}, { quiet: true }),
    staleTime: 10_000,
  });
}

/** Places an order; the server's message ("Order placed", or why not) shows as a toast. */
export function submitMicro(body: MicroSubmitRequest & { request_id: string }): Promise<MicroOrderView> {
  return call(api.micro.submit, body);
}

/** Reloads what a new order changes: the in-progress list, the balance and the pool. */
export function useMicroPlaced() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [microKeys.list(1), microKeys.balance, microKeys.payable, microKeys.pool]) {
      void client.invalidateQueries({ queryKey });
    }
  };
}
