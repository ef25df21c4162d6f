import { PASSWORD_PATTERN } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { accountWords, estimatePassword, MIN_PASSWORD_GUESSES, passwordWeakness } from './password-rules.js';

describe('password strength', () => {
  it('refuses common and guessable passwords', () => {
    for (const password of [
      '123456',
      'aaaaaa',
      'password1',
      'qwerty123',
      'abc12345',
      'iloveyou',
      '11111111',
      'Summer2024',
      'lantern42',
      'monkey12',
      'a1b2c3d4',
    ]) {
      expect(passwordWeakness(password), password).toBe('error.password_weak');
    }
  });

  it('refuses the account name, its local part and the phone number, as personal', () => {
    const accounts = ['harbor.lantern42@example.com'];
    expect(passwordWeakness('harbor.lantern42', accounts)).toBe('error.password_personal');
    expect(passwordWeakness('harborlantern42', accounts)).not.toBeNull();
    expect(passwordWeakness('harbor.lantern42@example.com', accounts)).toBe('error.password_personal');
    expect(passwordWeakness('8613812345678', ['13812345678', '8613812345678'])).toBe(
      'error.password_personal',
    );
    // The same strings are fine for someone else: they are guessable only from the account.
    expect(passwordWeakness('harbor.lantern42')).toBeNull();
  });

  it('accepts long and random passwords, with symbols, spaces and other scripts', () => {
    for (const password of [
      'Xy7#kL9!mQ2$vB5@nR8%wT1^zC4&hF6*pD3(jG0)',
      'correct horse battery staple',
      'k8Rz2q7xP4',
      'Mangrove-Lantern-41',
      '紅茶と月曜日の灯台守り',
    ]) {
      expect(passwordWeakness(password, ['someone@example.com']), password).toBeNull();
      expect(estimatePassword(password).guesses).toBeGreaterThanOrEqual(MIN_PASSWORD_GUESSES);
    }
  });

  it('lets a hard-to-guess password in the spec form (6-16 letters or digits) through, short ones too', () => {
    for (const password of ['k8Rz2q', 'Tq4m9w', 'h3kd8s2p', '7384629', 'k8Rz2q7xP4mW']) {
      expect(PASSWORD_PATTERN.test(password)).toBe(true);
      expect(passwordWeakness(password, ['someone@example.com']), password).toBeNull();
    }
  });

  it('derives the guessable words of an account', () => {
    expect(accountWords([' Harbor.Lantern42@Example.com '])).toEqual([
      'harbor.lantern42@example.com',
      'harbor.lantern42',
      'harbor',
      'lantern42',
      'example',
    ]);
    expect(accountWords(['', '13812345678'])).toEqual(['13812345678']);
  });
});

describe('PASSWORD_PATTERN', () => {
  it('takes 6 to 64 printable characters of any kind', () => {
    expect(PASSWORD_PATTERN.test('abc123')).toBe(true);
    expect(PASSWORD_PATTERN.test('a'.repeat(64))).toBe(true);
    expect(PASSWORD_PATTERN.test('p@ss w0rd!~')).toBe(true);
    expect(PASSWORD_PATTERN.test('пароль-секрет')).toBe(true);
    expect(PASSWORD_PATTERN.test('abc12')).toBe(false);
    expect(PASSWORD_PATTERN.test('a'.repeat(65))).toBe(false);
    expect(PASSWORD_PATTERN.test('abc\tdef')).toBe(false);
    expect(PASSWORD_PATTERN.test('abc\u200bdef')).toBe(false);
  });
});
