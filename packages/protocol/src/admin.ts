import { z } from './zod.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';

/**
 * The operator console's roles and what each may do (docs/operator-console.md). The server checks
 * every admin route against this table; the console reads it only to hide actions a role lacks.
 */
export const ROLES = ['viewer', 'support', 'finance', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = {
  /** Dashboard, users, lists, logs, review queues, an audit run. */
  read: ['viewer', 'support', 'finance', 'admin'],
  /** Freeze, unfreeze, end sessions, reset two-factor. */
  'users.manage': ['support', 'admin'],
  /** Identity, seller applications, P2P appeals and desk freezes, feedback replies. */
  'reviews.support': ['support', 'admin'],
  /** Withdrawals held for review. */
  'reviews.finance': ['finance', 'admin'],
  /** Credit from outside, pool and interest funding, balance adjustments. */
  funds: ['finance', 'admin'],
  /** Scheduled changes of markets, currencies, seconds options and products. */
  markets: ['admin'],
  /** News, notices, banners and help pages. */
  content: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** `POST /api/admin/session/login`: the authenticator app's current code is mandatory for operators. */
export const operatorLoginRequest = z.object({
  name: z.string().trim().toLowerCase().min(2).max(32),
  password: z.string().min(1).max(200),
  code: z.string().trim().min(6).max(10),
});
export type OperatorLoginRequest = z.input<typeof operatorLoginRequest>;

/** `GET /api/admin/log`: a page of the operator log, by operator or action. */
export const operatorLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  operator: z.string().trim().max(64).optional(),
  action: z.string().trim().max(128).optional(),
});

/** The signed-in operator (login answers it with the token; `session/me` without). */
export interface OperatorSessionView {
  name: string;
  role: Role;
  /**
   * When the session ends at the latest (ms); it also ends after 15 minutes unused. null for the
   * server's own command line, which has no session.
   */
  expires_at: number | null;
}

export interface OperatorLoginResult extends OperatorSessionView {
  token: string;
}

/** One entry of the tamper-evident operator log. */
export interface OperatorLogEntry {
  id: number;
  at: number;
  /** The operator's name, or `cli` for the local command line. */
  operator: string;
  ip: string;
  /** The route, such as `admin/users/freeze`. */
  action: string;
  target: string;
  reason: string;
  request: unknown;
  before: unknown;
  after: unknown;
  /** `ok`, or the refusal's message. */
  outcome: string;
  prev_hash: string;
  hash: string;
}

export interface OperatorLogCheck {
  ok: boolean;
  entries: number;
  head: { id: number; hash: string } | null;
  /** The first entry whose hash or link does not match. */
  broken_at?: number;
  problem?: string;
}

const operatorCall = { auth: 'operator', tags: ['admin'] } as const;

/** The console's own calls (docs/operator-console.md): operator sign-in and the operator log. */
export const operatorCalls = {
  session: {
    login: defineCall({
      ...operatorCall,
      // The one admin call open to anyone (the server's guard lets it through unsigned).
      auth: 'public',
      method: 'POST',
      path: 'admin/session/login',
      request: operatorLoginRequest,
      reply: reply<OperatorLoginResult>(),
      summary:
        'Operator sign-in: name, password and the authenticator code (all required); X-Operator-Token then',
    }),
    me: defineCall({
      ...operatorCall,
      method: 'GET',
      path: 'admin/session/me',
      reply: reply<OperatorSessionView>(),
      summary: 'The signed-in operator',
    }),
    logout: defineCall({
      ...operatorCall,
      method: 'POST',
      path: 'admin/session/logout',
      reply: z.null(),
      summary: 'End this operator session',
    }),
  },
  log: {
    list: defineCall({
      ...operatorCall,
      method: 'GET',
      path: 'admin/log',
      request: operatorLogQuery,
      reply: reply<Paged<OperatorLogEntry>>(),
      summary: 'The operator log, newest first',
    }),
    verify: defineCall({
      ...operatorCall,
      method: 'GET',
      path: 'admin/log/verify',
      reply: reply<OperatorLogCheck>(),
      summary: 'Walk the operator log’s hash chain and name its head',
    }),
  },
};
