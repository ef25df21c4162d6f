import {
  Decimal,
  HOME_QUOTE,
  type DayMarketPush,
  type MarketView,
  type QuoteGroup,
  type Quotation,
} from '@oex/protocol';

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

/**
 * The quotation field behind each numeric column. Volume is the quote currency's amount (USDT), not
 * the base quantity: 16 BTC and 9 million TRX only compare once both are in USDT.
 */
const FIELD: Record<Exclude<SortKey, 'symbol'>, keyof Omit<Quotation, 'currency_match_id'>> = {
  close: 'close',
  change: 'change',
  high: 'high',
  low: 'low',
  volume: 'amount',
};

/** Sorts markets by a column: numbers compare exactly as decimals, the pair by name. */
export function sortMarkets(markets: MarketView[], key: SortKey, descending: boolean): MarketView[] {
  const sign = descending ? -1 : 1;
  return markets.slice().sort((a, b) => {
    const order =
      key === 'symbol'
        ? a.symbol.localeCompare(b.symbol)
        : compareDecimals(a.currency_quotation[FIELD[key]], b.currency_quotation[FIELD[key]]);
    return order * sign || a.id - b.id;
  });
}

/**
 * The markets in a kept order of ids, so live values change in place and no row moves under the
 * pointer; a market missing from the order (listed since) goes last. The order itself is made by
 * sortMarkets, on load and when the user sorts.
 */
export function inOrder(markets: MarketView[], order: readonly number[]): MarketView[] {
  const byId = new Map(markets.map((market) => [market.id, market]));
  const kept = order.flatMap((id) => byId.get(id) ?? []);
  const listed = new Set(order);
  return [...kept, ...markets.filter((market) => !listed.has(market.id))];
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
