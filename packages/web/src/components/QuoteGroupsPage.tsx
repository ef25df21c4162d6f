import type { QuoteGroup } from '@oex/protocol';
import { useDeferredValue } from 'react';
import { useQuoteGroups } from '../features/markets/quotes.js';
import { QueryState } from './ui/index.js';

/**
 * A page drawn from the quote groups: loading, failed or empty until they come, then the page. The
 * first full draw is done in the background (a deferred value), so the loading state shows at once.
 */
export function QuoteGroupsPage({
  isEmpty,
  children,
}: {
  /** Whether the groups hold nothing this page can show (it says so instead). */
  isEmpty(groups: QuoteGroup[]): boolean;
  children(groups: QuoteGroup[]): React.ReactNode;
}) {
  const groups = useQuoteGroups();
  const data = useDeferredValue(groups.data);
  return (
    <QueryState query={{ ...groups, data }} isEmpty={isEmpty}>
      {children}
    </QueryState>
  );
}
