import { z } from './zod.js';
import { idField, intLike, pageField } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';
import { amountField, requestIdField } from './ledger.js';
import { poolFundRequest } from './micro.js';

/**
 * Fixed-term savings ("financial products", /deposit and /coinlog, ieo/*; docs/savings.md): a
 * principal held for a number of days that earns a fixed daily rate, paid each day at a set time
 * from a public interest account, and released at the end of the term.
 */

export const EARN_IN_FORCE = 1;
export const EARN_ENDED = 2;
export type EarnHoldingStatus = typeof EARN_IN_FORCE | typeof EARN_ENDED;

/** ieo/list: a product on offer. */
export interface EarnProductView {
  id: number;
  /** In the caller's language. */
  name: string;
  currency_id: number;
  currency_code: string;
  /** Places the currency holds: amounts and each day's interest are cut to them. */
  decimals: number;
  /** The term, in days: the number of daily interest payments. */
  days: number;
  /** Daily dividend rate in percent: 0.05 pays 0.05 % of the principal each day. */
  rate: string;
  min_number: string;
  /** The most one user may hold in this product at a time. */
  max_number: string;
  total_quota: string;
  /** What is left of the total quota. */
  remaining: string;
  is_open: 0 | 1;
  /** Purchases close at this instant (ms); null when they do not. */
  sale_ends_at: number | null;
  /** What the caller holds in it now; 0 for a visitor. */
  my_number: string;
}

export const earnListQuery = z.object({
  limit: intLike.pipe(z.number().min(1).max(100)).default(30),
});

/**
 * ieo/addIeo. The spec sends only `id`; the amount (`number`) is ours, since a fixed-term product
 * needs one. `request_id` makes the call idempotent like every other money call.
 */
export const earnBuyRequest = z.object({
  id: idField,
  number: amountField,
  request_id: requestIdField.optional(),
});
export type EarnBuyRequest = z.input<typeof earnBuyRequest>;

export const earnHoldingsQuery = z.object({
  /** 1 in force, 2 ended; all when absent. */
  status: intLike
    .pipe(z.union([z.literal(EARN_IN_FORCE), z.literal(EARN_ENDED)], { message: 'rule.earn_status' }))
    .optional(),
  page: pageField,
  limit: intLike.pipe(z.number().min(1).max(50)).default(10),
});

/** ieo/my: a holding as its owner sees it (the "my financial" page). */
export interface EarnHoldingView {
  id: number;
  product_id: number;
  name: string;
  currency_id: number;
  currency_code: string;
  /** The principal. */
  number: string;
  days: number;
  rate: string;
  /** The interest of one day: principal × rate ÷ 100, cut to the currency's decimals. */
  daily_interest: string;
  /** Interest paid so far. */
  income: string;
  paid_days: number;
  days_remaining: number;
  status: EarnHoldingStatus;
  bought_at: number;
  /** When the next day's interest is paid; null once ended. */
  next_pay_at: number | null;
  /** The last payment, when the principal comes back. */
  ends_at: number;
}

/** ieo/interest_account: the public interest account per currency, and what it has promised. */
export interface EarnReserveView {
  currency_id: number;
  currency_code: string;
  balance: string;
  /** Interest still to pay on holdings in force: new purchases need the balance to cover it. */
  promised: string;
}

const earnCall = { tags: ['earn'] } as const;

/** The savings calls (docs/savings.md): products, purchase, holdings, the public interest reserve. */
export const earnCalls = {
  products: defineCall({
    ...earnCall,
    method: 'GET',
    path: 'ieo/list',
    auth: 'public',
    request: earnListQuery,
    reply: reply<EarnProductView[]>(),
    summary: 'Fixed-term products: term, daily rate (%), minimum, per-user maximum, quota left, your holding',
  }),
  reserves: defineCall({
    ...earnCall,
    method: 'GET',
    path: 'ieo/interest_account',
    auth: 'public',
    reply: reply<EarnReserveView[]>(),
    summary: 'The public interest account per currency: its balance and the interest it has promised',
  }),
  fundReserve: defineCall({
    method: 'POST',
    path: 'admin/earn/fund',
    auth: 'machine',
    request: poolFundRequest,
    reply: reply<EarnReserveView>(),
    tags: ['admin'],
    summary: 'Fund the savings interest account from outside: the server’s command line only',
  }),
  buy: defineCall({
    ...earnCall,
    method: 'POST',
    path: 'ieo/addIeo',
    auth: 'user',
    request: earnBuyRequest,
    reply: reply<EarnHoldingView>(),
    idempotent: true,
    summary:
      'Buy a product with `number` from your financial account (the spec sends only `id`; the amount is ours)',
  }),
  holdings: defineCall({
    ...earnCall,
    method: 'GET',
    path: 'ieo/my',
    auth: 'user',
    request: earnHoldingsQuery,
    reply: reply<Paged<EarnHoldingView>>(),
    summary: 'Your holdings, newest first: principal, daily interest, income, days remaining, status',
  }),
};
