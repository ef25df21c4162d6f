import type { MarketView, QuoteGroup } from '@oex/protocol';
import { homeMarkets } from '../markets/rules.js';

/**
 * The market a link names: `match` (a market id) first, else `id`, the row index of the home
 * table, else the first market open for trading.
 */
export function chosenMarket(
  groups: QuoteGroup[],
  search: URLSearchParams,
  homeCoins: string,
): MarketView | undefined {
  const all = groups.flatMap((group) => group.matches).filter((market) => market.open_change === 1);
  const match = Number(search.get('match'));
  const byId = all.find((market) => market.id === match);
  if (byId) return byId;
  const index = search.get('id');
  if (index !== null) {
    const row = homeMarkets(groups, homeCoins)[Number(index)];
    if (row) return row;
  }
  return all[0];
}
