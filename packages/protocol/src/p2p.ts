import { z } from './zod.js';
import { idField, intLike, pageField, trimmed } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';
import { amountField, requestIdField } from './ledger.js';
import { PAY_METHOD_CODES, uploadIdField, type PayMethodCode, type PayMethodView } from './personal.js';

/**
 * The fiat P2P desk (/legalIndex and /myshop; docs/p2p.md): merchants post buy or sell
 * ads for a coin against a fiat currency; a taker places an order, the coin being sold is escrowed
 * in the seller's legal account, the buyer pays off-platform and marks the order paid with a
 * voucher image, the seller confirms with the trade password and the coin goes to the buyer.
 */

// ---- states -------------------------------------------------------------------------------------

export const P2P_AD_OPEN = 1;
export const P2P_AD_SUSPENDED = 2;
export const P2P_AD_OFF_SHELF = 3;
/** Computed when listed (an open sell ad whose merchant cannot cover its minimum), never stored. */
export const P2P_AD_INSUFFICIENT = 4;
export type P2pAdStatus = 1 | 2 | 3 | 4;

export const P2P_ORDER_WAITING = 1;
export const P2P_ORDER_PAID = 2;
export const P2P_ORDER_COMPLETED = 3;
export const P2P_ORDER_CANCELLED = 4;
/** An appeal resolved by returning the coin to the seller after the buyer had marked paid. */
export const P2P_ORDER_ABNORMAL = 5;
/** In rights protection: an appeal is open and the order is frozen. */
export const P2P_ORDER_APPEAL = 6;
/** Paid but not confirmed by the confirmation deadline. */
export const P2P_ORDER_POSTPONED = 7;
export type P2pOrderStatus = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Sell ad: the merchant sells coin (the visitor buys). Buy ad: the merchant buys coin. */
export const P2P_SIDES = ['sell', 'buy'] as const;
export type P2pSide = (typeof P2P_SIDES)[number];
export type P2pRole = 'buyer' | 'seller';

/** Merchant level: 1 phone bound, 2 real-name certified, 3 advanced (an approved seller); 0 none. */
export type P2pMerchantLevel = 0 | 1 | 2 | 3;

/** A buyer who cancels this many orders in one day (EXCHANGE_TZ) may not buy again that day. */
export const P2P_DAILY_CANCEL_LIMIT = 3;
export const P2P_APPEAL_MIN_LENGTH = 10;
/** Fiat amounts are rounded to this many decimals (half-up). */
export const P2P_FIAT_DECIMALS = 2;

// ---- requests -----------------------------------------------------------------------------------

const sideField = z.enum(P2P_SIDES, { message: 'rule.p2p_side' });
const payTypeField = z.enum(PAY_METHOD_CODES, { message: 'rule.pay_type' });
/** An ISO 4217 style code, e.g. CNY; the server checks it against its list (`legal_deal/config`). */
const fiatField = trimmed(8)
  .transform((text) => text.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, { message: 'rule.p2p_fiat' }));
const limitField = intLike.pipe(z.number().min(1).max(50)).default(10);

/** GET legal_deal/ads: the hall. */
export const p2pAdsQuery = z.object({
  side: sideField.default('sell'),
  currency_id: idField.optional(),
  fiat: fiatField.optional(),
  pay_type: payTypeField.optional(),
  page: pageField,
  limit: limitField,
});
export type P2pAdsQuery = z.input<typeof p2pAdsQuery>;

/** POST legal_deal/place: exactly one of `number` (coin) or `fiat_amount`. */
export const p2pPlaceRequest = z
  .object({
    ad_id: idField,
    number: amountField.optional(),
    fiat_amount: amountField.optional(),
    request_id: requestIdField.optional(),
  })
  .refine((body) => (body.number === undefined) !== (body.fiat_amount === undefined), {
    message: 'rule.p2p_amount_one',
    path: ['number'],
  });
export type P2pPlaceRequest = z.input<typeof p2pPlaceRequest>;

