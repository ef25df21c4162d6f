import { describe, expect, it } from 'vitest';
import {
  asTotpCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  openSecret,
  recoveryCodeHash,
  sealSecret,
  timeStepOf,
} from './totp-rules.js';

const KEY = 'a'.repeat(64);

describe('totp rules', () => {
  it('reads six-digit codes, with or without a space, and nothing else', () => {
    expect(asTotpCode('123 456')).toBe('123456');
    expect(asTotpCode('12345')).toBeNull();
    expect(asTotpCode('ABCDE-FGHJK')).toBeNull();
  });

  it('makes distinct recovery codes whose hash ignores case and dashes but not the user', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const code = codes[0]!;
    expect(normalizeRecoveryCode(` ${code.toLowerCase()} `)).toBe(code.replace('-', ''));
    expect(recoveryCodeHash(1, code.toLowerCase())).toBe(recoveryCodeHash(1, code));
    expect(recoveryCodeHash(2, code)).not.toBe(recoveryCodeHash(1, code));
  });

  it('counts 30-second steps', () => {
    expect(timeStepOf(59_999)).toBe(1);
    expect(timeStepOf(60_000)).toBe(2);
  });

  it('seals a secret under the key and user, and opens it only with both', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXPJBSWY3DP', 7, KEY);
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(openSecret(sealed, 7, KEY)).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(() => openSecret(sealed, 8, KEY)).toThrow();
    expect(() => openSecret(sealed, 7, 'b'.repeat(64))).toThrow();
    expect(() => openSecret(sealed, 7, undefined)).toThrow();
    expect(openSecret(sealSecret('S', 7, undefined), 7, undefined)).toBe('S');
  });
});
