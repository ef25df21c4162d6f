import type { MarketView } from '@oex/protocol';
import { useState } from 'react';
import { inOrder } from './rules.js';

/**
 * A market table's rows in a kept order: `sort` runs when the table first has rows and again each
 * time `sortKey` changes (the user sorted, or changed tab); between those, live pushes change the
 * values in place and no row moves under the pointer.
 */
export function useStableOrder(
  markets: MarketView[],
  sortKey: string,
  sort: (markets: MarketView[]) => MarketView[],
): MarketView[] {
  const [order, setOrder] = useState<{ key: string; ids: number[] } | null>(null);
  if (order?.key === sortKey && markets.length > 0) return inOrder(markets, order.ids);
  const ids = sort(markets).map((market) => market.id);
  // Remembering the order while rendering is React's way to keep what a previous render decided.
  if (markets.length > 0) setOrder({ key: sortKey, ids });
  return inOrder(markets, ids);
}
