import { Decimal, HOME_QUOTE, type DayMarketPush, type MarketView, type QuoteGroup } from '@oex/protocol';

/** Pure rules of the market tables: live patches, sorting and the home selection. */

/** Applies one DAY_MARKET push to the quote groups, returning new arrays only where it changed. */
export function withQuotation(groups: QuoteGroup[], push: DayMarketPush): QuoteGroup[] {
  return groups.map((group) => {
    const index = group.matches.findIndex((market) => market.id === push.currency_match_id);
    if (index < 0) return group;
    const matches = group.matches.slice();
    matches[index] = { ...matches[index]!, currency_quotation: push.quotation };
    return { ...group, matches };
  });
}

/** The columns a market table sorts by. */
export type SortKey = 'symbol' | 'close' | 'change' | 'high' | 'low' | 'volume';

/** Sorts markets by a column: numbers compare exactly as decimals, the pair by name. */
export function sortMarkets(markets: MarketView[], key: SortKey, descending: boolean): MarketView[] {
  const sign = descending ? -1 : 1;
  return markets.slice().sort((a, b) => {
    const order =
      key === 'symbol'
        ? a.symbol.localeCompare(b.symbol)
        : compareDecimals(a.currency_quotation[key], b.currency_quotation[key]);
    return order * sign || a.id - b.id;
  });
}

/** Compares two decimal strings exactly (they may exceed a double's precision). */
function compareDecimals(a: string, b: string): number {
  return Decimal.parse(a).cmp(Decimal.parse(b));
}

/** The home table: the listed coins (open for trading) of the USDT group, by change, highest first. */
export function homeMarkets(groups: QuoteGroup[], coins: string): MarketView[] {
  const listed = new Set(coins.split(',').map((code) => code.trim().toUpperCase()));
  const matches = groups.find((group) => group.code === HOME_QUOTE)?.matches ?? [];
  const shown = matches.filter((market) => listed.has(market.base_currency_code) && market.open_change === 1);
  return sortMarkets(shown, 'change', true);
}
