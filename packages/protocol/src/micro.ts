import { z } from './zod.js';
import { idField, intLike, pageField } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';
import { amountField, requestIdField } from './ledger.js';
import type { MarkPriceView } from './market.js';

/**
 * Seconds ("micro") contracts (/second, microtrade/*; docs/seconds-contracts.md): a stake that the price
 * of a market is higher (up) or lower (down) after a number of seconds, settled on the public
 * mark-price tape so that anyone can recompute every outcome.
 */

export const MICRO_UP = 1;
export const MICRO_DOWN = 2;
export type MicroSide = typeof MICRO_UP | typeof MICRO_DOWN;

export const MICRO_OPEN = 1;
export const MICRO_CLOSED = 3;
export type MicroStatus = typeof MICRO_OPEN | typeof MICRO_CLOSED;

export type MicroOutcome = 'win' | 'loss' | 'tie';

/** microtrade/seconds: a duration on offer and what a win earns, as a fraction of the stake. */
export interface MicroSecondsOption {
  seconds: number;
  /** A fraction: 0.85 is shown as 85 %. */
  profit_ratio: string;
}

/** microtrade/payable_currencies: a currency one can stake, its preset amounts and bounds. */
export interface MicroPayableCurrency {
  id: number;
  code: string;
  /** Decimals the currency holds: fees and payouts are cut to them. */
  decimals: number;
  /** The caller's micro account; a visitor's shows 0. */
  micro_account: { balance: string };
  micro_numbers: { number: string }[];
  min: string;
  max: string;
  /** The fee, a fraction of the stake, paid on top of it at submit. */
  fee_rate: string;
}

export const microSubmitRequest = z.object({
  match_id: idField,
  currency_id: idField,
  /** 1 up, 2 down. */
  type: intLike.pipe(z.union([z.literal(MICRO_UP), z.literal(MICRO_DOWN)], { message: 'rule.micro_type' })),
  seconds: intLike.pipe(z.number().min(1, { message: 'rule.positive' })),
  /** The stake. */
  number: amountField,
  /** Makes the call idempotent: the same id again answers the first order. */
  request_id: requestIdField.optional(),
});
export type MicroSubmitRequest = z.input<typeof microSubmitRequest>;

export const microListsQuery = z.object({
  match_id: idField.optional(),
  /** 1 in progress, 3 closed. */
  status: intLike.pipe(
    z.union([z.literal(MICRO_OPEN), z.literal(MICRO_CLOSED)], { message: 'rule.micro_status' }),
  ),
  page: pageField,
  limit: intLike.pipe(z.number().min(1).max(50)).default(10),
});

export const microVerifyQuery = z.object({ id: idField });

/** A seconds contract as its owner (and, without owner, the public verify call) sees it. */
export interface MicroOrderView {
  id: number;
  currency_match_id: number;
  symbol_name: string;
  type: MicroSide;
  status: MicroStatus;
  seconds: number;
  /** The stake. */
  number: string;
  currency_id: number;
  currency_name: string;
  fee: string;
  profit_ratio: string;
  /** The tape's price at open_time and at ends_at. */
  open_price: string;
  end_price: string | null;
  /** When the order was accepted (ms). */
  created_at: number;
  /** The tape instant the open price is taken at: the last second the tape had sampled (ms). */
  open_time: number;
  /** open_time + seconds: the instant whose tape price settles the order (ms). */
  ends_at: number;
  settled_at: number | null;
  outcome: MicroOutcome | null;
  /** What the settlement paid back: stake × (1 + ratio) on a win, the stake on a tie, 0 on a loss. */
  payout: string | null;
  /** The profit: +stake × ratio, 0 or −stake (the fee is apart). */
  fact_profits: string | null;
  /** Until ends_at, from the server's clock at the answer (ms); 0 once due. */
  remain_milli_seconds: number;
}

/** microtrade/pool: per currency, the public account that takes stakes and pays wins. */
export interface MicroPoolCurrency {
  currency_id: number;
  code: string;
  balance: string;
  /** Stakes of orders still open. */
  open_stakes: string;
  /** What the pool would pay if every open order won: new orders are refused beyond it. */
  open_worst_case: string;
  staked_total: string;
  paid_total: string;
  fees_total: string;
  /** What operators put into the pool from outside (`npm run pool`). */
  funded_total: string;
}

/** microtrade/verify: everything needed to recompute one settled order from public data. */
export interface MicroVerification {
  order: MicroOrderView;
  /** The tape rows used: the last at or before open_time, and the last at or before ends_at. */
  open_entry: MarkPriceView;
  end_entry: MarkPriceView | null;
  /** The rule, in words, with this order's numbers. */
  rule: string;
}

/** A MICRO_CLOSED push: one of your seconds contracts settled; the final order, where the spec's client reads it. */
export interface MicroClosedPush {
  order: MicroOrderView;
}

/** admin/micro_pool/fund and admin/interest_reserve/fund: money from outside, by the server's command line. */
export const poolFundRequest = z.object({
  currency: z.string().trim().min(1).max(16),
  amount: amountField,
});

const microCall = { tags: ['micro'] } as const;

/** The seconds-contract calls (docs/seconds-contracts.md): stakes, the public pool, verification. */
export const microCalls = {
  payableCurrencies: defineCall({
    ...microCall,
    method: 'GET',
    path: 'microtrade/payable_currencies',
    auth: 'public',
    reply: reply<MicroPayableCurrency[]>(),
    summary: 'Currencies one can stake, their preset amounts, bounds and fee, with your micro balance',
  }),
  seconds: defineCall({
    ...microCall,
    method: 'GET',
    path: 'microtrade/seconds',
    auth: 'public',
    reply: reply<MicroSecondsOption[]>(),
    summary: 'Durations on offer and the profit ratio of a win (a fraction)',
  }),
  pool: defineCall({
    ...microCall,
    method: 'GET',
    path: 'microtrade/pool',
    auth: 'public',
    reply: reply<MicroPoolCurrency[]>(),
    summary:
      'The public pool per currency: balance, open stakes and worst case, totals staked, paid, fees and funded',
  }),
  verify: defineCall({
    ...microCall,
    method: 'GET',
    path: 'microtrade/verify',
    auth: 'public',
    request: microVerifyQuery,
    reply: reply<MicroVerification>(),
    summary:
      'Any order with the two tape rows that decided it (with their inputs) and the rule: recompute it yourself',
  }),
  fundPool: defineCall({
    method: 'POST',
    path: 'admin/micro_pool/fund',
    auth: 'machine',
    request: poolFundRequest,
    reply: reply<MicroPoolCurrency>(),
    tags: ['admin'],
    summary: 'Fund the seconds-contract pool from outside (npm run pool): the server’s command line only',
  }),
  submit: defineCall({
    ...microCall,
    method: 'POST',
    path: 'microtrade/submit',
    auth: 'user',
    request: microSubmitRequest,
    reply: reply<MicroOrderView>(),
    idempotent: true,
    summary:
      "Stake that the mark price is higher (type 1) or lower (2) after `seconds`; opens at the tape's current price",
  }),
  lists: defineCall({
    ...microCall,
    method: 'GET',
    path: 'microtrade/lists',
    auth: 'user',
    request: microListsQuery,
    reply: reply<Paged<MicroOrderView>>(),
    summary: 'Your seconds contracts in progress (status 1) or closed (3), newest first',
  }),
};
