import { describe, expect, it } from 'vitest';
import { changesOf, instantOf, localInput, ruleOf, textOf, valueOf } from '../src/console/markets/fields.js';

describe('the change dialog’s values', () => {
  it('types a fraction as a percentage and sends the fraction', () => {
    const fee = ruleOf('market', 'change_fee_rate');
    expect(textOf(fee, '0.001')).toBe('0.1');
    expect(valueOf(fee, '0.2')).toBe('0.002');
    expect(valueOf(fee, ' 0.15 ')).toBe('0.0015');
    expect(valueOf(fee, 'abc')).toBeNull();
    const ratio = ruleOf('micro_seconds', 'profit_ratio');
    expect(textOf(ratio, '0.85')).toBe('85');
    expect(valueOf(ratio, '90')).toBe('0.9');
  });

  it('types a rate already in percent, amounts, whole numbers, lists and switches as stored', () => {
    expect(textOf(ruleOf('earn_product', 'rate'), '0.03')).toBe('0.03');
    expect(valueOf(ruleOf('earn_product', 'rate'), '0.035')).toBe('0.035');
    expect(valueOf(ruleOf('market', 'min_number'), '0.0001')).toBe('0.0001');
    expect(valueOf(ruleOf('market', 'price_decimals'), '3')).toBe(3);
    expect(valueOf(ruleOf('market', 'price_decimals'), '2.5')).toBeNull();
    expect(valueOf(ruleOf('market', 'lever_multiples'), '5, 10 20')).toEqual([5, 10, 20]);
    expect(textOf(ruleOf('market', 'lever_multiples'), [5, 10])).toBe('5, 10');
    expect(valueOf(ruleOf('market', 'open_change'), '0')).toBe(0);
    expect(valueOf(ruleOf('market', 'open_change'), '')).toBeNull();
    expect(valueOf(ruleOf('market', 'last_price'), '1')).toBeNull();
    // Preset stakes: amounts, written as read, in their shortest form.
    expect(valueOf(ruleOf('micro_currency', 'numbers'), '10, 50.50 100')).toEqual(['10', '50.5', '100']);
    expect(valueOf(ruleOf('micro_currency', 'numbers'), '10, ten')).toBeNull();
    expect(textOf(ruleOf('micro_currency', 'numbers'), ['10', '50.5'])).toBe('10, 50.5');
  });

  it('sends only what differs from now, and names what does not parse', () => {
    const current = { change_fee_rate: '0.001', open_change: 1, min_number: '0.00001' };
    expect(
      changesOf('market', current, { change_fee_rate: '0.10', open_change: '1', min_number: '0.00001' }),
    ).toEqual({
      changes: {},
      invalid: [],
    });
    expect(
      changesOf('market', current, { change_fee_rate: '0.2', open_change: '0', min_number: 'x' }),
    ).toEqual({
      changes: { change_fee_rate: '0.002', open_change: 0 },
      invalid: ['min_number'],
    });
    // A market without leverage terms: an empty field stays out.
    expect(changesOf('market', current, { lever_multiples: '' })).toEqual({ changes: {}, invalid: [] });
  });

  it('reads and writes the datetime-local field in the browser’s zone', () => {
    const at = new Date(2026, 10, 23, 18, 5).getTime();
    expect(localInput(at)).toBe('2026-11-23T18:05');
    expect(instantOf('2026-11-23T18:05')).toBe(at);
    expect(instantOf('tomorrow')).toBeNull();
  });
});
