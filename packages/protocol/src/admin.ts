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

/** `POST /api/admin/session/login`. */
export interface OperatorLoginRequest {
  name: string;
  password: string;
  /** The authenticator app's current 6-digit code: mandatory for operators. */
  code: string;
}

/** The signed-in operator (login answers it with the token; `session/me` without). */
export interface OperatorSessionView {
  name: string;
  role: Role;
  /** When the session ends at the latest (ms); it also ends after 15 minutes unused. */
  expires_at: number;
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
