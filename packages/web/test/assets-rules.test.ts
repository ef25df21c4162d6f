import type { AccountGroup, DepositView, Paged, WalletPush } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import {
  accountCodeOf,
  actionState,
  amountDirection,
  convertEstimate,
  recordChanges,
  amountProblem,
  answerLost,
  applyBalancePush,
  applyWalletPush,
  chooseAccount,
  cutDecimals,
  feePercent,
  hasPages,
  lastPage,
  networkClosure,
  newRequestId,
  requestFor,
  shownDecimals,
  signed,
  withdrawalFigures,
} from '../src/features/assets/rules.js';

const ALL = [1, 2, 3, 4, 5];

describe('transfer accounts never collide', () => {
  it('choosing a side that differs keeps the other side', () => {
    expect(chooseAccount({ from: 1, to: 3 }, 'from', 4, ALL)).toEqual({ from: 4, to: 3 });
    expect(chooseAccount({ from: 1, to: 3 }, 'to', 2, ALL)).toEqual({ from: 1, to: 2 });
  });
  it('choosing what the other side holds swaps the two', () => {
    expect(chooseAccount({ from: 1, to: 3 }, 'from', 3, ALL)).toEqual({ from: 3, to: 1 });
    expect(chooseAccount({ from: 1, to: 3 }, 'to', 1, ALL)).toEqual({ from: 3, to: 1 });
  });
  it('a broken start (both the same) still ends with two different accounts', () => {
    expect(chooseAccount({ from: 2, to: 2 }, 'from', 2, ALL)).toEqual({ from: 2, to: 1 });
    expect(chooseAccount({ from: 1, to: 1 }, 'to', 1, ALL)).toEqual({ from: 2, to: 1 });
  });
  it('for every pair of choices the accounts differ', () => {
    for (const from of ALL)
      for (const to of ALL) {
        if (from === to) continue;
        for (const side of ['from', 'to'] as const)
          for (const chosen of ALL) {
            const next = chooseAccount({ from, to }, side, chosen, ALL);
            expect(next.from).not.toBe(next.to);
            expect(next[side]).toBe(chosen);
          }
      }
  });
});

describe('withdrawal fee and received amount, exact', () => {
  it('USDT at 0.1 %: 100 → fee 0.1, received 99.9', () => {
    expect(withdrawalFigures('100', '0.001')).toEqual({ fee: '0.1', received: '99.9', feePercent: '0.1' });
  });
  it('no float error: 0.3 BTC at 0.05 % receives 0.29985', () => {
    expect(withdrawalFigures('0.3', '0.0005')).toEqual({
      fee: '0.00015',
      received: '0.29985',
      feePercent: '0.05',
    });
  });
  it('eight decimals times a rate stays exact', () => {
    expect(withdrawalFigures('12.34567891', '0.001')?.received).toBe('12.33333323109');
  });
  it('nothing while the amount is empty, zero or not a number', () => {
    expect(withdrawalFigures('', '0.001')).toBeNull();
    expect(withdrawalFigures('0', '0.001')).toBeNull();
    expect(withdrawalFigures('1e3', '0.001')).toBeNull();
  });
  it('fee percent is draw_rate × 100', () => {
    expect(feePercent('0.001')).toBe('0.1');
    expect(feePercent('0.0125')).toBe('1.25');
    expect(feePercent('0')).toBe('0');
  });
});

describe('amount problems, in the order a user fixes them', () => {
  const rules = { available: '50', decimals: 8, min: '10', max: '100000' };
  it('refuses empty, non-numbers, zero and too many decimals', () => {
    expect(amountProblem('', rules)?.key).toBe('assets.problem.amount');
    expect(amountProblem('abc', rules)?.key).toBe('assets.problem.amount');
    expect(amountProblem('0', rules)?.key).toBe('assets.problem.positive');
    expect(amountProblem('10.123456789', rules)).toEqual({
      key: 'assets.problem.decimals',
      params: { places: 8 },
    });
  });
  it('refuses below the minimum, above the maximum and above the balance', () => {
    expect(amountProblem('9.99', rules)).toEqual({ key: 'assets.problem.minimum', params: { min: '10' } });
    expect(amountProblem('200000', { ...rules, available: '1000000' })?.key).toBe('assets.problem.maximum');
    expect(amountProblem('50.00000001', rules)?.key).toBe('assets.problem.balance');
  });
  it('takes the whole balance exactly', () => {
    expect(amountProblem('50', rules)).toBeNull();
    expect(amountProblem('0.00000001', { available: '0.00000001', decimals: 8 })).toBeNull();
  });
});