export const P2P_ORDER_ROLES = ['buyer', 'seller', 'all'] as const;
const orderStatusField = intLike.pipe(z.number().int().min(1).max(7, { message: 'rule.p2p_status' }));

/** GET legal_deal/orders: mine, as buyer, seller or both. */
export const p2pOrdersQuery = z.object({
  role: z.enum(P2P_ORDER_ROLES, { message: 'rule.p2p_role' }).default('all'),
  status: orderStatusField.optional(),
  page: pageField,
  limit: limitField,
});
export type P2pOrdersQuery = z.input<typeof p2pOrdersQuery>;

/** GET legal_deal/order?id */
export const p2pOrderQuery = z.object({ id: idField });

/** POST legal_deal/paid: the buyer marks paid with a voucher image of their own. */
export const p2pPaidRequest = z.object({ id: idField, voucher: uploadIdField });
export type P2pPaidRequest = z.input<typeof p2pPaidRequest>;

/** POST legal_deal/cancel: the buyer, while waiting payment. */
export const p2pCancelRequest = z.object({ id: idField });
export type P2pCancelRequest = z.input<typeof p2pCancelRequest>;

/** POST legal_deal/confirm: the seller, with the trade password (and TOTP when two-factor is on). */
export const p2pConfirmRequest = z.object({
  id: idField,
  pay_password: trimmed(64).min(1, { message: 'rule.required' }),
  totp_code: trimmed(32).optional(),
});
export type P2pConfirmRequest = z.input<typeof p2pConfirmRequest>;

/** POST legal_deal/appeal: either side, once paid (status 2 or 7). */
export const p2pAppealRequest = z.object({
  id: idField,
  reason: trimmed(1000).min(P2P_APPEAL_MIN_LENGTH, { message: 'rule.p2p_appeal_short' }),
  images: z.array(uploadIdField).max(5, { message: 'rule.p2p_images' }).optional(),
});
export type P2pAppealRequest = z.input<typeof p2pAppealRequest>;

/** POST legal_shop/ad_save: a new ad, or an edit of one of mine (id). */
export const p2pAdSaveRequest = z.object({
  id: idField.optional(),
  side: sideField,
  currency_id: idField,
  fiat: fiatField,
  price: amountField,
  min_number: amountField,
  max_number: amountField,
  total: amountField,
  pay_types: z
    .array(payTypeField)
    .min(1, { message: 'rule.p2p_pay_types' })
    .max(3)
    .transform((list) => [...new Set(list)] as PayMethodCode[]),
  terms: trimmed(500).default(''),
});
export type P2pAdSaveRequest = z.input<typeof p2pAdSaveRequest>;

/** POST legal_shop/ad_status: 1 open (resume), 2 suspend, 3 off shelf (final). */
export const p2pAdStatusRequest = z.object({
  id: idField,
  status: intLike.pipe(
    z.union([z.literal(P2P_AD_OPEN), z.literal(P2P_AD_SUSPENDED), z.literal(P2P_AD_OFF_SHELF)], {
      message: 'rule.p2p_status',
    }),
  ),
});
export type P2pAdStatusRequest = z.input<typeof p2pAdStatusRequest>;

/** GET legal_shop/ads */
export const p2pMyAdsQuery = z.object({ page: pageField, limit: limitField });

/** GET legal_shop/orders: orders on my ads. */
export const p2pShopOrdersQuery = z.object({
  status: orderStatusField.optional(),
  page: pageField,
  limit: limitField,
});

/** GET admin/p2p/applications */
export const p2pApplicationsQuery = z.object({
  /** 1 pending (default), 2 approved, 3 rejected. */
  status: intLike.pipe(z.number().int().min(1).max(3)).default(1),
  page: pageField,
});

/** POST admin/p2p/applications/decide */
export const p2pDecideRequest = z
  .object({
    id: idField,
    approve: z.boolean({ message: 'rule.boolean' }),
    reason: trimmed(500).default(''),
  })
  // A rejected applicant reads why.
  .refine((body) => body.approve || body.reason !== '', { message: 'rule.required', path: ['reason'] });
export type P2pDecideRequest = z.input<typeof p2pDecideRequest>;

