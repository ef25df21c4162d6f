import { z } from './zod.js';
import { decimalString, idField, intLike, pageField } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';
import { requestIdField } from './ledger.js';
import type { MarkPriceView } from './market.js';
import type { Quotation } from './spot.js';

/**
 * Leveraged contracts (/lever, lever/*; docs/leverage.md): long or short positions with a
 * multiple, margined in the lever account of the quote currency, priced from the public mark-price
 * tape with the market's spread. No operator can set a price or close a position at one.
 */

export const LEVER_LONG = 1;
export const LEVER_SHORT = 2;
export type LeverSide = typeof LEVER_LONG | typeof LEVER_SHORT;

/** A position's states: 0 pending (fixed price), 1 open, 2 closing, 3 closed, 4 cancelled. */
export const LeverStatus = { PENDING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3, CANCELLED: 4 } as const;
export type LeverStatusCode = (typeof LeverStatus)[keyof typeof LeverStatus];

/** Why a position closed: 1 by its owner, 2 liquidation, 3 take-profit, 4 stop-loss. */
export const LeverClosedType = { USER: 1, LIQUIDATION: 2, TAKE_PROFIT: 3, STOP_LOSS: 4 } as const;

/**
 * The views of lever/my_trade (the page's tabs): 5 open positions of one market, 1 all open
 * positions, 0 all pending, 3 all closed, 6 pending of one market.
 */
export const LEVER_VIEWS = [5, 1, 0, 3, 6] as const;
export type LeverView = (typeof LEVER_VIEWS)[number];

export interface LeverPositionView {
  id: number;
  type: LeverSide;
  /** The side's name (long, short) in the caller's language. */
  type_name: string;
  status: LeverStatusCode;
  /** 0 while not closed. */
  closed_type: number;
  currency_match_id: number;
  symbol: string;
  base_currency_id: number;
  quote_currency_id: number;
  quote_currency_code: string;
  /** Hands, and the units of base they stand for (hands × lever_share_num). */
  share: number;
  number: string;
  multiple: number;
  /** The entry price (mark with the spread); for a pending order, null until it opens. */
  price: string | null;
  /** A fixed-price order's target; null at market. */
  target_price: string | null;
  /** The mark when it was placed, and the mark now (or when it closed). */
  origin_price: string;
  update_price: string;
  /** The price it closed at (mark with the spread, or the mark for TP/SL and liquidation). */
  close_price: string | null;
  /** 0: not set. */
  target_profit_price: string;
  stop_loss_price: string;
  /** Margin held now, and when it opened (overnight charges may take from it). */
  caution_money: string;
  origin_caution_money: string;
  trade_fee: string;
  overnight_money: string;
  /** Profit at the mark now; the final profit once closed. */
  profits: string;
  /**
   * Once closed at a loss: what the user lost (from margin and balance) and what the insurance
   * account covered past that (user_loss + insurance_cover = −profits); "0" otherwise.
   */
  user_loss: string;
  insurance_cover: string;
  /** ms */
  time: number;
  transaction_time: number | null;
  complete_time: number | null;
}

/** lever/deal: a market's terms for the signed-in user, and their positions on it. */
export interface LeverDeal {
  currency_match_id: number;
  symbol: string;
  /** The user's available lever balance of the quote currency. */
  user_lever: string;
  /** The multiples offered, and hands choices within lever_share_limit. */
  multiple: { muit: { value: number }[]; share: { value: number; label: string }[] };
  lever_share_limit: { min: number; max: number };
  lever_point_rate: string;
  lever_share_num: string;
  lever_fee_rate: string;
  /** The overnight rate per day, a fraction of entry × number. */
  overnight_rate: string;
  /** The mark price now, from the public tape; null before its first price. */
  last_price: string | null;
  /** Hazard rate (%) of the user's positions in the quote currency; null without any. */
  hazard_rate: string | null;
  /** Liquidation happens at or below this hazard rate (%). */
  liquidation_rate: string;
  /** The user's latest open and pending positions on this market (at most 10). */
  my_transaction: LeverPositionView[];
  /** The market's 24 h ticker. */
  quotation: Quotation;
  /** Every lever account of the user: available and held margin per currency. */
  all_levers: { currency_id: number; code: string; balance: string; lock_balance: string }[];
}

export const leverDealQuery = z.object({ currency_match_id: idField });

export const leverSubmitRequest = z.object({
  currency_match_id: idField,
  /** Hands. */
  share: intLike.pipe(z.number().min(1, { message: 'rule.positive' })),
  multiple: intLike.pipe(z.number().min(1, { message: 'rule.positive' })),
  /** 1 long, 2 short. */
  type: intLike.pipe(
    z.union([z.literal(LEVER_LONG), z.literal(LEVER_SHORT)], { message: 'rule.lever_type' }),
  ),
  /** 1 at market, 0 at a fixed price (target_price). */
  status: intLike.pipe(z.union([z.literal(1), z.literal(0)], { message: 'rule.lever_mode' })).default(1),
  target_price: decimalString.optional(),
  /** The trade password, required once the user has set one. */
  password: z.string().max(128).optional(),
  request_id: requestIdField.optional(),
});
export type LeverSubmitRequest = z.input<typeof leverSubmitRequest>;

