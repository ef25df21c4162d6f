import { z } from './zod.js';
import { idField, intLike, pageField, trimmed } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';
import { amountField, type AccountLogView } from './ledger.js';
import type { ReviewStatus } from './personal.js';
import type { SpotOrderView } from './spot.js';
import type { WalletHoldings } from './wallet.js';

/**
 * The operator console's dashboard, users and balance adjustments (docs/operator-console.md): requests and
 * answers of `/api/admin/dashboard`, `/api/admin/users/*`, `/api/admin/adjustments/*`.
 */

/** Why an operator acts: recorded in the operator log, 3 to 500 characters. */
export const operatorReasonField = z.string().trim().min(3).max(500);

// ---- dashboard -------------------------------------------------------------------------

export interface AdminMarketFigures {
  id: number;
  symbol: string;
  base_code: string;
  quote_code: string;
  /** Over the last 24 hours, from the trades: base quantity and quote amount. */
  volume: string;
  amount: string;
  trades: number;
  /** Base quantity of trades with a liquidity (market-maker) account on at least one side. */
  maker_volume: string;
  /** Of that, trades between two liquidity accounts (no user on either side). */
  house_only_volume: string;
  /** maker_volume as a percentage of volume, 2 decimals ("97.50"); null without volume. */
  maker_share: string | null;
  open_orders: number;
  /** Of the open orders, those of liquidity accounts. */
  maker_open_orders: number;
}

export interface AdminPendingFigures {
  count: number;
  per_currency: { currency: string; count: number; amount: string }[];
}

export interface AuditCurrencyTotals {
  code: string;
  accounts: number;
  users: string;
  system: string;
  sum: string;
}

/** One run of the ledger audit (`npm run audit`'s checks) started from the console. */
export interface AdminAuditRun {
  id: number;
  /** ms */
  at: number;
  ok: boolean;
  problems: string[];
  currencies: AuditCurrencyTotals[];
  operator: string;
}

export interface AdminDashboard {
  /** When the figures were read (ms), and the exchange's time zone "today" is counted in. */
  at: number;
  time_zone: string;
  users: {
    /** Registered users, the exchange's own liquidity accounts not counted. */
    registered: number;
    /** Identity certified (review_status 2). */
    certified: number;
    /** Users with a session seen since local midnight. */
    active_today: number;
    frozen: number;
  };
  markets: AdminMarketFigures[];
  deposits_pending: AdminPendingFigures;
  /** Withdrawals not yet final: in review, queued, signed or sent; `in_review` of them wait for an operator. */
  withdrawals_pending: AdminPendingFigures & { in_review: number };
  audit: AdminAuditRun | null;
  /** null when the chain check could not be made (its message in holdings_error). */
  holdings: WalletHoldings[] | null;
  holdings_error: string | null;
}

// ---- users -----------------------------------------------------------------------------

