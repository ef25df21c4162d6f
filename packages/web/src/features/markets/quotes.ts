import type { DayMarketPush, QuoteGroup } from '@oex/protocol';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useLiveCache } from '../../api/live-cache.js';
import { withQuotation } from './rules.js';

const KEY = ['market/currency_matches'] as const;

/**
 * The quote groups of market/currency_matches, kept live through DAY_MARKET while a page using them
 * is mounted; leaving every such page unsubscribes. A missed push reloads the snapshot.
 */
export function useQuoteGroups() {
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => call<QuoteGroup[]>('GET', 'market/currency_matches', {}, { quiet: true }),
    staleTime: Infinity,
  });
  useLiveCache<QuoteGroup[], DayMarketPush>(KEY, 'DAY_MARKET', withQuotation);
  return query;
}
