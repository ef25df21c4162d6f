import { api } from '@oex/protocol';
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
    queryFn: () => call(api.spot.currencyMatches, {}, { quiet: true }),
    staleTime: Infinity,
  });
  useLiveCache(KEY, 'DAY_MARKET', withQuotation);
  return query;
}
