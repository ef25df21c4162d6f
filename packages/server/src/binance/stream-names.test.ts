import { describe, expect, it } from 'vitest';
import { parseStreamName } from './stream-names.js';

describe('parseStreamName', () => {
  it('reads the depth streams and their speeds', () => {
    expect(parseStreamName('btcusdt@depth')).toEqual({
      kind: 'depth',
      fast: false,
      name: 'btcusdt@depth',
      symbol: 'btcusdt',
    });
    expect(parseStreamName('btcusdt@depth@100ms')).toMatchObject({ kind: 'depth', fast: true });
    expect(parseStreamName('btcusdt@depth@1000ms')).toMatchObject({ kind: 'depth', fast: false });
    expect(parseStreamName('ethusdt@depth10@100ms')).toMatchObject({
      kind: 'partialDepth',
      levels: 10,
      fast: true,
    });
    expect(parseStreamName('ethusdt@depth20')).toMatchObject({
      kind: 'partialDepth',
      levels: 20,
      fast: false,
    });
  });

  it('reads trades, klines and tickers', () => {
    expect(parseStreamName('btcusdt@trade')).toMatchObject({ kind: 'trade', symbol: 'btcusdt' });
    expect(parseStreamName('btcusdt@kline_1m')).toMatchObject({
      kind: 'kline',
      interval: '1m',
      period: '1min',
    });
    expect(parseStreamName('btcusdt@kline_1M')).toMatchObject({ kind: 'kline', period: '1mon' });
    expect(parseStreamName('btcusdt@kline_1h')).toMatchObject({ period: '60min' });
    expect(parseStreamName('btcusdt@ticker')).toMatchObject({ kind: 'ticker' });
    expect(parseStreamName('btcusdt@miniTicker')).toMatchObject({ kind: 'miniTicker' });
    expect(parseStreamName('btcusdt@bookTicker')).toMatchObject({ kind: 'bookTicker' });
  });

  it('refuses what Binance would not know', () => {
    for (const bad of [
      'btcusdt',
      'BTCUSDT@trade',
      'btcusdt@depth7',
      'btcusdt@depth@50ms',
      'btcusdt@trade@100ms',
      'btcusdt@kline_2m',
      'btcusdt@kline_toString',
      'btcusdt@aggTrade',
      'btcusdt@depth@100ms@x',
      '0',
      '',
    ]) {
      expect(parseStreamName(bad), bad).toBeUndefined();
    }
  });
});
