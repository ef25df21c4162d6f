import { describe, expect, it } from 'vitest';
import { ipAllowed, parseIpEntry } from './ip-list.js';
import { checkKeyTerms, isKeyShaped, keyState, randomKeyText } from './rules.js';

const NOW = 1_800_000_000_000;
const terms = { label: ' bot ', trade: true, withdraw: false, ipList: [], expiresAt: null };

describe('trading-API key rules', () => {
  it('makes 64 letters and digits, different each time', () => {
    const a = randomKeyText();
    expect(isKeyShaped(a)).toBe(true);
    expect(a).not.toBe(randomKeyText());
    expect(isKeyShaped(`${a.slice(1)}-`)).toBe(false);
    expect(isKeyShaped(a.slice(1))).toBe(false);
  });

  it('cleans terms and refuses each broken rule', () => {
    expect(checkKeyTerms({ ...terms, ipList: [' 10.0.0.1 ', '10.0.0.1', ''] }, NOW)).toEqual({
      ...terms,
      label: 'bot',
      ipList: ['10.0.0.1'],
    });
    expect(checkKeyTerms({ ...terms, label: '  ' }, NOW)).toBe('error.api_key_label');
    expect(checkKeyTerms({ ...terms, label: 'x'.repeat(65) }, NOW)).toBe('error.api_key_label');
    expect(checkKeyTerms({ ...terms, ipList: ['10.0.0.300'] }, NOW)).toBe('error.api_key_ip_invalid');
    expect(checkKeyTerms({ ...terms, ipList: ['10.0.0.0/33'] }, NOW)).toBe('error.api_key_ip_invalid');
    expect(checkKeyTerms({ ...terms, withdraw: true }, NOW)).toBe('error.api_key_withdraw_needs_ip');
    expect(checkKeyTerms({ ...terms, withdraw: true, ipList: ['10.0.0.0/8'] }, NOW)).not.toBeTypeOf('string');
    expect(checkKeyTerms({ ...terms, expiresAt: NOW }, NOW)).toBe('error.api_key_expiry');
    const many = Array.from({ length: 31 }, (_, i) => `10.0.0.${i}`);
    expect(checkKeyTerms({ ...terms, ipList: many }, NOW)).toBe('error.api_key_ip_too_many');
  });

  it('says when a key stopped working', () => {
    expect(keyState({ revokedAt: null, expiresAt: null }, NOW)).toBeNull();
    expect(keyState({ revokedAt: null, expiresAt: NOW + 1 }, NOW)).toBeNull();
    expect(keyState({ revokedAt: null, expiresAt: NOW }, NOW)).toBe('expired');
    expect(keyState({ revokedAt: NOW - 5, expiresAt: NOW + 1 }, NOW)).toBe('revoked');
  });
});

describe('IP allow lists', () => {
  it('matches addresses and ranges of both families, IPv4 seen through IPv6 included', () => {
    expect(ipAllowed([], '198.51.100.4')).toBe(true);
    expect(ipAllowed(['198.51.100.4'], '198.51.100.4')).toBe(true);
    expect(ipAllowed(['198.51.100.4'], '198.51.100.5')).toBe(false);
    expect(ipAllowed(['198.51.100.0/24'], '::ffff:198.51.100.77')).toBe(true);
    expect(ipAllowed(['198.51.100.0/24'], '198.51.101.1')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8:1::9')).toBe(true);
    expect(ipAllowed(['2001:db8::/32'], '2001:db9::1')).toBe(false);
    expect(ipAllowed(['not an ip'], '198.51.100.4')).toBe(false);
    expect(ipAllowed(['198.51.100.4'], 'garbage')).toBe(false);
  });

  it('parses entries strictly', () => {
    expect(parseIpEntry('10.1.2.3')).toEqual({ address: '10.1.2.3', prefix: null, family: 'ipv4' });
    expect(parseIpEntry('10.1.2.0/24')).toEqual({ address: '10.1.2.0', prefix: 24, family: 'ipv4' });
    expect(parseIpEntry('10.1.2.0/24/1')).toBeNull();
    expect(parseIpEntry('10.1.2.0/')).toBeNull();
    expect(parseIpEntry('::1/129')).toBeNull();
  });
});
