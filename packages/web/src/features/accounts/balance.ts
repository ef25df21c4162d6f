import { api, type AccountView } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useChannel } from '../../api/socket.js';
import { useSession } from '../session.js';

/** The query key of one account type's balances; a page invalidates it after its own calls. */
export const balanceKey = (typeId: number) => ['account/detail', typeId] as const;

/**
 * The signed-in user's account of one type in one currency (account/detail), kept live: BALANCE
 * writes each committed change (a purchase, a payout, a transfer) into the cached view.
 */
export function useAccountBalance(typeId: number, currencyId: number | undefined) {
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...balanceKey(typeId), currencyId, token],
    queryFn: () =>
      call(api.ledger.account, { currency_id: currencyId!, account_type_id: typeId }, { quiet: true }),
    enabled: token !== null && currencyId !== undefined,
  });
  useChannel(
    token ? 'BALANCE' : null,
    (push) => {
      for (const account of push.accounts) {
        if (account.account_type_id !== typeId) continue;
        client.setQueryData<AccountView>([...balanceKey(typeId), account.currency_id, token], (view) =>
          view ? { ...view, balance: account.balance, lock_balance: account.lock_balance } : view,
        );
      }
    },
    () => void client.invalidateQueries({ queryKey: balanceKey(typeId) }),
  );
  return query;
}
