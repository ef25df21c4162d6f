import { describe, expect, it } from 'vitest';
import { CODE_TTL_MS, judgeCode, MAX_CODE_ATTEMPTS, RESEND_WAIT_MS, resendWait } from './code-rules.js';

const now = 1_000_000_000;
const live = { code_hash: 'h', expires_at: now + CODE_TTL_MS, attempts: 0, used_at: null };

describe('judgeCode', () => {
  it('accepts the right code while it is live', () => expect(judgeCode(live, 'h', now)).toBe('ok'));
  it('refuses a wrong code', () => expect(judgeCode(live, 'x', now)).toBe('wrong'));
  it('treats no code, a used code and an expired code alike', () => {
    expect(judgeCode(undefined, 'h', now)).toBe('expired');
    expect(judgeCode({ ...live, used_at: now - 1 }, 'h', now)).toBe('expired');
    expect(judgeCode({ ...live, expires_at: now }, 'h', now)).toBe('expired');
  });
  it('refuses even the right code after the last allowed wrong try', () => {
    expect(judgeCode({ ...live, attempts: MAX_CODE_ATTEMPTS - 1 }, 'h', now)).toBe('ok');
    expect(judgeCode({ ...live, attempts: MAX_CODE_ATTEMPTS }, 'h', now)).toBe('attempts');
  });
});

describe('resendWait', () => {
  it('is zero for a first code and after the wait', () => {
    expect(resendWait(undefined, now)).toBe(0);
    expect(resendWait(now - RESEND_WAIT_MS, now)).toBe(0);
  });
  it('is what remains of the 60 s otherwise', () => {
    expect(resendWait(now - 15_000, now)).toBe(45_000);
  });
});
