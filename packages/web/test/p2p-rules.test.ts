import { describe, expect, it } from 'vitest';
import {
  actionsOf,
  adProblem,
  appealProblem,
  countdownText,
  fiatOf,
  leftMs,
  maxFiat,
  numberOf,
  orderLimit,
  orderPreview,
  ratePercent,
  runningDeadline,
  showsPayDetails,
  type AdDraft,
  type PayTypeCode,
} from '../src/features/p2p/rules.js';

const ad = { price: '7.23', min_number: '10', max_number: '500', remaining: '300' };

describe('fiat desk amounts', () => {
  it('prices an order half-up to the cent', () => {
    expect(fiatOf('10', '7.23')).toBe('72.30');
    expect(fiatOf('0.125', '1')).toBe('0.13');
    expect(fiatOf('0.124', '1')).toBe('0.12');
    expect(fiatOf('0', '1')).toBeNull();
    expect(fiatOf('x', '1')).toBeNull();
  });

  it('turns fiat into coin cut down to the coin decimals', () => {
    expect(numberOf('100', '7.23')).toBe('13.83125864');
    expect(numberOf('100', '3', 2)).toBe('33.33');
  });

  it('previews by coin and by fiat within the limits, the lesser of max and remaining', () => {
    expect(orderPreview(ad, 'number', '20')).toEqual({ ok: true, number: '20', fiat_amount: '144.60' });
    expect(orderPreview(ad, 'fiat', '100')).toEqual({
      ok: true,
      number: '13.83125864',
      fiat_amount: '100.00',
    });
    expect(orderPreview(ad, 'number', '9.99')).toMatchObject({ ok: false, key: 'p2p.tooSmall' });
    expect(orderPreview(ad, 'number', '300.00000001')).toMatchObject({
      ok: false,
      key: 'p2p.tooLarge',
      params: { max: '300' },
    });
    expect(orderPreview(ad, 'number', '')).toMatchObject({ ok: false, key: 'p2p.enterAmount' });
    expect(orderLimit(ad)).toBe('300');
  });

  it('the largest fiat amount never buys more than the limit', () => {
    const odd = { price: '3.335', min_number: '0.1', max_number: '1', remaining: '5' };
    const fiat = maxFiat(odd)!;
    expect(fiat).toBe('3.33');
    expect(orderPreview(odd, 'fiat', fiat)).toMatchObject({ ok: true });
  });
});

describe('the ad form', () => {
  const saved = new Set<PayTypeCode>(['bank']);
  const good: AdDraft = {
    price: '7.2',
    min_number: '10',
    max_number: '100',
    total: '1000',
    pay_types: ['bank'],
    terms: '',
  };
  it('accepts a complete ad', () => expect(adProblem(good, saved)).toBeNull());
  it.each([
    [{ price: '0' }, 'shop.problem.price'],
    [{ min_number: '' }, 'shop.problem.min'],
    [{ max_number: '5' }, 'shop.problem.maxBelowMin'],
    [{ total: '0' }, 'shop.problem.total'],
    [{ total: '5' }, 'shop.problem.totalBelowMin'],
    [{ pay_types: [] }, 'shop.problem.payTypes'],
    [{ pay_types: ['alipay'] as PayTypeCode[] }, 'shop.problem.payTypeNotSaved'],
    [{ terms: 'x'.repeat(501) }, 'shop.problem.terms'],
  ])('refuses %o', (patch, key) => expect(adProblem({ ...good, ...patch }, saved)).toBe(key));
});

describe('order actions and timers', () => {
  it('lets each party do only what its state allows', () => {
    expect(actionsOf('buyer', 1)).toEqual(['pay', 'cancel']);
    expect(actionsOf('seller', 1)).toEqual([]);
    expect(actionsOf('seller', 2)).toEqual(['confirm', 'appeal']);
    expect(actionsOf('seller', 7)).toEqual(['confirm', 'appeal']);
    expect(actionsOf('buyer', 2)).toEqual(['appeal']);
    for (const status of [3, 4, 5, 6]) {
      expect(actionsOf('buyer', status)).toEqual([]);
      expect(actionsOf('seller', status)).toEqual([]);
    }
  });

  it('shows payment details to the buyer of a live order only', () => {
    expect(showsPayDetails('buyer', 1)).toBe(true);
    expect(showsPayDetails('buyer', 6)).toBe(true);
    expect(showsPayDetails('buyer', 3)).toBe(false);
    expect(showsPayDetails('seller', 1)).toBe(false);
  });

  it('counts down to the running deadline by the server clock', () => {
    expect(runningDeadline({ status: 1, pay_deadline: 100, confirm_deadline: null })).toEqual({
      kind: 'pay',
      at: 100,
    });
    expect(runningDeadline({ status: 2, pay_deadline: 100, confirm_deadline: 200 })).toEqual({
      kind: 'confirm',
      at: 200,
    });
    expect(runningDeadline({ status: 7, pay_deadline: 100, confirm_deadline: 200 })).toBeNull();
    // The device runs 5 s behind the server: 60 s to go by the server is 55 s here.
    expect(leftMs(1_060_000, 1_000_000 - 5_000, 5_000)).toBe(60_000);
    expect(leftMs(1_000_000, 2_000_000, 0)).toBe(0);
    expect(countdownText(899_001)).toBe('15:00');
    expect(countdownText(3_600_000)).toBe('1:00:00');
    expect(countdownText(0)).toBe('0:00');
  });

  it('writes rates and checks appeal texts', () => {
    expect(ratePercent('0.9523')).toBe('95.2%');
    expect(ratePercent('0')).toBe('0%');
    expect(appealProblem('too short')).toBe('p2p.appealShort');
    expect(appealProblem('long enough text')).toBeNull();
  });
});