export const leverIdRequest = z.object({ id: idField });

export const leverStopRequest = z.object({
  id: idField,
  /** 0 clears it. */
  target_profit_price: decimalString.default('0'),
  stop_loss_price: decimalString.default('0'),
});

export const leverBatchCloseRequest = z.object({
  /** 0 all, 1 longs, 2 shorts. */
  type: intLike
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'rule.lever_batch' }))
    .default(0),
  currency_match_id: idField.optional(),
});

/** lever/my_trade's statuses: the page's views, and 4 (cancelled orders) that the spec's client asks for. */
export const LEVER_MY_TRADE_STATUSES: readonly number[] = [...LEVER_VIEWS, LeverStatus.CANCELLED];

/** lever/dealall: every position and order of yours, newest first, under `order`, where the spec's client reads it. */
export interface LeverDealAll {
  order: Paged<LeverPositionView>;
}

export const leverMyTradeQuery = z.object({
  status: intLike.pipe(
    z.number().refine((view) => LEVER_MY_TRADE_STATUSES.includes(view), { message: 'rule.lever_view' }),
  ),
  currency_match_id: idField.optional(),
  page: pageField,
  limit: intLike.pipe(z.number().min(1).max(50)).default(10),
});

export const leverDealAllQuery = z.object({
  currency_match_id: idField.optional(),
  page: pageField,
  limit: intLike.pipe(z.number().min(1).max(50)).default(10),
});

/** LEVER_TRADE push: the user's open positions in one quote currency, with the hazard rate. */
export interface LeverTradePush {
  currency_match_id: number;
  trades_all: LeverPositionView[];
  hazard_rate: string | null;
  profits_all: string;
}

/** LEVER_CLOSED push: `id`, the list of positions that closed (or pending orders that ended). */
export interface LeverClosedPush {
  id: number[];
}

/** lever/verify: one of the caller's positions. */
export const leverVerifyQuery = z.object({ id: idField });

/**
 * A position with the tape rows whose marks opened and closed it (each with its inputs, so the
 * mark is recomputable with checkMarkRow) and the rule in words with its numbers. A row is null
 * where the position has not reached that step, or was opened or closed before the tape kept the
 * second (older positions).
 */
export interface LeverVerification {
  position: LeverPositionView;
  open_entry: MarkPriceView | null;
  close_entry: MarkPriceView | null;
  rule: string;
}

const leverCall = { auth: 'user', tags: ['lever'] } as const;

/** The leverage calls (docs/leverage.md): POST calls, as the spec has them, and the verification. */
export const leverCalls = {
  deal: defineCall({
    ...leverCall,
    method: 'POST',
    path: 'lever/deal',
    request: leverDealQuery,
    reply: reply<LeverDeal>(),
    summary: "A market's lever terms, the mark, your hazard rate and positions",
  }),
  verify: defineCall({
    ...leverCall,
    method: 'GET',
    path: 'lever/verify',
    request: leverVerifyQuery,
    reply: reply<LeverVerification>(),
    summary:
      'One of your positions with the tape rows whose marks opened and closed it (with their inputs) and the rule: recompute it yourself',
  }),
  submit: defineCall({
    ...leverCall,
    method: 'POST',
    path: 'lever/submit',
    request: leverSubmitRequest,
    reply: reply<LeverPositionView>(),
    idempotent: true,
    summary:
      'Open a long (1) or short (2) at market (status 1) or at a fixed price (status 0, target_price); the trade password once set',
  }),
  myTrade: defineCall({
    ...leverCall,
    method: 'POST',
    path: 'lever/my_trade',
    request: leverMyTradeQuery,
    reply: reply<Paged<LeverPositionView>>(),
    summary: 'Your positions: 5 open here, 1 all open, 0 pending, 3 closed, 6 pending here',
  }),
  dealAll: defineCall({
    ...leverCall,
    method: 'POST',
    path: 'lever/dealall',
    request: leverDealAllQuery,
    reply: reply<LeverDealAll>(),
    summary: 'All your positions and orders, newest first',
  }),
  cancel: defineCall({
    ...leverCall,
    method: 'POST',
    path: 'lever/cancel',
    request: leverIdRequest,
    reply: reply<LeverPositionView>(),
    summary: 'Cancel a pending fixed-price order: margin and fee released',
  }),
  close: defineCall({
    ...leverCall,
    method: 'POST',
    path: 'lever/close',
    request: leverIdRequest,
    reply: reply<LeverPositionView>(),
    summary: 'Close an open position at the mark with the spread against you',
  }),
  setStops: defineCall({
    ...leverCall,
    method: 'POST',
    path: 'lever/setstop',
    request: leverStopRequest,
    reply: reply<LeverPositionView>(),
    summary: 'Set (or clear with 0) take-profit and stop-loss',
  }),
  batchClose: defineCall({
    ...leverCall,
    method: 'POST',
    path: 'lever/batch_close',
    request: leverBatchCloseRequest,
    reply: z.object({ ids: z.array(z.number()) }),
    summary: 'Close all your open positions, or the longs (1) or shorts (2), of one market or all',
  }),
};
