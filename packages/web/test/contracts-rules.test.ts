import { describe, expect, it } from 'vitest';
import { signedProfit } from '../src/features/contracts/rules.js';

describe('signedProfit', () => {
  it('signs a profit and names its direction', () => {
    expect(signedProfit('8')).toEqual({ text: '+8', direction: 'up' });
    expect(signedProfit('-0.25')).toEqual({ text: '-0.25', direction: 'down' });
    expect(signedProfit('0')).toEqual({ text: '0', direction: 'flat' });
  });

  it('shows a dash for no value or one that is not a number', () => {
    expect(signedProfit(null)).toEqual({ text: '—', direction: 'flat' });
    expect(signedProfit('')).toEqual({ text: '—', direction: 'flat' });
    expect(signedProfit('abc')).toEqual({ text: '—', direction: 'flat' });
  });
});
