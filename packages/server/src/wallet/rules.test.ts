import { Decimal } from '@oex/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountProblem, confirmationsAt, depositStatusAt, explorerLink, quoteWithdrawal } from './rules.js';

const d = Decimal.parse;
const rules = { minDeposit: d('1'), confirmationsCredit: 1, confirmationsWithdraw: 6 };

describe('deposit rules', () => {
  it('counts the including block as the first confirmation', () => {
    expect(confirmationsAt(10, 9)).toBe(0);
    expect(confirmationsAt(10, 10)).toBe(1);
    expect(confirmationsAt(10, 15)).toBe(6);
  });

  it('credits at 1 confirmation, confirms at 6, never credits below the minimum', () => {
    expect(depositStatusAt(d('5'), 0, rules)).toBe('pending');
    expect(depositStatusAt(d('5'), 1, rules)).toBe('credited');
    expect(depositStatusAt(d('5'), 5, rules)).toBe('credited');
    expect(depositStatusAt(d('5'), 6, rules)).toBe('confirmed');
    expect(depositStatusAt(d('1'), 1, rules)).toBe('credited');
    expect(depositStatusAt(d('0.999999'), 100, rules)).toBe('below_minimum');
  });
});

describe('withdrawal rules', () => {
  it('received is amount × (1 − rate) rounded down to the chain, and fee + received is the amount', () => {
    expect(quoteWithdrawal(d('100'), d('0.001'), 6)).toEqual({ fee: d('0.1'), received: d('99.9') });
    const odd = quoteWithdrawal(d('10.000001'), d('0.001'), 6);
    expect(odd.received.toString()).toBe('9.99');
    expect(odd.fee.toString()).toBe('0.010001');
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 18 }),
        (micro, permille, decimals) => {
          const amount = Decimal.fromUnits(micro * 10n ** 12n);
          const rate = Decimal.fromUnits(BigInt(permille) * 10n ** 15n);
          const { fee, received } = quoteWithdrawal(amount, rate, decimals);
          expect(fee.add(received).eq(amount)).toBe(true);
          expect(fee.gte(Decimal.ZERO) && received.gte(Decimal.ZERO)).toBe(true);
          // Never more than amount × (1 − rate).
          expect(received.lte(amount.mul(Decimal.ONE.sub(rate)))).toBe(true);
        },
      ),
    );
  });

  it('names the first rule an amount breaks', () => {
    const limits = { min: d('10'), max: d('1000'), chainDecimals: 6 };
    expect(amountProblem(d('0'), limits)).toBe('error.amount_positive');
    expect(amountProblem(d('10.0000001'), limits)).toBe('error.withdraw_decimals');
    expect(amountProblem(d('9.999999'), limits)).toBe('error.withdraw_min');
    expect(amountProblem(d('1000.000001'), limits)).toBe('error.withdraw_max');
    expect(amountProblem(d('10'), limits)).toBeNull();
    expect(amountProblem(d('1000'), limits)).toBeNull();
  });

  it('links a transaction only where the network has an explorer', () => {
    expect(explorerLink('https://x.test/tx/{hash}', '0xab')).toBe('https://x.test/tx/0xab');
    expect(explorerLink('', '0xab')).toBeNull();
    expect(explorerLink('https://x.test/tx/{hash}', null)).toBeNull();
  });
});
