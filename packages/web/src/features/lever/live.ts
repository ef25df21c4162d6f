import type { LeverPositionView, LeverView, MarketView, Paged } from '@oex/protocol';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useChannel } from '../../api/socket.js';
import { useSession } from '../session.js';
import { leverKeys } from './queries.js';
import {
  dealWithTrades,
  mergeTrades,
  pushQuote,
  removeClosed,
  type LeverDealState,
  type Merged,
} from './rules.js';

type Page = Paged<LeverPositionView>;

/** A list's view and market filter, the third and fourth parts of its query key (see useLeverList). */
function listOf(key: QueryKey): { view: LeverView; matchId: number | null } {
  const matchId = key[3];
  return { view: key[2] as LeverView, matchId: typeof matchId === 'number' ? matchId : null };
}

/** Applies a change to every cached page of every view, reloading the pages it says to. */
function updateLists(
  client: QueryClient,
  change: (page: Page, view: LeverView, matchId: number | null) => Merged<Page>,
) {
  for (const [key, page] of client.getQueriesData<Page>({ queryKey: leverKeys.lists })) {
    if (!page) continue;
    const { view, matchId } = listOf(key);
    const merged = change(page, view, matchId);
    if (merged.page !== page) client.setQueryData<Page>(key, merged.page);
    if (merged.reload) void client.invalidateQueries({ queryKey: key, exact: true });
  }
}

function reloadAll(client: QueryClient): void {
  for (const queryKey of [leverKeys.all, leverKeys.balance]) void client.invalidateQueries({ queryKey });
}

/**
 * LEVER_TRADE and LEVER_CLOSED (docs/leverage.md), listened to once on the page. A trade push replaces
 * the positions it carries on every open list, and gives the deals of its quote currency the hazard
 * rate, the total profit and the mark; a closed push takes the ended ids off the open and pending
 * lists and reloads the closed list, the deals and the balance. A missed push reloads everything.
 */
export function useLeverLive(markets: readonly MarketView[]): void {
  const client = useQueryClient();
  const token = useSession((state) => state.token);
  const quoteOf = (matchId: number) => markets.find((market) => market.id === matchId)?.quote_currency_id;
  useChannel(
    token ? 'LEVER_TRADE' : null,
    (push) => {
      updateLists(client, (page, view, matchId) => mergeTrades(page, push, view, matchId));
      const quote = pushQuote(push, quoteOf);
      for (const [key, deal] of client.getQueriesData<LeverDealState>({ queryKey: leverKeys.deals })) {
        if (!deal || quoteOf(deal.currency_match_id) !== quote) continue;
        client.setQueryData<LeverDealState>(key, dealWithTrades(deal, push));
      }
    },
    () => reloadAll(client),
  );
  useChannel(
    token ? 'LEVER_CLOSED' : null,
    (push) => {
      updateLists(client, (page, view) => removeClosed(page, push.id, view));
      for (const queryKey of [leverKeys.deals, leverKeys.balance])
        void client.invalidateQueries({ queryKey });
    },
    () => reloadAll(client),
  );
}
