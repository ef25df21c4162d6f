import { api, marketChannel, type CompletedTrade, type Deal, type MarketView } from '@oex/protocol';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useLiveCache } from '../../api/live-cache.js';
import { live } from '../../api/socket.js';
import type { FeedSource } from './kline-feed.js';

/** The trade list keeps the latest 30, as the server does. */
export const RECENT_TRADES = 30;

/** Newest first, without repeats, at most 30. */
export function withTrades(current: CompletedTrade[], incoming: CompletedTrade[]): CompletedTrade[] {
  const seen = new Set(incoming.map((trade) => trade.id));
  return [...incoming, ...current.filter((trade) => !seen.has(trade.id))].slice(0, RECENT_TRADES);
}

/**
 * A market's quotation, book and recent trades: the market/deal snapshot, then MARKET_DEPTH and
 * GLOBAL_TX pushes written into it. A missed push reloads the snapshot.
 */
export function useMarketData(market: MarketView | undefined) {
  const key = ['market/deal', market?.id];
  const deal = useQuery({
    queryKey: key,
    queryFn: () => call(api.spot.deal, { currency_match_id: market!.id }, { quiet: true }),
    enabled: market !== undefined,
    staleTime: Infinity,
  });
  useLiveCache(key, market ? marketChannel('MARKET_DEPTH', market.symbol) : null, (old: Deal, push) => ({
    ...old,
    depth: push.depth,
  }));
  useLiveCache(key, market ? marketChannel('GLOBAL_TX', market.symbol) : null, (old: Deal, push) => ({
    ...old,
    tx_completes: withTrades(old.tx_completes, push.completes),
  }));
  return deal;
}

/** Where the chart's bars come from: market/kline for history, the live channel for the rest. */
export const klineSource: FeedSource = {
  load: (key, range) =>
    call(api.spot.kline, { currency_match_id: key.marketId, period: key.period, ...range }, { quiet: true }),
  listen: (channel, listener) => live.subscribe(channel, listener),
};
