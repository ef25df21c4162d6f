/** The rules of verification codes, with no I/O: validity, resend wait and wrong tries. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_WAIT_MS = 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export interface StoredCode {
  code_hash: string;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

export type CodeVerdict = 'ok' | 'expired' | 'attempts' | 'wrong';

/** What an offered code means against the latest code stored for its target and purpose. */
export function judgeCode(stored: StoredCode | undefined, offeredHash: string, now: number): CodeVerdict {
  if (!stored || stored.used_at !== null || stored.expires_at <= now) return 'expired';
  if (stored.attempts >= MAX_CODE_ATTEMPTS) return 'attempts';
  return stored.code_hash === offeredHash ? 'ok' : 'wrong';
}

/** Milliseconds still to wait before another code may be sent, 0 when one may be sent now. */
export function resendWait(lastCreatedAt: number | undefined, now: number): number {
  if (lastCreatedAt === undefined) return 0;
  return Math.max(0, lastCreatedAt + RESEND_WAIT_MS - now);
}
