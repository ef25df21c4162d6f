import { z } from './zod.js';
import { idField, intLike } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';
import type { MarkRowFigures } from './mark.js';

/** market/mark_prices: one market's tape (by id or symbol) between two instants in ms, paged. */
export const markPricesQuery = z.object({
  currency_match_id: idField.optional(),
  symbol: z.string().trim().max(33).optional(),
  from: intLike.pipe(z.number().min(0)).optional(),
  to: intLike.pipe(z.number().min(0)).optional(),
  page: intLike.pipe(z.number().min(1, { message: 'rule.positive' })).default(1),
  limit: intLike.pipe(z.number().min(1).max(500)).default(100),
});

/**
 * A row of the public mark-price tape at `time`. `figures` holds what decided it under the
 * impact-price rule (mark.ts: impact bid and ask, trade price, sample, window, and the book levels
 * and trades consumed), so anyone can recompute `price` from the row itself with `checkMarkRow`.
 * Rows written before that rule have `figures: null`; their price is the median of best_bid,
 * best_ask and last_price (those present).
 */
export interface MarkPriceView {
  currency_match_id: number;
  time: number;
  price: string;
  best_bid: string | null;
  best_ask: string | null;
  last_price: string | null;
  last_trade_id: number | null;
  figures: MarkRowFigures | null;
  /**
   * The mark of the row before this one, where a verification serves the row: a mark held while
   * the window fills again must equal it (checkMarkRow's `previous`).
   */
  previous_price?: string | null;
}

/** The market calls served beside the spot ones (docs/mark-price.md): the public mark-price tape. */
export const marketCalls = {
  markPrices: defineCall({
    method: 'GET',
    path: 'market/mark_prices',
    auth: 'public',
    request: markPricesQuery,
    reply: reply<Paged<MarkPriceView>>(),
    tags: ['market'],
    summary:
      "A market's mark-price tape, newest first: per second when the mark or its sample changed (and each minute), the mark (the average of the window's samples; each sample the median of the impact bid, the impact ask and the trade price for the market's impact notional) with every input it used in `figures`; from and to in ms (default: the last hour)",
  }),
};
