import { describe, expect, it } from 'vitest';
import { channelOf, isKnownChannel, isPrivateChannel, parseClientMessage } from './channels.js';

describe('channels', () => {
  it('knows the public and private channels of DESIGN.md §3', () => {
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

  it('parses {type, params} frames and nothing else', () => {
    expect(parseClientMessage('{"type":"sub","params":"DAY_MARKET"}')).toEqual({
      type: 'sub',
      params: 'DAY_MARKET',
    });
    expect(parseClientMessage('{"type":"drop"}')).toBeNull();
    expect(parseClientMessage('nope')).toBeNull();
    expect(parseClientMessage(`{"type":"ping","params":"${'x'.repeat(5000)}"}`)).toBeNull();
    expect(channelOf({ channel: 'DAY_MARKET' })).toBe('DAY_MARKET');
    expect(channelOf(5)).toBeNull();
  });
});
