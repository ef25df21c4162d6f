import {
  AccountTypeId,
  api,
  type LeverPositionView,
  type LeverSubmitRequest,
  type LeverView,
} from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';
import { balanceKey, useAccountBalance } from '../accounts/balance.js';
import { LEVER_PAGE_SIZE, type LeverDealState } from './rules.js';

/** The calls of the leveraged contract page (lever/*), as react-query hooks. */

const LEVER_ACCOUNT = AccountTypeId.lever_account;
/** The deal (its mark and hazard rate) is asked again this often while the page is in view. */
const DEAL_REFRESH_MS = 5000;

/** Query keys, so the live hook and the page reload the same caches. */
export const leverKeys = {
  all: ['lever'] as const,
  deals: ['lever', 'deal'] as const,
  deal: (matchId: number | undefined) => ['lever', 'deal', matchId] as const,
  lists: ['lever', 'my_trade'] as const,
  list: (view: LeverView) => ['lever', 'my_trade', view] as const,
  balance: balanceKey(LEVER_ACCOUNT),
};

/** A market's terms for the signed-in user, the mark and their hazard rate; asked again every few seconds. */
export function useLeverDeal(matchId: number | undefined) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...leverKeys.deal(matchId), token],
    queryFn: () =>
      call(api.lever.deal, { currency_match_id: matchId! }, { quiet: true }) as Promise<LeverDealState>,
    enabled: token !== null && matchId !== undefined,
    refetchInterval: DEAL_REFRESH_MS,
  });
}

/** The signed-in user's lever account in one currency, kept live. */
export const useLeverBalance = (currencyId: number | undefined) =>
  useAccountBalance(LEVER_ACCOUNT, currencyId);

export interface ListQuery {
  view: LeverView;
  /** The chosen market, for the one-market views (5 and 6). */
  matchId: number | null;
  page: number;
}

/** A page of one of the five views, 10 a page. */
export function useLeverList({ view, matchId, page }: ListQuery) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...leverKeys.list(view), matchId, page, token],
    queryFn: () =>
      call(
        api.lever.myTrade,
        { status: view, currency_match_id: matchId ?? undefined, page, limit: LEVER_PAGE_SIZE },
        { quiet: true },
      ),
    enabled: token !== null,
    // Another page of the same view stays in view while the next loads; another view never does.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === view && previousQuery.queryKey[3] === matchId ? previous : undefined,
  });
}

/** One closed position with the tape rows whose marks opened and closed it, and the rule (owner only). */
export function useLeverVerification(id: number | null) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['lever', 'verify', id, token],
    queryFn: () => call(api.lever.verify, { id: id! }, { quiet: true }),
    enabled: token !== null && id !== null,
    staleTime: Infinity,
  });
}

/** Places an order; the server's message ("Order placed", or why not) shows as a toast. */
export function submitLever(body: LeverSubmitRequest & { request_id: string }): Promise<LeverPositionView> {
  return call(api.lever.submit, body);
}

/** Closes an open position at the mark with the spread. */
export function closeLever(id: number): Promise<unknown> {
  return call(api.lever.close, { id });
}

/** Cancels a pending (fixed-price) order. */
export function cancelLever(id: number): Promise<unknown> {
  return call(api.lever.cancel, { id });
}

/** Sets or clears ('0') the take-profit and stop-loss of a position. */
export function setLeverStops(
  id: number,
  stops: { target_profit_price: string; stop_loss_price: string },
): Promise<unknown> {
  return call(api.lever.setStops, { id, ...stops });
}

/** Closes every open position (0), the longs (1) or the shorts (2), of one market or all. */
export function batchCloseLever(type: 0 | 1 | 2, matchId: number | null): Promise<unknown> {
  return call(api.lever.batchClose, { type, currency_match_id: matchId ?? undefined });
}

/** Reloads what an order, a close or a cancel changes: the lists, the deal and the balance. */
export function useLeverChanged() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [leverKeys.lists, leverKeys.deals, leverKeys.balance]) {
      void client.invalidateQueries({ queryKey });
    }
  };
}
