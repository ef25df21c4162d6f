import { describe, expect, it } from 'vitest';
import {
  countdownLeft,
  loginProblem,
  registerProblem,
  resetProblem,
  type RegisterForm,
} from '../src/features/auth/rules.js';

const valid: RegisterForm = {
  method: 0,
  account: 'new@demo.test',
  code: '123456',
  password: 'secret12',
  rePassword: 'secret12',
  invite: 'DEMO2026',
  privacy: true,
  inviteRequired: true,
};

describe('register checks (the spec’s order of checks)', () => {
  it('passes a valid form', () => {
    expect(registerProblem(valid)).toBeNull();
  });

  it('reports the first problem in the spec order as each is fixed in turn', () => {
    const form: RegisterForm = {
      method: 0,
      account: '',
      code: '',
      password: '',
      rePassword: '',
      invite: '',
      privacy: false,
      inviteRequired: true,
    };
    const seen: string[] = [];
    const fixes: Partial<RegisterForm>[] = [
      { account: 'bad' },
      { account: ' new@demo.test ' },
      { privacy: true },
      { code: '123456' },
      { password: 'abc' },
      { invite: 'DEMO2026' },
      { password: 'secret12' },
      { rePassword: 'secret13' },
      { rePassword: 'secret12' },
    ];
    let current = form;
    seen.push(registerProblem(current)!);
    for (const fix of fixes) {
      current = { ...current, ...fix };
      seen.push(registerProblem(current) ?? 'ok');
    }
    expect(seen).toEqual([
      'login.emptyEmail',
      'login.badEmail',
      'register.privacyRequired',
      'register.emptyCode',
      'login.emptyPassword',
      'register.emptyInvite',
      'register.passwordRule',
      'register.emptyConfirm',
      'register.mismatch',
      'ok',
    ]);
  });

  it('checks a phone account, and the invite only when the server requires one', () => {
    expect(registerProblem({ ...valid, method: 1, account: '' })).toBe('login.emptyPhone');
    expect(registerProblem({ ...valid, method: 1, account: '12ab' })).toBe('login.badPhone');
    expect(registerProblem({ ...valid, method: 1, account: '13800138000' })).toBeNull();
    expect(registerProblem({ ...valid, invite: '', inviteRequired: false })).toBeNull();
    expect(registerProblem({ ...valid, invite: '  ', inviteRequired: true })).toBe('register.emptyInvite');
  });

  it('applies the password rule: 6 to 64 printable characters of any kind, after trimming', () => {
    const rule = (password: string) => registerProblem({ ...valid, password, rePassword: password.trim() });
    expect(rule('a1b2c')).toBe('register.passwordRule');
    expect(rule('a'.repeat(65))).toBe('register.passwordRule');
    expect(rule('pass\tword')).toBe('register.passwordRule');
    expect(rule('a'.repeat(64))).toBeNull();
    expect(rule('pass word with symbols !@#$%^&*()')).toBeNull();
    expect(rule('mot-de-passe-très-long-et-sûr')).toBeNull();
    expect(rule(' secret12 ')).toBeNull();
  });
});

describe('login and reset checks', () => {
  it('login: account, then password, then the SMS code only when required', () => {
    const form = { method: 0 as const, account: 'a@b.co', password: '', smsCode: '', needsSms: true };
    expect(loginProblem({ ...form, account: ' ' })).toBe('login.emptyEmail');
    expect(loginProblem(form)).toBe('login.emptyPassword');
    expect(loginProblem({ ...form, password: 'x' })).toBe('login.emptyCode');
    expect(loginProblem({ ...form, password: 'x', needsSms: false })).toBeNull();
  });

  it('reset: no privacy or invite checks', () => {
    const form = { method: 0 as const, account: 'a@b.co', code: '1', password: 'secret12', rePassword: '' };
    expect(resetProblem(form)).toBe('register.emptyConfirm');
    expect(resetProblem({ ...form, rePassword: 'secret12' })).toBeNull();
  });
});

describe('code countdown (60 s)', () => {
  it('counts down from 60 and ends at 0', () => {
    const sent = 1_000_000;
    expect(countdownLeft(null, sent)).toBe(0);
    expect(countdownLeft(sent, sent)).toBe(60);
    expect(countdownLeft(sent, sent + 999)).toBe(60);
    expect(countdownLeft(sent, sent + 1000)).toBe(59);
    expect(countdownLeft(sent, sent + 59_999)).toBe(1);
    expect(countdownLeft(sent, sent + 60_000)).toBe(0);
    expect(countdownLeft(sent, sent + 3_600_000)).toBe(0);
  });
});
