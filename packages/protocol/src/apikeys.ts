import { z } from './zod.js';
import { idField, requiredText, trimmed } from './common.js';
import { defineCall, reply } from './contract.js';

/**
 * Trading-API keys as their owner manages them in the personal centre (/personal/api;
 * docs/personal.md): made with the second factor or an emailed code, listed without their secrets,
 * revoked. The key signs requests to /api/v3 (docs/trading-api.md).
 */

/** Why a key works or not: revoked by its owner, or past its expiry. */
export const API_KEY_STATES = ['active', 'revoked', 'expired'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** The limits the server checks (apikeys/rules.ts), shown by the page before it sends. */
export const API_KEY_LABEL_MAX = 64;
export const API_KEY_IP_MAX = 30;

/** A key in its owner's list: never its secret. Times are milliseconds since the epoch. */
export interface ApiKeyView {
  id: number;
  label: string;
  api_key: string;
  /** Read is always granted; these are the permissions beyond it. */
  trade: boolean;
  withdraw: boolean;
  /** Addresses or CIDR ranges the key is used from; empty: any. */
  ip_list: string[];
  expires_at: number | null;
  created_at: number;
  last_used_at: number | null;
  last_used_ip: string | null;
  revoked_at: number | null;
  state: ApiKeyState;
}

/** What creating a key answers: its secret, this once. */
export interface CreatedApiKey {
  id: number;
  api_key: string;
  secret: string;
}

export const createApiKeyRequest = z.object({
  label: requiredText(API_KEY_LABEL_MAX),
  trade: z.boolean({ message: 'rule.boolean' }).default(false),
  withdraw: z.boolean({ message: 'rule.boolean' }).default(false),
  ip_list: z.array(trimmed(64)).max(API_KEY_IP_MAX, { message: 'rule.invalid' }).default([]),
  /** When the key stops working (ms), or null for never. */
  expires_at: z.number().int().positive().nullable().default(null),
  /** With two-factor off: the code sent by apikeys/code. */
  code: trimmed(16).optional(),
  /** With two-factor on: a current authenticator code or a recovery code. */
  totp_code: trimmed(32).optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

export const revokeApiKeyRequest = z.object({ id: idField });

const ownCall = { auth: 'user', tags: ['personal'] } as const;

/** The calls of the personal centre's API keys page. */
export const apiKeysCalls = {
  list: defineCall({
    ...ownCall,
    method: 'GET',
    path: 'apikeys/list',
    reply: reply<ApiKeyView[]>(),
    summary: 'Your trading-API keys, newest first, without their secrets',
  }),
  sendCode: defineCall({
    ...ownCall,
    method: 'POST',
    path: 'apikeys/code',
    reply: z.object({ to: z.string() }),
    summary: 'Send a code (type 8) to your own email or phone, to create an API key without two-factor',
  }),
  create: defineCall({
    ...ownCall,
    method: 'POST',
    path: 'apikeys/create',
    request: createApiKeyRequest,
    reply: reply<CreatedApiKey>(),
    summary:
      'Create an API key with the two-factor code (or, without two-factor, the sent code); the secret is answered only here',
  }),
  revoke: defineCall({
    ...ownCall,
    method: 'POST',
    path: 'apikeys/revoke',
    request: revokeApiKeyRequest,
    reply: z.null(),
    summary: 'Revoke one of your API keys at once',
  }),
};
