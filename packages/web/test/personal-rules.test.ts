import { describe, expect, it } from 'vitest';
import {
  bindPhoneProblem,
  changePasswordProblem,
  deviceName,
  inviteLink,
  securityLabel,
  securityLevel,
  tradePasswordProblem,
} from '../src/features/personal/rules.js';

describe('personal centre rules', () => {
  it('the security bar: 50 base, +25 per phone, email and certified identity, labelled per spec', () => {
    const none = { mobile: null, email: null, review_status: 0 as const };
    expect(securityLevel(none)).toBe(50);
    expect(securityLevel({ ...none, email: 'a@b.co' })).toBe(75);
    expect(securityLevel({ ...none, review_status: 1 })).toBe(50);
    expect(securityLevel({ mobile: '13800000000', email: 'a@b.co', review_status: 2 })).toBe(100);
    expect([50, 75, 100].map(securityLabel)).toEqual(['middle', 'high', 'strong']);
  });

  it('the invite link carries extension_code to the register page', () => {
    expect(inviteLink('https://x.test', 'AB CD')).toBe('https://x.test/register?extension_code=AB%20CD');
  });

  it('change password checks old, new, length and match in the spec order', () => {
    expect(changePasswordProblem({ old: '', password: 'x', rePassword: 'x' })).toBe('passwordPages.emptyOld');
    expect(changePasswordProblem({ old: 'o', password: '', rePassword: '' })).toBe('passwordPages.emptyNew');
    expect(changePasswordProblem({ old: 'o', password: 'abc', rePassword: 'abc' })).toBe(
      'passwordPages.tooSimple',
    );
    expect(changePasswordProblem({ old: 'o', password: 'abcdefg', rePassword: 'abcdefh' })).toBe(
      'passwordPages.mismatch',
    );
    expect(changePasswordProblem({ old: 'o', password: 'abcdefg', rePassword: 'abcdefg' })).toBeNull();
  });

  it('trade password needs the app code only when two-factor is on', () => {
    const form = { password: 'Trade-77-x', rePassword: 'Trade-77-x', code: '123456', totpCode: '' };
    expect(tradePasswordProblem({ ...form, totpNeeded: false })).toBeNull();
    expect(tradePasswordProblem({ ...form, totpNeeded: true })).toBe('totp.emptyCode');
    expect(tradePasswordProblem({ ...form, code: '', totpNeeded: false })).toBe('passwordPages.emptyCode');
  });

  it('phone binding checks the number, then the code', () => {
    expect(bindPhoneProblem({ mobile: '' })).toBe('login.emptyPhone');
    expect(bindPhoneProblem({ mobile: '12a' })).toBe('login.badPhone');
    expect(bindPhoneProblem({ mobile: '13800000000', code: '' })).toBe('passwordPages.emptyCode');
    expect(bindPhoneProblem({ mobile: '13800000000', code: '1' })).toBeNull();
  });

  it('names a device from its user agent', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    expect(deviceName(chrome)).toBe('Chrome · Linux');
    expect(deviceName('')).toBe('');
    expect(deviceName('curl/8.0')).toBe('curl/8.0');
  });
});
