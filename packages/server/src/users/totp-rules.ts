import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { randomCode, sha256 } from '../lib/secrets.js';

/** The rules of two-factor codes, with no I/O: code shapes, recovery codes and secret sealing. */

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s steps. */
export const TOTP_PERIOD_S = 30;
/** One step either side of now is accepted, for clocks a little apart. */
export const TOTP_TOLERANCE_S = 30;
export const RECOVERY_CODE_COUNT = 10;
/** 10 characters of a 32-symbol alphabet: 50 random bits, enough for a fast hash. */
const RECOVERY_CODE_LENGTH = 10;

/** A code from the app: exactly six digits (spaces allowed, as apps show "123 456"). */
export function asTotpCode(text: string): string | null {
  const digits = text.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** Fresh recovery codes, shown as XXXXX-XXXXX. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const code = randomCode(RECOVERY_CODE_LENGTH);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** What is stored of a recovery code: a hash bound to its user. */
export function recoveryCodeHash(userId: number, code: string): string {
  return sha256(`totp-recovery|${userId}|${normalizeRecoveryCode(code)}`);
}

/** The time step of a moment, as RFC 6238 counts it. */
export function timeStepOf(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_S);
}

/**
 * Seals a secret for storage: AES-256-GCM under the server key (`v1:iv:tag:data`, base64url), or
 * `plain:<secret>` without a key. The user id is authenticated data, so a sealed secret copied
 * to another user's row does not open.
 */
export function sealSecret(secret: string, userId: number, keyHex: string | undefined): string {
  return sealFor(secret, `user:${userId}`, keyHex);
}

/** Opens what sealSecret stored; throws when the key is missing or wrong. */
export function openSecret(stored: string, userId: number, keyHex: string | undefined): string {
  return openFor(stored, `user:${userId}`, keyHex);
}

/** Seals a secret bound to its owner's label (`user:7`, `operator:2`): sealSecret for any owner. */
export function sealFor(secret: string, owner: string, keyHex: string | undefined): string {
  if (!keyHex) return `plain:${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keyHex), iv);
  cipher.setAAD(Buffer.from(owner));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

/** Opens what sealFor stored for this owner. */
export function openFor(stored: string, owner: string, keyHex: string | undefined): string {
  if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !data || !keyHex) {
    throw new Error('a sealed TOTP secret needs TOTP_SECRET_KEY');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyOf(keyHex), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

function keyOf(keyHex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(keyHex)) throw new Error('TOTP_SECRET_KEY must be 64 hex digits');
  return Buffer.from(keyHex, 'hex');
}
