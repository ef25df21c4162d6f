import { z } from './zod.js';
import type { Paged } from './envelope.js';
import { idField, intLike } from './common.js';
import { defineCall, reply } from './contract.js';
import { amountField, requestIdField } from './ledger.js';

/**
 * tx_in/add and tx_out/add: a limit order (type 0, the default) or a market order (type 1). A market
 * buy may give `total` (quote to spend, fee included) in place of `number`: it spends at most that.
 */
export const placeOrderRequest = z.object({
  currency_match_id: idField,
  number: amountField.optional(),
  total: amountField.optional(),
  price: amountField.optional(),
  type: intLike.pipe(z.union([z.literal(0), z.literal(1)], { message: 'rule.order_type' })).default(0),
  /** The caller's id for this order: sent again (a lost answer), it answers the first order. */
  request_id: requestIdField.optional(),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;

export const cancelOrderRequest = z.object({ id: idField });

export const orderListQuery = z.object({
  currency_match_id: intLike.pipe(z.number().min(0)).optional(),
  page: intLike.pipe(z.number().min(1, { message: 'rule.positive' })).default(1),
  limit: intLike.pipe(z.number().min(1).max(100)).default(10),
  /**
   * Current orders (open) or all of this side. Without it: open orders of one market, or, without a
   * market, every order of this side (the spec's all-orders view).
   */
  status: z.enum(['open', 'all']).optional(),
});

export const marketQuery = z.object({ currency_match_id: idField });

export interface SpotOrderView {
  id: number;
  currency_match_id: number;
  currency_match: { symbol: string };
  way: 1 | 2;
  way_name: string;
  type: 0 | 1;
  price: string | null;
  number: string;
  transacted_amount: string;
  transacted_volume: string;
  /** transacted_volume ÷ transacted_amount (2 decimals past the market's), null before any fill. */
  avg_price: string | null;
  fee: string;
  /** The fee's currency: the base for a buy (taken from what it receives), the quote for a sell. */
  fee_currency: string;
  status: number;
  status_name: string;
  created_at: string;
  updated_at: string;
}

/** An ORDER push: one of your orders changed (rested, filled, cancelled by you or by self-trade prevention). */
export interface OrderPush {
  order: SpotOrderView;
  way: 1 | 2;
}

/**
 * A TX_MATCHED push: one of your orders filled. The spec's client reads the balances inside
 * the order (`order.quote_account.balance`, `order.base_account.balance`, your spot balances after
 * the fill).
 */
export interface MatchedPush {
  order: SpotOrderView & {
    quote_account: { balance: string };
    base_account: { balance: string };
  };
  way: 1 | 2;
}

export interface DepthEntry {
  price: string;
  amount: string;
}

/** A book level as served: the quantity under both names the spec's client reads, `amount` and `number`. */
export interface DepthLevel extends DepthEntry {
  number: string;
}

export interface CompletedTrade {
  id: number;
  price: string;
  amount: string;
  /** 1 the taker bought, 2 the taker sold. */
  way: 1 | 2;
  timestamp: number;
  time: string;
}

export interface Quotation {
  currency_match_id: number;
  open: string;
  close: string;
  /** Percent change over 24 h, rounded down to 2 decimals. */
  change: string;
  high: string;
  low: string;
  volume: string;
  amount: string;
}

export interface MarketView {
  id: number;
  symbol: string;
  base_currency_id: number;
  quote_currency_id: number;
  base_currency_code: string;
  quote_currency_code: string;
  /** The base currency's logo. */
  base_currency: string;
  open_change: 0 | 1;
  open_lever: 0 | 1;
  open_microtrade: 0 | 1;
  sell_disabled: 0 | 1;
  lever_point_rate: string;
  lever_share_num: string;
  lever_fee_rate: string;
  change_fee_rate: string;
  /** Decimals of a price (tick 10^-price_decimals) and of a quantity (lot 10^-number_decimals). */
  price_decimals: number;
  number_decimals: number;
  /** The smallest quantity (base) one order may have. */
  min_number: string;
  /** Market-order price protection: percent from the best opposite price past which the rest is cancelled. */
  price_protection: string;
  currency_quotation: Quotation;
}

export interface QuoteGroup {
  id: number;
  code: string;
  is_quote: 1;
  usd_price: string;
  cny_price: string;
  matches: MarketView[];
}

export interface Deal {
  quotation: Quotation & {
    symbol: string;
    usd_price: string;
    cny_price: string;
    /** Where the spec's client reads the quote currency's prices. */
    currency_match: {
      id: number;
      symbol: string;
      quote_currency: { id: number; code: string; usd_price: string; cny_price: string };
    };
  };
  depth: { in: DepthLevel[]; out: DepthLevel[] };
  tx_completes: CompletedTrade[];
}

export const KLINE_PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;

/** market/kline: by currency_match_id or symbol; from and to in ms or in seconds. */
export const klineQuery = z.object({
  currency_match_id: intLike.optional(),
  symbol: z.string().trim().max(33).optional(),
  period: z.enum(KLINE_PERIODS, { message: 'rule.period' }),
  from: intLike.pipe(z.number().min(0)).optional(),
  to: intLike.pipe(z.number().min(0)).optional(),
});

export interface KlineBar {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount: string;
  period: (typeof KLINE_PERIODS)[number];
}

/** A DAY_MARKET push: one market's rolling 24 h quotation changed. */
export interface DayMarketPush {
  currency_match_id: number;
  symbol: string;
  quotation: Quotation;
}

/** A MARKET_DEPTH.<symbol> push: the market's whole book as market/deal serves it. */
export interface DepthPush {
  symbol: string;
  currency_match_id: number;
  depth: { in: DepthLevel[]; out: DepthLevel[] };
}

/** A GLOBAL_TX.<symbol> push: the trades one order made, newest first. */
export interface TradesPush {
  symbol: string;
  currency_match_id: number;
  completes: CompletedTrade[];
}

/** A KLINE.<symbol> (every period) or KLINE.<symbol>.<period> push: the period's latest bar. */
export interface KlinePush {
  symbol: string;
  currency_match_id: number;
  period: (typeof KLINE_PERIODS)[number];
  kline: KlineBar;
}

/** What placing an order answers: the order's id and status, and how many trades placing it made. */
export const placedOrderReply = z.object({ id: z.number(), status: z.number(), trades: z.number() });

const marketCall = { auth: 'public', tags: ['market'] } as const;
const favoriteCall = { auth: 'user', tags: ['market'] } as const;
const orderCall = { auth: 'user', tags: ['spot'] } as const;

/** The spot calls (docs/spot.md): markets, depth and trades, klines, favourites, orders. */
export const spotCalls = {
  currencyMatches: defineCall({
    ...marketCall,
    method: 'GET',
    path: 'market/currency_matches',
    reply: reply<QuoteGroup[]>(),
    summary: 'Quote groups with their markets and 24 h quotations',
  }),
  deal: defineCall({
    ...marketCall,
    method: 'GET',
    path: 'market/deal',
    request: marketQuery,
    reply: reply<Deal>(),
    summary: 'Quotation, depth {in, out} and the latest 30 trades',
  }),
  kline: defineCall({
    ...marketCall,
    method: 'GET',
    path: 'market/kline',
    request: klineQuery,
    reply: reply<KlineBar[]>(),
    summary:
      'Kline bars of a period, oldest first; from and to in ms or seconds (default: the last 300 bars)',
  }),
  favorites: defineCall({
    ...favoriteCall,
    method: 'GET',
    path: 'market/favorites',
    reply: z.array(z.number()),
    summary: 'Your starred market ids',
  }),
  addFavorite: defineCall({
    ...favoriteCall,
    method: 'POST',
    path: 'market/favorites/add',
    request: marketQuery,
    reply: z.array(z.number()),
    summary: 'Star a market',
  }),
  removeFavorite: defineCall({
    ...favoriteCall,
    method: 'POST',
    path: 'market/favorites/remove',
    request: marketQuery,
    reply: z.array(z.number()),
    summary: 'Unstar a market',
  }),
  placeBuy: defineCall({
    ...orderCall,
    method: 'POST',
    path: 'tx_in/add',
    request: placeOrderRequest,
    reply: placedOrderReply,
    idempotent: true,
    summary:
      'Place a buy order: limit (type 0, price required) or market (type 1); a market buy may give total (quote to spend) in place of number',
  }),
  placeSell: defineCall({
    ...orderCall,
    method: 'POST',
    path: 'tx_out/add',
    request: placeOrderRequest,
    reply: placedOrderReply,
    idempotent: true,
    summary: 'Place a sell order: limit (type 0, price required) or market (type 1)',
  }),
  buyOrders: defineCall({
    ...orderCall,
    method: 'GET',
    path: 'tx_in/list',
    request: orderListQuery,
    reply: reply<Paged<SpotOrderView>>(),
    summary: 'Your buy orders: current (status=open) or all, 10 a page',
  }),
  sellOrders: defineCall({
    ...orderCall,
    method: 'GET',
    path: 'tx_out/list',
    request: orderListQuery,
    reply: reply<Paged<SpotOrderView>>(),
    summary: 'Your sell orders: current (status=open) or all, 10 a page',
  }),
  cancelBuy: defineCall({
    ...orderCall,
    method: 'POST',
    path: 'tx_in/cancel',
    request: cancelOrderRequest,
    reply: z.null(),
    summary: 'Cancel one of your open buy orders',
  }),
  cancelSell: defineCall({
    ...orderCall,
    method: 'POST',
    path: 'tx_out/cancel',
    request: cancelOrderRequest,
    reply: z.null(),
    summary: 'Cancel one of your open sell orders',
  }),
  history: defineCall({
    ...orderCall,
    method: 'GET',
    path: 'tx_history/list',
    request: orderListQuery,
    reply: reply<Paged<SpotOrderView>>(),
    summary: 'Your finished orders (completed or cancelled), both sides',
  }),
};
