import { describe, expect, it } from 'vitest';
import {
  accountPosition,
  depthUpdate,
  executionReport,
  orderState,
  type ExecutionFacts,
} from './stream-events.js';

describe('stream events', () => {
  it('writes depth diffs and balances in Binance field names, numbers as given', () => {
    expect(depthUpdate('BTCUSDT', 5, 11, 13, [['100.5', '0']], [])).toEqual({
      e: 'depthUpdate',
      E: 5,
      s: 'BTCUSDT',
      U: 11,
      u: 13,
      b: [['100.5', '0']],
      a: [],
    });
    expect(accountPosition(7, [{ asset: 'USDT', free: '10.000000000000000001', locked: '0' }])).toEqual({
      e: 'outboundAccountPosition',
      E: 7,
      u: 7,
      B: [{ a: 'USDT', f: '10.000000000000000001', l: '0' }],
    });
  });

  it('names order states as Binance does', () => {
    expect(orderState(1, false, 'LIMIT')).toBe('NEW');
    expect(orderState(1, true, 'LIMIT')).toBe('PARTIALLY_FILLED');
    expect(orderState(2, true, 'MARKET')).toBe('FILLED');
    expect(orderState(3, false, 'LIMIT')).toBe('CANCELED');
    expect(orderState(3, true, 'MARKET')).toBe('EXPIRED');
  });

  it('keeps an execution report’s figures as strings', () => {
    const facts = { quantity: '0.1', price: '65000.01', lastQuantity: '0.05' } as Partial<ExecutionFacts>;
    const report = executionReport(1, facts as ExecutionFacts);
    expect(report).toMatchObject({ e: 'executionReport', q: '0.1', p: '65000.01', l: '0.05', f: 'GTC' });
  });
});