export const adminUsersQuery = z.object({
  q: trimmed(100).default(''),
  page: pageField,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUserParams = z.object({ id: idField });

export const adminUserLogsQuery = z.object({
  page: pageField,
  limit: intLike.pipe(z.number().min(1).max(100)).default(20),
});

export interface AdminUserRow {
  id: number;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  invite_code: string;
  review_status: ReviewStatus;
  /** One of the exchange's own liquidity accounts (the demo's market maker and taker). */
  is_system: boolean;
  frozen: boolean;
  created_at: string;
}

export interface AdminUserAccount {
  account_type_id: number;
  account_code: string;
  currency_id: number;
  currency_code: string;
  balance: string;
  lock_balance: string;
}

export interface AdminUserSession {
  id: number;
  user_agent: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
}

export interface AdminUserDetail {
  user: AdminUserRow & {
    inviter_id: number | null;
    frozen_at: string | null;
    frozen_reason: string | null;
    has_pay_password: boolean;
    two_factor: boolean;
  };
  identity: {
    status: ReviewStatus;
    name: string;
    /** Only the last 4 characters of the document number. */
    card_id: string;
    submitted_at: string;
    reviewed_at: string | null;
    reason: string | null;
  } | null;
  /** Every account the user has, of every type and currency. */
  accounts: AdminUserAccount[];
  open_orders: SpotOrderView[];
  open_orders_total: number;
  recent_orders: SpotOrderView[];
  /** Active sessions, most recently seen first. */
  sessions: AdminUserSession[];
  adjustments: AdminAdjustment[];
}

export const adminUserActionRequest = z.object({
  user_id: idField,
  reason: operatorReasonField,
});
export type AdminUserActionRequest = z.input<typeof adminUserActionRequest>;

export interface AdminUserActionResult {
  user_id: number;
  frozen: boolean;
  /** Sessions the action ended. */
  sessions_ended: number;
  two_factor: boolean;
}

// ---- balance adjustments ---------------------------------------------------------------

export type AdminAdjustmentStatus = 'pending' | 'applied' | 'rejected';

export const adjustmentProposeRequest = z.object({
  user_id: idField,
  /** A currency code such as USDT. */
  currency: z.string().trim().min(1).max(16),
  account_type: idField,
  /** Signed: positive credits the user, negative debits the available balance. */
  amount: amountField,
  reason: operatorReasonField,
  /** What the user sees beside "Adjustment" in their records, such as a support case. */
  reference: z.string().trim().min(1).max(128),
});
export type AdjustmentProposeRequest = z.input<typeof adjustmentProposeRequest>;

export const adjustmentDecideRequest = z.object({
  id: idField,
  reason: operatorReasonField,
});
export type AdjustmentDecideRequest = z.input<typeof adjustmentDecideRequest>;

export const adjustmentsQuery = z.object({
  status: z.enum(['pending', 'applied', 'rejected']).optional(),
  user_id: idField.optional(),
  page: pageField,
});
export type AdjustmentsQuery = z.input<typeof adjustmentsQuery>;

export interface AdminAdjustment {
  id: number;
  user_id: number;
  user_email: string | null;
  currency_id: number;
  currency_code: string;
  account_type_id: number;
  account_code: string;
  /** Signed. */
  amount: string;
  /** What it is worth in USDT (larger of last and reference price), shown to the approving operator. */
  usd_value: string;
  status: AdminAdjustmentStatus;
  reason: string;
  reference: string;
  proposed_by: string;
  decided_by: string | null;
  decision_reason: string | null;
  created_at: string;
  decided_at: string | null;
}

/** `adjustments` list: a page of adjustments (every one waits for a second operator). */
export interface AdminAdjustmentsAnswer {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  data: AdminAdjustment[];
}

// ---- calls ---------------------------------------------------------------------------------

const operatorCall = { auth: 'operator', tags: ['admin'] } as const;

/** One action on a user, by a support operator with a reason; the answer is the user's state after. */
function userAction<const P extends string>(path: P, summary: string) {
  return defineCall({
    ...operatorCall,
    method: 'POST',
    path: `admin/users/${path}`,
    request: adminUserActionRequest,
    reply: reply<AdminUserActionResult>(),
    summary,
  });
}

/** An operator's decision on a pending adjustment, with a reason. */
function adjustmentDecision<const P extends string>(path: P, summary: string) {
  return defineCall({
    ...operatorCall,
    method: 'POST',
    path: `admin/adjustments/${path}`,
    request: adjustmentDecideRequest,
    reply: reply<AdminAdjustment>(),
    summary,
  });
}

/** The console's dashboard, users and balance adjustments. */
export const adminUsersCalls = {
  dashboard: defineCall({
    ...operatorCall,
    method: 'GET',
    path: 'admin/dashboard',
    reply: reply<AdminDashboard>(),
    summary:
      'Users (registered, certified, active today), 24 h volume per market with the market maker’s share, open orders, money waiting, the last audit, chain holdings',
  }),
  runAudit: defineCall({
    ...operatorCall,
    method: 'POST',
    path: 'admin/audit/run',
    reply: reply<AdminAuditRun>(),
    summary: 'Run the ledger audit (npm run audit’s checks) now and keep its result',
  }),
  users: {
    search: defineCall({
      ...operatorCall,
      method: 'GET',
      path: 'admin/users',
      request: adminUsersQuery,
      reply: reply<Paged<AdminUserRow>>(),
      summary: 'Search users by id, email, phone or invite code',
    }),
    detail: defineCall({
      ...operatorCall,
      method: 'GET',
      path: 'admin/users/:id',
      params: adminUserParams,
      reply: reply<AdminUserDetail>(),
      summary: 'A user: accounts, orders, sessions, identity, two-factor, frozen state, adjustments',
    }),
    logs: defineCall({
      ...operatorCall,
      method: 'GET',
      path: 'admin/users/:id/logs',
      params: adminUserParams,
      request: adminUserLogsQuery,
      reply: reply<Paged<AccountLogView>>(),
      summary: 'A user’s journal rows, every account, newest first (as the user sees them)',
    }),
    freeze: userAction('freeze', 'Freeze a user: no sign-in, every session ends at once; open orders stay'),
    unfreeze: userAction('unfreeze', 'Lift a freeze'),
    end_sessions: userAction('end_sessions', 'End every session of a user'),
    reset_2fa: userAction('reset_2fa', 'Turn two-factor off for a certified user who lost the authenticator'),
  },
  adjustments: {
    list: defineCall({
      ...operatorCall,
      method: 'GET',
      path: 'admin/adjustments',
      request: adjustmentsQuery,
      reply: reply<AdminAdjustmentsAnswer>(),
      summary: 'Balance adjustments, newest first, by status',
    }),
    propose: defineCall({
      ...operatorCall,
      method: 'POST',
      path: 'admin/adjustments/propose',
      request: adjustmentProposeRequest,
      reply: reply<AdminAdjustment>(),
      summary:
        'Propose a balance adjustment (signed amount, reason, reference): always pending until another operator approves it',
    }),
    approve: adjustmentDecision(
      'approve',
      'Approve a pending adjustment: another operator than its proposer',
    ),
    reject: adjustmentDecision('reject', 'Reject a pending adjustment; nothing moves'),
  },
};