describe('records', () => {
  it('pages only past 15', () => {
    expect(hasPages(15)).toBe(false);
    expect(hasPages(16)).toBe(true);
    expect(lastPage(0)).toBe(1);
    expect(lastPage(31)).toBe(3);
  });
  it('types picks the account, the spot account otherwise', () => {
    expect(accountCodeOf('lever_account')).toBe('lever_account');
    expect(accountCodeOf('nonsense')).toBe('change_account');
    expect(accountCodeOf(null)).toBe('change_account');
  });
  it('amounts carry their sign and colour', () => {
    // A hold moves available to locked; its payout leaves locked only: never counted twice.
    expect(recordChanges({ value: '-123.45', lock_value: '123.45' })).toEqual({
      available: '-123.45',
      locked: '123.45',
    });
    expect(recordChanges({ value: '0', lock_value: '-123.32655' })).toEqual({
      available: null,
      locked: '-123.32655',
    });
    expect(recordChanges({ value: '0.000000000000000000', lock_value: '-0.12345' })).toEqual({
      available: null,
      locked: '-0.12345',
    });
    expect(recordChanges({ value: '2.5', lock_value: '0' })).toEqual({ available: '2.5', locked: null });
    expect(signed('1.5')).toBe('+1.5');
    expect(signed('-0.25')).toBe('-0.25');
    expect(signed('0')).toBe('0');
    expect(amountDirection('-1')).toBe('down');
    expect(amountDirection('2')).toBe('up');
    expect(amountDirection('0')).toBe('flat');
  });
  it('balances show the currency decimals they need, at least 2', () => {
    expect(shownDecimals('10000', 8)).toBe(2);
    expect(shownDecimals('0.12345678', 8)).toBe(8);
    expect(shownDecimals('0.5', 8)).toBe(2);
    expect(shownDecimals('0.123456789', 8)).toBe(8);
  });
  it('request ids are new per submission and fit the server rule', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[\w.:-]{1,64}$/);
    expect(newRequestId()).not.toBe(id);
  });
});

function group(id: number, accounts: [number, string][]): AccountGroup {
  return {
    account_type_id: id,
    account_code: 'change_account',
    name: 'Spot',
    is_recharge: 1,
    convert_usd: '0',
    accounts: accounts.map(([currency, balance]) => ({ currency_id: currency, balance, lock_balance: '0' })),
  } as unknown as AccountGroup;
}

describe('live pushes', () => {
  it('BALANCE changes exactly the accounts it names', () => {
    const groups = [
      group(1, [
        [1, '10'],
        [2, '1'],
      ]),
      group(3, [[1, '0']]),
    ];
    const next = applyBalancePush(groups, {
      accounts: [{ account_type_id: 3, currency_id: 1, balance: '5', lock_balance: '1' }],
    });
    expect(next[0]).toBe(groups[0]);
    expect(next[1]!.accounts[0]).toMatchObject({ balance: '5', lock_balance: '1' });
    expect(applyBalancePush(groups, { accounts: [] })).toBe(groups);
  });

  const deposit = (id: number, currency: number, confirmations: number) =>
    ({ id, currency_id: currency, confirmations, status: 'pending' }) as DepositView;
  const page = (data: DepositView[], current = 1, total = data.length): Paged<DepositView> => ({
    total,
    per_page: 2,
    current_page: current,
    last_page: lastPage(total, 2),
    data,
  });

  it('WALLET replaces a shown record and puts a new one on top of the first page', () => {
    const start = page([deposit(2, 1, 0), deposit(1, 1, 5)]);
    const update: WalletPush = { kind: 'deposit', record: deposit(2, 1, 1) };
    expect(applyWalletPush(start, update, 'deposit', 1).data[0]!.confirmations).toBe(1);
    const added = applyWalletPush(start, { kind: 'deposit', record: deposit(3, 1, 0) }, 'deposit', 1);
    expect(added.data.map((row) => row.id)).toEqual([3, 2]);
    expect(added.total).toBe(3);
    expect(added.last_page).toBe(2);
  });
  it('WALLET leaves other currencies, other kinds and later pages alone', () => {
    const start = page([deposit(2, 1, 0)]);
    expect(applyWalletPush(start, { kind: 'deposit', record: deposit(9, 2, 0) }, 'deposit', 1)).toBe(start);
    expect(applyWalletPush(start, { kind: 'deposit', record: deposit(9, 1, 0) }, 'withdrawal', 1)).toBe(
      start,
    );
    const later = page([deposit(2, 1, 0)], 2, 3);
    expect(applyWalletPush(later, { kind: 'deposit', record: deposit(9, 1, 0) }, 'deposit', 1)).toBe(later);
  });
});

