import { describe, expect, it } from 'vitest';
import {
  channelOf,
  isKnownChannel,
  isPrivateChannel,
  kindOf,
  parseClientMessage,
  pushFrame,
  snapshotRuleOf,
} from './channels.js';

describe('channels', () => {
  it('knows the public and private channels of the wire protocol (docs/platform.md)', () => {
    for (const name of [
      'DAY_MARKET',
      'MARKET_DEPTH.BTC/USDT',
      'GLOBAL_TX.ETH/USDT',
      'KLINE.BTC/USDT.5min',
      'KLINE.BTC/USDT.1mon',
    ]) {
      expect(isKnownChannel(name), name).toBe(true);
    }
    for (const name of ['TX_MATCHED', 'TX_SUBMIT', 'LEVER_TRADE', 'LEVER_CLOSED', 'MICRO_CLOSED']) {
      expect(isPrivateChannel(name)).toBe(true);
    }
    for (const name of ['', 'KLINE.BTC/USDT.2min', 'DAY_MARKET2', 'tx_matched', 'MARKET_DEPTH.']) {
      expect(isKnownChannel(name), name).toBe(false);
    }
  });

  it("snapshot rules: depth and one period's klines are whole, tickers by market, all-period klines by period; trades and private ones none", () => {
    expect(snapshotRuleOf('MARKET_DEPTH.BTC/USDT')).toBe('whole');
    expect(snapshotRuleOf('KLINE.BTC/USDT.5min')).toBe('whole');
    expect(snapshotRuleOf('KLINE.BTC/USDT.1mon')).toBe('whole');
    expect(snapshotRuleOf('KLINE.BTC/USDT')).toEqual({ partBy: 'period' });
    expect(snapshotRuleOf('DAY_MARKET')).toEqual({ partBy: 'symbol' });
    for (const name of ['GLOBAL_TX.BTC/USDT', 'ORDER', 'TX_MATCHED']) {
      expect(snapshotRuleOf(name), name).toBeNull();
    }
    // A private channel's key (per owner) never has one.
    expect(snapshotRuleOf('ORDER#5')).toBeNull();
  });

  it('parses {type, params} frames and nothing else', () => {
    expect(parseClientMessage('{"type":"sub","params":"DAY_MARKET"}')).toEqual({
      type: 'sub',
      params: 'DAY_MARKET',
    });
    expect(parseClientMessage('{"type":"drop"}')).toBeNull();
    expect(parseClientMessage('nope')).toBeNull();
    expect(parseClientMessage('ping')).toEqual({ type: 'ping', params: null });
    expect(parseClientMessage(`{"type":"ping","params":"${'x'.repeat(5000)}"}`)).toBeNull();
    expect(channelOf({ channel: 'DAY_MARKET' })).toBe('DAY_MARKET');
    expect(channelOf(5)).toBeNull();
  });

  it('frames a push with the bare kind and the fields at the top level', () => {
    expect(kindOf('MARKET_DEPTH.BTC/USDT')).toBe('MARKET_DEPTH');
    expect(kindOf('KLINE.BTC/USDT.5min')).toBe('KLINE');
    expect(kindOf('TX_MATCHED')).toBe('TX_MATCHED');
    const depth = { in: [], out: [{ price: '1', amount: '2' }] };
    expect(
      pushFrame('MARKET_DEPTH.BTC/USDT', { symbol: 'BTC/USDT', currency_match_id: 1, depth }, 7, 99),
    ).toEqual({
      type: 'MARKET_DEPTH',
      channel: 'MARKET_DEPTH.BTC/USDT',
      symbol: 'BTC/USDT',
      currency_match_id: 1,
      depth,
      seq: 7,
      ts: 99,
    });
    // The frame's own keys cannot be overwritten by a field of the same name.
    expect(pushFrame('TX_SUBMIT', { type: 3, seq: 'x' }, 1, 2)).toMatchObject({ type: 'TX_SUBMIT', seq: 1 });
  });
});
