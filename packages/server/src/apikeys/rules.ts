import { randomBytes } from 'node:crypto';
import { parseIpEntry } from './ip-list.js';

/** The rules of trading-API keys, with no I/O: their shape, what a new key may ask for, and expiry. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Binance's keys and secrets are 64 letters and digits; ours too, so clients that check length accept them. */
export const KEY_LENGTH = 64;
export const MAX_LABEL_LENGTH = 64;
export const MAX_IP_ENTRIES = 30;
/** Keys per user that still work (revoked and expired ones do not count). */
export const MAX_ACTIVE_KEYS = 30;
/** Seals secrets in demo mode when no key is configured: public, so never for real money. */
export const DEMO_SEAL_KEY = 'de'.repeat(32);

/** 64 random letters and digits, each drawn without modulo bias. */
export function randomKeyText(length = KEY_LENGTH): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length)) {
      // 248 = 4 x 62: bytes above it would favour the first letters.
      if (byte < 248 && text.length < length) text += ALPHABET[byte % ALPHABET.length];
    }
  }
  return text;
}

/** Whether a text has the shape of one of our keys (checked before any lookup). */
export function isKeyShaped(text: string): boolean {
  return text.length === KEY_LENGTH && /^[A-Za-z0-9]+$/.test(text);
}

export interface NewKeyTerms {
  label: string;
  trade: boolean;
  withdraw: boolean;
  ipList: string[];
  expiresAt: number | null;
}

export type KeyTermsRefusal =
  | 'error.api_key_label'
  | 'error.api_key_ip_invalid'
  | 'error.api_key_ip_too_many'
  | 'error.api_key_withdraw_needs_ip'
  | 'error.api_key_expiry';

/** Cleans a new key's terms, or names the rule they break. */
export function checkKeyTerms(terms: NewKeyTerms, now: number): NewKeyTerms | KeyTermsRefusal {
  const label = terms.label.trim();
  if (label.length === 0 || label.length > MAX_LABEL_LENGTH) return 'error.api_key_label';
  const ipList = [...new Set(terms.ipList.map((entry) => entry.trim()).filter((entry) => entry !== ''))];
  if (ipList.length > MAX_IP_ENTRIES) return 'error.api_key_ip_too_many';
  if (ipList.some((entry) => parseIpEntry(entry) === null)) return 'error.api_key_ip_invalid';
  if (terms.withdraw && ipList.length === 0) return 'error.api_key_withdraw_needs_ip';
  if (terms.expiresAt !== null && terms.expiresAt <= now) return 'error.api_key_expiry';
  return { label, trade: terms.trade, withdraw: terms.withdraw, ipList, expiresAt: terms.expiresAt };
}

/** Why a key no longer works, or null while it does. */
export function keyState(
  key: { revokedAt: number | null; expiresAt: number | null },
  now: number,
): 'revoked' | 'expired' | null {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && key.expiresAt <= now) return 'expired';
  return null;
}
