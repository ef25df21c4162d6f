import type { DayMarketPush, QuoteGroup } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useChannel } from '../../api/socket.js';
import { withQuotation } from './rules.js';

const KEY = ['market/currency_matches'] as const;

/**
 * The quote groups of market/currency_matches, kept live through DAY_MARKET while a page using them
 * is mounted; leaving every such page unsubscribes. A missed push reloads the snapshot.
 */
export function useQuoteGroups() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => call<QuoteGroup[]>('GET', 'market/currency_matches', {}, { quiet: true }),
    staleTime: Infinity,
  });
  useChannel<DayMarketPush>(
    'DAY_MARKET',
    (push) => client.setQueryData<QuoteGroup[]>(KEY, (groups) => groups && withQuotation(groups, push)),
    () => void client.invalidateQueries({ queryKey: KEY }),
  );
  return query;
}
