import { describe, expect, it } from 'vitest';
import { expiryOf, ipEntries, keyFormProblem } from '../src/features/apikeys/rules.js';

const NOW = Date.UTC(2026, 10, 27, 12);
const form = { label: 'bot', withdraw: false, ipText: '', expiry: 'never' as const, date: '' };

describe('API key form rules', () => {
  it('reads the IP list by lines, commas or spaces', () => {
    expect(ipEntries(' 203.0.113.7\n10.0.0.0/8, ::1  \n')).toEqual(['203.0.113.7', '10.0.0.0/8', '::1']);
  });

  it('turns the expiry choice into a time', () => {
    expect(expiryOf('never', '', NOW)).toBeNull();
    expect(expiryOf('30', '', NOW)).toBe(NOW + 30 * 86_400_000);
    expect(expiryOf('date', '2027-01-02', NOW)).toBe(new Date('2027-01-02T23:59:59').getTime());
    expect(expiryOf('date', '', NOW)).toBeNaN();
  });

  it('names what stops the form', () => {
    expect(keyFormProblem(form, NOW)).toBeNull();
    expect(keyFormProblem({ ...form, label: '  ' }, NOW)).toBe('label');
    expect(keyFormProblem({ ...form, withdraw: true }, NOW)).toBe('withdrawNeedsIp');
    expect(keyFormProblem({ ...form, withdraw: true, ipText: '1.2.3.4' }, NOW)).toBeNull();
    expect(
      keyFormProblem(
        { ...form, ipText: Array.from({ length: 31 }, (_, i) => `10.0.0.${i}`).join('\n') },
        NOW,
      ),
    ).toBe('ipTooMany');
    expect(keyFormProblem({ ...form, expiry: 'date', date: '2020-01-01' }, NOW)).toBe('date');
    expect(keyFormProblem({ ...form, expiry: 'date', date: '' }, NOW)).toBe('date');
  });
});