/** POST admin/p2p/freeze: freeze a user on the desk (frozen=false lifts it). */
export const p2pFreezeRequest = z.object({
  user_id: idField,
  frozen: z.boolean({ message: 'rule.boolean' }),
  reason: trimmed(500).default(''),
});
export type P2pFreezeRequest = z.input<typeof p2pFreezeRequest>;

/** GET admin/p2p/appeals */
export const p2pAppealsQuery = z.object({
  /** 1 open (default), 0 all. */
  open: intLike.pipe(z.union([z.literal(0), z.literal(1)])).default(1),
  page: pageField,
});

/** POST admin/p2p/appeals/resolve */
export const p2pResolveRequest = z.object({
  order_id: idField,
  release_to: z.enum(['buyer', 'seller'], { message: 'rule.p2p_release_to' }),
  reason: trimmed(500).min(1, { message: 'rule.required' }),
});
export type P2pResolveRequest = z.input<typeof p2pResolveRequest>;

// ---- answers ------------------------------------------------------------------------------------

/** GET legal_deal/config: what the pages need to build forms. */
export interface P2pConfigView {
  /** Fiat currencies an ad may be priced in. */
  fiats: string[];
  /** Coins tradable on the desk (they live in legal accounts). */
  currencies: { id: number; code: string; decimals: number }[];
  pay_types: PayMethodCode[];
  pay_minutes: number;
  confirm_minutes: number;
  /** 0 = auto-confirm off (the default). */
  auto_confirm_minutes: number;
  daily_cancel_limit: number;
}

export interface P2pMerchantView {
  id: number;
  /** Masked email or phone. */
  name: string;
  level: P2pMerchantLevel;
  /** Completed orders over the last 30 days. */
  completed_orders: number;
  /** completed ÷ (completed + cancelled) over 30 days, a fraction as a decimal string ("0.9523"); "0" with none. */
  completion_rate: string;
}

export interface P2pAdView {
  id: number;
  side: P2pSide;
  currency_id: number;
  currency_code: string;
  fiat: string;
  price: string;
  min_number: string;
  max_number: string;
  total: string;
  /** Coin still offered: total less open and completed orders. */
  remaining: string;
  pay_types: PayMethodCode[];
  terms: string;
  status: P2pAdStatus;
  merchant: P2pMerchantView;
  created_at: number;
}

export interface P2pOrderView {
  id: number;
  ad_id: number;
  /** From the caller's point of view: 'buy' when the caller buys the coin. */
  side: 'buy' | 'sell';
  role: P2pRole;
  currency_id: number;
  currency_code: string;
  fiat: string;
  price: string;
  /** Coin. */
  number: string;
  /** number × price rounded half-up to 2 decimals. */
  fiat_amount: string;
  status: P2pOrderStatus;
  counterparty: { name: string; level: P2pMerchantLevel };
  /** ms; the buyer must mark paid by then or the order is cancelled. */
  pay_deadline: number;
  /** ms; set when paid: unconfirmed by then, the order becomes "confirmation postponed". */
  confirm_deadline: number | null;
  paid_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  created_at: number;
}

export interface P2pImageRef {
  id: number;
  url: string;
}

export interface P2pAppealView {
  by: P2pRole;
  reason: string;
  images: P2pImageRef[];
  opened_at: number;
  resolution: null | { release_to: 'buyer' | 'seller'; reason: string; at: number };
}

export interface P2pTimelineEntry {
  status: P2pOrderStatus;
  /** The instant the state applies from (a timeout's is its deadline, not when it was processed). */
  at: number;
}

export interface P2pOrderDetail extends P2pOrderView {
  timeline: P2pTimelineEntry[];
  /** The seller's saved methods among the ad's: only for this order's buyer while status 1, 2, 6, 7. */
  pay_methods: PayMethodView[] | null;
  vouchers: P2pImageRef[];
  appeal: P2pAppealView | null;
  terms: string;
}

export const P2P_APPLICATION_NONE = 0;
export const P2P_APPLICATION_PENDING = 1;
export const P2P_APPLICATION_APPROVED = 2;
export const P2P_APPLICATION_REJECTED = 3;

