import { api } from '@oex/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';

/** Rows per page of the transaction log, as the asset records (docs/ledger.md). */
export const TXLOG_PER_PAGE = 15;

/** Every account-log row of the user across accounts, newest first (account_log/all). */
export function useTransactionLog(page: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['account_log', 'all', page, token],
    queryFn: () => call(api.ledger.logs.all, { page, limit: TXLOG_PER_PAGE }, { quiet: true }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
