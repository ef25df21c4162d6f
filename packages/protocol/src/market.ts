import { z } from 'zod';
import { idField, intLike } from './common.js';

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
 * A row of the public mark-price tape: the median of best_bid, best_ask and last_price (those
 * present) at `time`, so anyone can recompute `price` from the row itself.
 */
export interface MarkPriceView {
  currency_match_id: number;
  time: number;
  price: string;
  best_bid: string | null;
  best_ask: string | null;
  last_price: string | null;
  last_trade_id: number | null;
}