/** GET legal_shop/info */
export interface P2pShopInfo {
  is_seller: boolean;
  application: { status: 0 | 1 | 2 | 3; reason: string | null; applied_at: number | null };
  level: P2pMerchantLevel;
  /** Whether the caller's identity is certified (needed to apply). */
  certified: boolean;
  /** Frozen on the desk by the operator: no new orders or ads. */
  frozen: boolean;
  stats: { completed_orders: number; completion_rate: string; open_ads: number };
}

/** An application as the operator reviews it. */
export interface P2pApplicationView {
  id: number;
  user_id: number;
  account: string;
  status: 1 | 2 | 3;
  reason: string | null;
  created_at: number;
  decided_at: number | null;
}

/** An appealed order as the operator sees it. */
export interface P2pAdminAppealView {
  order_id: number;
  buyer_id: number;
  seller_id: number;
  currency_code: string;
  number: string;
  fiat: string;
  fiat_amount: string;
  price: string;
  status: P2pOrderStatus;
  created_at: number;
  appeal: P2pAppealView;
  vouchers: P2pImageRef[];
  /** The order's states so far, oldest first (as its parties see them). */
  timeline: P2pTimelineEntry[];
}

/** Private live-channel event: the changed order, sent to both parties on every change. */
export const P2P_ORDER_EVENT = 'P2P_ORDER';

const p2pCall = { tags: ['p2p'] } as const;
const p2pAdminCall = { tags: ['admin'], auth: 'operator' } as const;

/**
 * The desk's calls (docs/p2p.md): legal_deal/* (the hall and orders), legal_shop/* (merchants) and
 * admin/p2p/* (the operator's reviews). An order's images (legal_deal/image/:order_id/:id) are
 * bytes, not an envelope: that route stays outside the contract.
 */
