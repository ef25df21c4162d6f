import { describe, expect, it } from 'vitest';
import { translate } from './index.js';

describe('translate', () => {
  it("writes a decimal parameter with the reader's decimal mark and grouping", () => {
    expect(translate('fr', 'rule.too_small', { min: '0.001' })).toBe('doit valoir au moins 0,001');
    expect(translate('gm', 'rule.too_big', { max: '12500.75' })).toContain('12.500,75');
    expect(translate('en', 'rule.too_big', { max: '12500.75' })).toContain('12,500.75');
  });

  it('leaves integers, codes and addresses as they are', () => {
    expect(translate('fr', 'rule.too_long', { max: 1000 })).toBe('ne doit pas dépasser 1000 caractères');
    expect(translate('fr', 'rule.too_small', { min: 'DEMO2026' })).toBe('doit valoir au moins DEMO2026');
  });

  it('fills {{name}} placeholders, translating a parameter that is itself a message key', () => {
    expect(translate('fr', 'error.delivery_unconfigured', { channel: 'channel.email' })).toBe(
      'Ce serveur ne peut pas encore envoyer de messages par e-mail',
    );
    expect(translate('en', 'rule.too_big', {})).toBe('must be at most {{max}}');
  });
});
