import { z } from './zod.js';
import { idField, intLike } from './common.js';
import { defineCall, reply } from './contract.js';
import { LANGS, type Lang, type Paged } from './envelope.js';

/**
 * Scheduled changes of markets, currencies, networks, seconds options and savings products
 * (docs/operator-console.md): `/api/admin/changes/*` and the console's lists. A change names only whitelisted
 * settings (the server's `admin/markets/rules.ts`); never a price or an outcome.
 */

export const CHANGE_KINDS = [
  'market',
  'currency',
  'currency_network',
  'micro_seconds',
  'micro_currency',
  'earn_product',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_STATUSES = ['pending', 'applied', 'cancelled'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/**
 * A setting's value: a decimal string (rates, amounts), a whole number, a 0/1 switch, a list of
 * whole numbers, or a list of decimal strings (preset amounts).
 */
export type ChangeValue = string | number | number[] | string[];
export type ChangeSet = Record<string, ChangeValue>;

/** How a value is written and shown: a fraction shows as a percentage (0.001 → 0.1 %). */
export type Shown = 'fraction' | 'percent' | 'amount';

export type FieldRule =
  | { type: 'flag' }
  | { type: 'int'; min: number; max: number }
  /** Distinct whole numbers in ascending order. */
  | { type: 'ints'; min: number; max: number; maxItems: number }
  /** Distinct amounts above zero, as decimal strings, in ascending order. */
  | { type: 'amounts'; maxItems: number; decimals: number }
  | {
      type: 'decimal';
      min: string;
      max: string;
      /** The minimum itself is refused (an amount that must be above zero). */
      aboveMin?: boolean;
      decimals: number;
      shown: Shown;
    };

const flag: FieldRule = { type: 'flag' };
/** A fee as a fraction of an amount: 0 to 10 %, to 0.0001 %. */
const fee: FieldRule = { type: 'decimal', min: '0', max: '0.1', decimals: 6, shown: 'fraction' };
/** An amount above zero. */
const amount: FieldRule = {
  type: 'decimal',
  min: '0',
  aboveMin: true,
  max: '1000000000000',
  decimals: 18,
  shown: 'amount',
};

/** Price decimals plus quantity decimals: with a fee rate of at most 6 decimals, a fee stays exact in 18. */
export const MAX_DECIMALS_SUM = 12;

/** Every field each kind of change may name. */
export const CHANGE_FIELDS: Record<ChangeKind, Record<string, FieldRule>> = {
  market: {
    open_change: flag,
    open_lever: flag,
    open_microtrade: flag,
    sell_disabled: flag,
    change_fee_rate: fee,
    price_decimals: { type: 'int', min: 0, max: MAX_DECIMALS_SUM },
    number_decimals: { type: 'int', min: 0, max: MAX_DECIMALS_SUM },
    min_number: amount,
    /** The spread of a leveraged open or close, in percent of the mark. */
    lever_point_rate: { type: 'decimal', min: '0', max: '5', decimals: 4, shown: 'percent' },
    /** The base quantity of one share. */
    lever_share_num: amount,
    lever_fee_rate: fee,
    lever_multiples: { type: 'ints', min: 1, max: 125, maxItems: 10 },
    lever_min_share: { type: 'int', min: 1, max: 1_000_000 },
    lever_max_share: { type: 'int', min: 1, max: 1_000_000 },
    /** A day's overnight fee, as a fraction of the position's value: at most 1 %. */
    lever_overnight_rate: { type: 'decimal', min: '0', max: '0.01', decimals: 6, shown: 'fraction' },
  },
  currency: {
    open_recharge: flag,
    open_draw: flag,
    draw_rate: fee,
    draw_min: amount,
    draw_max: amount,
  },
  currency_network: {
    open_deposit: flag,
    open_withdraw: flag,
    min_deposit: { type: 'decimal', min: '0', max: '1000000000000', decimals: 18, shown: 'amount' },
  },
  micro_seconds: {
    /** What a win earns, as a fraction of the stake: 1 % to 100 %. */
    profit_ratio: { type: 'decimal', min: '0.01', max: '1', decimals: 4, shown: 'fraction' },
    is_open: flag,
  },
  /** A currency's seconds-contract stakes: the amounts offered as buttons, and the bounds of any stake. */
  micro_currency: {
    numbers: { type: 'amounts', maxItems: 10, decimals: 18 },
    min_number: amount,
    max_number: amount,
  },
  earn_product: {
    is_open: flag,
    /** Interest per day, in percent: at most 1 % a day. */
    rate: { type: 'decimal', min: '0', aboveMin: true, max: '1', decimals: 4, shown: 'percent' },
    days: { type: 'int', min: 1, max: 3650 },
    min_number: amount,
    max_number: amount,
    total_quota: amount,
  },
};

const noticeText = z.object({
  title: z.string().trim().min(1, { message: 'rule.required' }).max(200, { message: 'rule.too_long' }),
  content: z.string().trim().min(1, { message: 'rule.required' }).max(5000, { message: 'rule.too_long' }),
});

/** The notice of a change, English at least; the other languages fall back to it. */
export const changeNoticeField = z
  .partialRecord(z.enum(LANGS), noticeText)
  .refine((texts) => texts.en !== undefined, { message: 'rule.notice_english' });

const reasonField = z.string().trim().min(3).max(500);

/** `POST /api/admin/changes/schedule`. */
export const scheduleChangeBody = z.object({
  kind: z.enum(CHANGE_KINDS),
  /**
   * A market, currency, network or product id; for a seconds option, its number of seconds; for a
   * currency's stakes (`micro_currency`), the currency's id.
   */
  target_id: idField,
  changes: z.record(
    z.string().max(64),
    z.union([
      z.string().max(60),
      z.number(),
      z.array(z.number()).max(20),
      z.array(z.string().max(40)).max(20),
    ]),
  ),
  /** ms, not before now; `now` only for closing a market. */
  effective_at: z.union([intLike, z.literal('now')]),
  notice: changeNoticeField,
  reason: reasonField,
});
export type ScheduleChangeRequest = z.input<typeof scheduleChangeBody>;

/** `POST /api/admin/changes/cancel`: before it applies, with a notice of the cancellation. */
export const cancelChangeBody = z.object({ id: idField, reason: reasonField });

export const changesQuery = z.object({
  status: z.enum(CHANGE_STATUSES).optional(),
  page: intLike.pipe(z.number().min(1)).default(1),
  limit: intLike.pipe(z.number().min(1).max(100)).default(50),
});

export interface ScheduledChangeView {
  id: number;
  kind: ChangeKind;
  target_id: number;
  /** What it changes, as people name it (BTC/USDT, USDT on TRC20, 60 s, USDT 7-day saver). */
  target_name: string;
  changes: ChangeSet;
  /** The values it replaced, once applied. */
  before: ChangeSet | null;
  /** While pending: the values it will replace, as they are now. */
  current: ChangeSet | null;
  status: ChangeStatus;
  effective_at: number;
  created_at: number;
  created_by: string;
  reason: string;
  notice_id: number | null;
  applied_at: number | null;
  cancelled_at: number | null;
  /** An operator, or `system` when applying it would have touched open orders. */
  cancelled_by: string | null;
  cancel_reason: string | null;
}

export interface AdminLeverTerms {
  multiples: number[];
  min_share: number;
  max_share: number;
  overnight_rate: string;
}

/** `GET /api/admin/markets`: every market with every setting a change may name. */
export interface AdminMarketView {
  id: number;
  symbol: string;
  open_change: 0 | 1;
  open_lever: 0 | 1;
  open_microtrade: 0 | 1;
  sell_disabled: 0 | 1;
  change_fee_rate: string;
  price_decimals: number;
  number_decimals: number;
  min_number: string;
  lever_point_rate: string;
  lever_share_num: string;
  lever_fee_rate: string;
  lever: AdminLeverTerms | null;
  /** Spot orders resting in the book, and open or pending leveraged positions, now. */
  open_orders: number;
  open_positions: number;
}

export interface AdminNetworkView {
  id: number;
  currency_id: number;
  currency_code: string;
  chain: string;
  decimals: number;
  open_deposit: 0 | 1;
  open_withdraw: 0 | 1;
  min_deposit: string;
  /** Whether this server is connected to the chain. */
  available: 0 | 1;
}

/** `GET /api/admin/currencies`: each currency's switches, withdrawal limits and fee, and its networks. */
export interface AdminCurrencyView {
  id: number;
  code: string;
  name: string;
  decimals: number;
  open_recharge: 0 | 1;
  open_draw: 0 | 1;
  /** The withdrawal fee, a fraction of the amount. */
  draw_rate: string;
  draw_min: string;
  draw_max: string;
  networks: AdminNetworkView[];
}

/** `GET /api/admin/micro/options`. */
export interface AdminMicroOptionView {
  seconds: number;
  profit_ratio: string;
  is_open: 0 | 1;
  /** Contracts of this duration not settled yet: each keeps the ratio it was opened at. */
  open_orders: number;
}

/** A currency's seconds-contract stakes, as `micro_currency` changes name them. */
export interface AdminMicroCurrencyView {
  currency_id: number;
  code: string;
  numbers: string[];
  min_number: string;
  max_number: string;
}

export interface AdminMicroOptions {
  seconds: AdminMicroOptionView[];
  currencies: AdminMicroCurrencyView[];
  /** The fee rate on the stake (a setting). */
  fee_rate: string;
}

/** `GET /api/admin/earn/products`. */
export interface AdminEarnProductView {
  id: number;
  name: string;
  currency_code: string;
  days: number;
  /** Percent per day. */
  rate: string;
  min_number: string;
  max_number: string;
  total_quota: string;
  sold: string;
  is_open: 0 | 1;
  /** Holdings in force: each keeps its rate and days. */
  holdings: number;
}

export type ChangeNotice = Partial<Record<Lang, { title: string; content: string }>>;

/** The switches whose closing may take effect at once. */
const CLOSING_FIELDS = new Set(['open_change', 'open_lever', 'open_microtrade']);

/** Whether a change only closes trading on a market: the one change that may take effect now. */
export function isClosing(kind: ChangeKind, changes: ChangeSet): boolean {
  const entries = Object.entries(changes);
  return (
    kind === 'market' &&
    entries.length > 0 &&
    entries.every(([name, value]) => CLOSING_FIELDS.has(name) && value === 0)
  );
}

const operatorCall = { auth: 'operator', tags: ['admin'] } as const;

/** Markets, currencies, seconds options and products: their settings, and changes at a stated time. */
export const adminMarketsCalls = {
  markets: defineCall({
    ...operatorCall,
    method: 'GET',
    path: 'admin/markets',
    reply: reply<AdminMarketView[]>(),
    summary: 'Every market with its settings, leverage terms, resting orders and open positions',
  }),
  currencies: defineCall({
    ...operatorCall,
    method: 'GET',
    path: 'admin/currencies',
    reply: reply<AdminCurrencyView[]>(),
    summary: 'Currencies with deposit and withdrawal switches, limits and fee, and their networks',
  }),
  microOptions: defineCall({
    ...operatorCall,
    method: 'GET',
    path: 'admin/micro/options',
    reply: reply<AdminMicroOptions>(),
    summary: 'Seconds-contract durations, their payout ratios and open contracts',
  }),
  earnProducts: defineCall({
    ...operatorCall,
    method: 'GET',
    path: 'admin/earn/products',
    reply: reply<AdminEarnProductView[]>(),
    summary: 'Savings products with their terms, sales and holdings in force',
  }),
  changes: {
    list: defineCall({
      ...operatorCall,
      method: 'GET',
      path: 'admin/changes',
      request: changesQuery,
      reply: reply<Paged<ScheduledChangeView>>(),
      summary: 'Scheduled changes, newest first: pending, applied or cancelled',
    }),
    schedule: defineCall({
      ...operatorCall,
      method: 'POST',
      path: 'admin/changes/schedule',
      request: scheduleChangeBody,
      reply: reply<ScheduledChangeView>(),
      summary:
        'Schedule a change of whitelisted settings (never a price or an outcome) at a stated time, announced in a notice at once',
    }),
    cancel: defineCall({
      ...operatorCall,
      method: 'POST',
      path: 'admin/changes/cancel',
      request: cancelChangeBody,
      reply: reply<ScheduledChangeView>(),
      summary: 'Cancel a change before it applies, with a notice that it will not',
    }),
  },
};
