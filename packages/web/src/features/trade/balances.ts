import { api, type AccountView, type MarketView } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useChannel } from '../../api/socket.js';
import { useSession } from '../session.js';

/** The spot (change) account type. */
const SPOT_ACCOUNT = 1;

function useAvailable(currencyId: number | undefined) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['account/detail', SPOT_ACCOUNT, currencyId, token],
    queryFn: () =>
      call(api.ledger.account, { currency_id: currencyId!, account_type_id: SPOT_ACCOUNT }, { quiet: true }),
    enabled: token !== null && currencyId !== undefined,
  });
}

/** The signed-in user's available base and quote balances in a market, and a refresh. */
export function useMarketBalances(market: MarketView | undefined) {
  const client = useQueryClient();
  const token = useSession((state) => state.token);
  const base = useAvailable(market?.base_currency_id);
  const quote = useAvailable(market?.quote_currency_id);
  // Balances change in other tabs and devices too: BALANCE brings every committed change.
  useChannel(
    token ? 'BALANCE' : null,
    (push) => {
      for (const account of push.accounts) {
        client.setQueryData<AccountView>(
          ['account/detail', account.account_type_id, account.currency_id, token],
          (view) => (view ? { ...view, balance: account.balance, lock_balance: account.lock_balance } : view),
        );
      }
    },
    () => void client.invalidateQueries({ queryKey: ['account/detail'] }),
  );
  return {
    base: base.data?.balance ?? null,
    quote: quote.data?.balance ?? null,
    /** Each currency's decimals (account/detail's currency), so balances show as /assets shows them. */
    baseDecimals: base.data?.currency.decimals ?? null,
    quoteDecimals: quote.data?.currency.decimals ?? null,
    refresh: () => void client.invalidateQueries({ queryKey: ['account/detail'] }),
  };
}