export const p2pCalls = {
  config: defineCall({
    ...p2pCall,
    method: 'GET',
    path: 'legal_deal/config',
    auth: 'public',
    reply: reply<P2pConfigView>(),
    summary: 'Fiat currencies, coins and pay types of the desk, its timers and the cancellation limit',
  }),
  hall: defineCall({
    ...p2pCall,
    method: 'GET',
    path: 'legal_deal/ads',
    auth: 'public',
    request: p2pAdsQuery,
    reply: reply<Paged<P2pAdView>>(),
    summary:
      'The hall: open ads that can take an order; side=sell lists merchants selling (you buy), cheapest first',
  }),
  place: defineCall({
    ...p2pCall,
    method: 'POST',
    path: 'legal_deal/place',
    auth: 'user',
    request: p2pPlaceRequest,
    reply: reply<P2pOrderView>(),
    idempotent: true,
    summary:
      "Place an order on an ad by coin `number` or by `fiat_amount` (cut down to the coin's decimals); the seller's coin is escrowed",
  }),
  orders: defineCall({
    ...p2pCall,
    method: 'GET',
    path: 'legal_deal/orders',
    auth: 'user',
    request: p2pOrdersQuery,
    reply: reply<Paged<P2pOrderView>>(),
    summary: 'Your orders as buyer, seller or both, newest first',
  }),
  order: defineCall({
    ...p2pCall,
    method: 'GET',
    path: 'legal_deal/order',
    auth: 'user',
    request: p2pOrderQuery,
    reply: reply<P2pOrderDetail>(),
    summary:
      "One of your orders with its timeline, vouchers and appeal; the seller's pay details only for its buyer while it is open",
  }),
  paid: defineCall({
    ...p2pCall,
    method: 'POST',
    path: 'legal_deal/paid',
    auth: 'user',
    request: p2pPaidRequest,
    reply: reply<P2pOrderView>(),
    summary: 'The buyer marks the order paid with a voucher image (an upload of their own)',
  }),
  cancel: defineCall({
    ...p2pCall,
    method: 'POST',
    path: 'legal_deal/cancel',
    auth: 'user',
    request: p2pCancelRequest,
    reply: reply<P2pOrderView>(),
    summary: 'The buyer cancels an order waiting payment (counts toward 3 a day); the escrow goes back',
  }),
  confirm: defineCall({
    ...p2pCall,
    method: 'POST',
    path: 'legal_deal/confirm',
    auth: 'user',
    request: p2pConfirmRequest,
    reply: reply<P2pOrderView>(),
    summary:
      'The seller confirms receipt with the trade password (and TOTP when on); the coin goes to the buyer',
  }),
  appeal: defineCall({
    ...p2pCall,
    method: 'POST',
    path: 'legal_deal/appeal',
    auth: 'user',
    request: p2pAppealRequest,
    reply: reply<P2pOrderView>(),
    summary: 'Either party appeals a paid or postponed order (text and images); it is frozen until resolved',
  }),
  apply: defineCall({
    ...p2pCall,
    method: 'POST',
    path: 'legal_shop/apply',
    auth: 'user',
    reply: reply<P2pShopInfo>(),
    summary: 'Apply to be a merchant (identity certified first)',
  }),
  shopInfo: defineCall({
    ...p2pCall,
    method: 'GET',
    path: 'legal_shop/info',
    auth: 'user',
    reply: reply<P2pShopInfo>(),
    summary: 'Your merchant state: seller flag, application, level and 30-day stats',
  }),
  myAds: defineCall({
    ...p2pCall,
    method: 'GET',
    path: 'legal_shop/ads',
    auth: 'user',
    request: p2pMyAdsQuery,
    reply: reply<Paged<P2pAdView>>(),
    summary: 'Your ads, every status, newest first',
  }),
  saveAd: defineCall({
    ...p2pCall,
    method: 'POST',
    path: 'legal_shop/ad_save',
    auth: 'user',
    request: p2pAdSaveRequest,
    reply: reply<P2pAdView>(),
    summary: 'Post an ad, or edit one of yours (id); each pay type must be saved in your collection settings',
  }),
  adStatus: defineCall({
    ...p2pCall,
    method: 'POST',
    path: 'legal_shop/ad_status',
    auth: 'user',
    request: p2pAdStatusRequest,
    reply: reply<P2pAdView>(),
    summary: 'Resume (1), suspend (2) or take off shelf (3, final) one of your ads',
  }),
  shopOrders: defineCall({
    ...p2pCall,
    method: 'GET',
    path: 'legal_shop/orders',
    auth: 'user',
    request: p2pShopOrdersQuery,
    reply: reply<Paged<P2pOrderView>>(),
    summary: 'Orders on your ads, newest first',
  }),
  applications: defineCall({
    ...p2pAdminCall,
    method: 'GET',
    path: 'admin/p2p/applications',
    request: p2pApplicationsQuery,
    reply: reply<Paged<P2pApplicationView>>(),
    summary: 'Merchant applications by status (1 pending)',
  }),
  decide: defineCall({
    ...p2pAdminCall,
    method: 'POST',
    path: 'admin/p2p/applications/decide',
    request: p2pDecideRequest,
    reply: z.null(),
    summary: 'Approve (the user becomes a seller) or reject a merchant application',
  }),
  appeals: defineCall({
    ...p2pAdminCall,
    method: 'GET',
    path: 'admin/p2p/appeals',
    request: p2pAppealsQuery,
    reply: reply<Paged<P2pAdminAppealView>>(),
    summary: 'Appealed orders (open=1: still frozen)',
  }),
  freeze: defineCall({
    ...p2pAdminCall,
    method: 'POST',
    path: 'admin/p2p/freeze',
    request: p2pFreezeRequest,
    reply: z.null(),
    summary:
      'Freeze a user on the desk (e.g. repeated false "paid" marks): no new orders or ads, their ads leave the hall; frozen=false lifts it',
  }),
  resolve: defineCall({
    ...p2pAdminCall,
    method: 'POST',
    path: 'admin/p2p/appeals/resolve',
    request: p2pResolveRequest,
    reply: z.null(),
    summary:
      'Resolve an appeal: release the coin to the buyer (completed) or return it to the seller (abnormal)',
  }),
};
