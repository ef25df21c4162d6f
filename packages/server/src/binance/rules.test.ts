import { Decimal } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import {
  capitalNetworkOf,
  capitalRefusalOf,
  depositStatusCode,
  depositStatusesOf,
  eightDecimals,
  nextBarStart,
  orderStatus,
  periodOfInterval,
  refusalOf,
  stepOf,
  symbolFilters,
  utcDateTime,
  validClientOrderId,
  withdrawStatusCode,
  withdrawStatusesOf,
} from './rules.js';

const d = Decimal.parse;

describe('kline intervals', () => {
  it('maps Binance intervals onto our periods and knows no others', () => {
    expect(periodOfInterval('1m')).toBe('1min');
    expect(periodOfInterval('1h')).toBe('60min');
    expect(periodOfInterval('1M')).toBe('1mon');
    expect(periodOfInterval('1w')).toBe('1week');
    for (const unknown of ['3m', '2h', '4h', '1s', 'toString', ''])
      expect(periodOfInterval(unknown)).toBeUndefined();
  });

  it('closes a bar a millisecond before the next one, months and zone days included', () => {
    expect(nextBarStart(60_000, '1min', 'UTC')).toBe(120_000);
    expect(nextBarStart(Date.UTC(2026, 1, 1), '1mon', 'UTC')).toBe(Date.UTC(2026, 2, 1));
    expect(nextBarStart(Date.UTC(2026, 0, 31), '1day', 'UTC')).toBe(Date.UTC(2026, 1, 1));
    // Shanghai's day starts at 16:00 UTC the day before.
    expect(nextBarStart(Date.UTC(2026, 10, 26, 16), '1day', 'Asia/Shanghai')).toBe(
      Date.UTC(2026, 10, 27, 16),
    );
  });
});

describe('order status', () => {
  it('names open, filled, ended and cancelled orders as Binance does', () => {
    expect(orderStatus(1, d('0'), d('1'))).toBe('NEW');
    expect(orderStatus(1, d('0.5'), d('1'))).toBe('PARTIALLY_FILLED');
    expect(orderStatus(2, d('1'), d('1'))).toBe('FILLED');
    expect(orderStatus(2, d('0.4'), d('1'))).toBe('EXPIRED');
    expect(orderStatus(3, d('0.4'), d('1'))).toBe('CANCELED');
  });
});

describe('symbol filters', () => {
  it('take the tick, the lot and the minimum (at least one lot)', () => {
    expect(stepOf(2)).toBe('0.01');
    expect(stepOf(0)).toBe('1');
    expect(eightDecimals('0.01')).toBe('0.01000000');
    expect(eightDecimals('0.0000000001')).toBe('0.0000000001');
    const filters = symbolFilters({
      priceDecimals: 2,
      numberDecimals: 4,
      minNumber: d('0.00001'),
      maxPrice: d('9999999999999.99'),
      maxQuantity: d('99999999999.9999'),
    });
    expect(filters[0]).toEqual({
      filterType: 'PRICE_FILTER',
      minPrice: '0.01000000',
      maxPrice: '9999999999999.99000000',
      tickSize: '0.01000000',
    });
    expect(filters[1]).toMatchObject({
      filterType: 'LOT_SIZE',
      minQty: '0.00010000',
      stepSize: '0.00010000',
    });
    expect(filters[2]).toMatchObject({ filterType: 'MARKET_LOT_SIZE', minQty: '0.00010000' });
  });
});

describe('refusals', () => {
  it('maps our services’ refusals onto Binance codes with English messages', () => {
    expect(refusalOf('error.insufficient_balance', 'x').toJSON()).toEqual({
      code: -2010,
      msg: 'Account has insufficient balance for requested action.',
    });
    expect(refusalOf('error.amount_min', 'x').toJSON()).toEqual({
      code: -1013,
      msg: 'Filter failure: LOT_SIZE',
    });
    expect(refusalOf('error.price_decimals', 'x').code).toBe(-1111);
    expect(refusalOf('error.request_id_reused', 'x').toJSON()).toEqual({
      code: -2010,
      msg: 'Duplicate order sent.',
    });
    expect(refusalOf('error.market_closed', 'The market is closed').toJSON()).toEqual({
      code: -2010,
      msg: 'The market is closed',
    });
  });

  it('takes client order ids of Binance’s characters', () => {
    expect(validClientOrderId('x-TKT5PX2F93a8de0adb44465e926631')).toBe(true);
    expect(validClientOrderId('a b')).toBe(false);
    expect(validClientOrderId('x'.repeat(65))).toBe(false);
  });
});

describe('wallet (sapi) rules', () => {
  it('names our networks as Binance does: USDT on ERC20 is ETH, on TRC20 TRX', () => {
    expect(capitalNetworkOf('ERC20').network).toBe('ETH');
    expect(capitalNetworkOf('TRC20').network).toBe('TRX');
    expect(capitalNetworkOf('ETH').network).toBe('ETH');
    expect(capitalNetworkOf('BTC').network).toBe('BTC');
    expect(new RegExp(capitalNetworkOf('ERC20').addressRegex).test('0x' + 'ab'.repeat(20))).toBe(true);
  });

  it('gives deposits and withdrawals Binance’s status numbers, and back', () => {
    expect(['pending', 'credited', 'confirmed', 'below_minimum', 'reversed'].map(depositStatusCode)).toEqual([
      0, 6, 1, 7, 2,
    ]);
    expect(
      ['review', 'queued', 'signed', 'sent', 'complete', 'rejected', 'failed'].map(withdrawStatusCode),
    ).toEqual([2, 4, 4, 4, 6, 3, 5]);
    expect(depositStatusesOf(1)).toEqual(['confirmed']);
    expect(withdrawStatusesOf(4)).toEqual(['queued', 'signed', 'sent']);
    expect(withdrawStatusesOf(0)).toEqual([]);
  });

  it('writes applyTime in UTC as Binance does', () => {
    expect(utcDateTime(Date.UTC(2021, 3, 15, 12, 9, 16, 500))).toBe('2021-04-15 12:09:16');
  });

  it('maps the wallet’s refusals onto Binance’s capital codes', () => {
    expect(capitalRefusalOf('error.insufficient_balance', 'x').code).toBe(-4026);
    const unbound = capitalRefusalOf('error.address_not_bound', 'x');
    expect(unbound.code).toBe(-4035);
    expect(unbound.message).toMatch(/address book/);
    expect(capitalRefusalOf('error.withdraw_min', 'The minimum withdrawal is 10').toJSON()).toEqual({
      code: -4022,
      msg: 'The minimum withdrawal is 10',
    });
    expect(capitalRefusalOf('error.deposit_not_final', 'x').code).toBe(-4060);
    expect(capitalRefusalOf('error.account_frozen', 'frozen').toJSON()).toEqual({
      code: -4015,
      msg: 'Withdraw is limited. frozen',
    });
    expect(capitalRefusalOf('error.request_id_reused', 'reused').toJSON()).toEqual({
      code: -4000,
      msg: 'reused',
    });
  });
});
