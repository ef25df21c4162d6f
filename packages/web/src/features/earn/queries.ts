import {
  AccountTypeId,
  api,
  type EarnBuyRequest,
  type EarnHoldingStatus,
  type EarnHoldingView,
} from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useChannel } from '../../api/socket.js';
import { balanceKey, useAccountBalance } from '../accounts/balance.js';
import { useSession } from '../session.js';

/** The calls of the savings pages (ieo/*, docs/savings.md), as react-query hooks. */

export const FINANCIAL_ACCOUNT = AccountTypeId.financial_account;
/** The financial list asks for 30, as the spec's does. */
export const PRODUCTS_LIMIT = 30;
export const HOLDINGS_PAGE_SIZE = 10;

export const earnKeys = {
  products: ['ieo/list'] as const,
  holdings: ['ieo/my'] as const,
  reserves: ['ieo/interest_account'] as const,
};

/** The products on offer, with what the caller holds in each. */
export function useEarnProducts() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...earnKeys.products, token],
    queryFn: () => call(api.earn.products, { limit: PRODUCTS_LIMIT }, { quiet: true }),
  });
}

/** The public interest account per currency: its balance beside what it has promised. */
export function useInterestReserves() {
  return useQuery({
    queryKey: earnKeys.reserves,
    queryFn: () => call(api.earn.reserves, {}, { quiet: true }),
  });
}

/** A page of the caller's holdings, newest first; all of them without a status. */
export function useEarnHoldings(status: EarnHoldingStatus | null, page: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...earnKeys.holdings, status, page, token],
    queryFn: () =>
      call(
        api.earn.holdings,
        { page, limit: HOLDINGS_PAGE_SIZE, ...(status ? { status } : {}) },
        { quiet: true },
      ),
    enabled: token !== null,
    placeholderData: (previous) => previous,
  });
}

/** The financial account in one currency, kept live. */
export const useFinancialBalance = (currencyId: number | undefined) =>
  useAccountBalance(FINANCIAL_ACCOUNT, currencyId);

export function buyEarn(body: EarnBuyRequest & { request_id: string }): Promise<EarnHoldingView> {
  return call(api.earn.buy, body);
}

/** Reloads what a purchase changes: the products' quotas, the holdings, the balance, the reserve. */
export function useEarnBought() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [
      earnKeys.products,
      earnKeys.holdings,
      earnKeys.reserves,
      balanceKey(FINANCIAL_ACCOUNT),
    ])
      void client.invalidateQueries({ queryKey });
  };
}

/**
 * Keeps the savings views current when the financial account changes anywhere: a purchase in
 * another tab, a day's interest, a principal coming back. The BALANCE push says an account moved;
 * the holdings, the quotas and the reserve are read again.
 */
export function useEarnLive(): void {
  const token = useSession((state) => state.token);
  const reload = useEarnBought();
  useChannel(
    token ? 'BALANCE' : null,
    (push) => {
      if (push.accounts.some((account) => account.account_type_id === FINANCIAL_ACCOUNT)) reload();
    },
    reload,
  );
}