describe('deposit and withdraw actions', () => {
  it('appear only on an account group that takes deposits, greyed unless the currency allows them', () => {
    expect(actionState(1, 1)).toBe('open');
    expect(actionState(1, 0)).toBe('closed');
    expect(actionState(0, 1)).toBe('absent');
    expect(actionState(0, 0)).toBe('absent');
    // Open, but the currency has no network to send on: greyed with its own reason.
    expect(actionState(1, 1, 0)).toBe('noNetwork');
    expect(actionState(1, 0, 0)).toBe('closed');
    expect(actionState(0, 1, 0)).toBe('absent');
    expect(actionState(1, 1, 2)).toBe('open');
  });
});

describe('a submission whose answer was lost', () => {
  it('is only a failure without an answer or with a server failure', () => {
    expect(answerLost({ code: -1 })).toBe(true);
    expect(answerLost({ code: 500 })).toBe(true);
    expect(answerLost(new TypeError('fetch failed'))).toBe(true);
    expect(answerLost({ code: 0 })).toBe(false);
    expect(answerLost({ code: 999 })).toBe(false);
  });
  it('sends the same thing again under the same request id, anything else under a new one', () => {
    let next = 0;
    const fresh = () => `id-${(next += 1)}`;
    const first = requestFor(null, 'a', fresh);
    expect(first).toEqual({ key: 'a', id: 'id-1' });
    expect(requestFor(first, 'a', fresh)).toBe(first);
    expect(requestFor(first, 'b', fresh)).toEqual({ key: 'b', id: 'id-2' });
  });
});

describe('an "All" amount is cut to the decimals the market takes', () => {
  it('cuts extra places without rounding', () => {
    expect(cutDecimals('1.23456', 2)).toBe('1.23');
    expect(cutDecimals('0.999999', 4)).toBe('0.9999');
  });
  it('leaves a balance that fits as it is', () => {
    expect(cutDecimals('1.23', 2)).toBe('1.23');
    expect(cutDecimals('1.2', 4)).toBe('1.2');
    expect(cutDecimals('100', 2)).toBe('100');
  });
  it('with no decimals keeps the point, which the amount box then accepts', () => {
    expect(cutDecimals('12.345', 0)).toBe('12.');
  });
});

describe('networkClosure', () => {
  const open = { available: 1, unavailable_reason: null, open_deposit: 1, open_withdraw: 1 } as const;

  it('is null when the network is connected and open that way', () => {
    expect(networkClosure(open, 'deposit')).toBeNull();
    expect(networkClosure(open, 'withdraw')).toBeNull();
  });

  it("names the operator's switch of the direction asked, and only that one", () => {
    expect(networkClosure({ ...open, open_deposit: 0 }, 'deposit')).toEqual({
      key: 'assets.networkDepositsSuspended',
    });
    expect(networkClosure({ ...open, open_deposit: 0 }, 'withdraw')).toBeNull();
    expect(networkClosure({ ...open, open_withdraw: 0 }, 'withdraw')).toEqual({
      key: 'assets.networkWithdrawalsSuspended',
    });
    expect(networkClosure({ ...open, open_withdraw: 0 }, 'deposit')).toBeNull();
  });

  it("puts a network this server cannot reach first, in the server's own words when given", () => {
    const down = { ...open, available: 0, open_deposit: 0 } as const;
    expect(networkClosure(down, 'deposit')).toEqual({ key: 'assets.networkUnavailable' });
    expect(networkClosure({ ...down, unavailable_reason: 'The node is syncing.' }, 'deposit')).toEqual({
      reason: 'The node is syncing.',
    });
  });
});

describe('the convert preview', () => {
  it('is the amount times the USD price in USDT, less the trading fee, cut to the places shown', () => {
    expect(convertEstimate('0.01', '3000.5', '0.001', 2)).toEqual({
      gross: '30.00',
      fee: '0.03',
      net: '29.97',
    });
    expect(convertEstimate('1.5', '2', '0', 4)).toEqual({ gross: '3.0000', fee: '0.0000', net: '3.0000' });
    // Cut, never rounded up: 0.333 × 1 = 0.333 → 0.33.
    expect(convertEstimate('0.333', '1', '0.002', 2)).toEqual({ gross: '0.33', fee: '0.00', net: '0.33' });
  });
  it('is nothing until the amount is a positive number', () => {
    expect(convertEstimate('', '3000', '0.001', 2)).toBeNull();
    expect(convertEstimate('0', '3000', '0.001', 2)).toBeNull();
    expect(convertEstimate('abc', '3000', '0.001', 2)).toBeNull();
  });
});
