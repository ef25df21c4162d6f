import type { KlineBar } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestExchange, type TestExchange } from '../../server/test/helpers/exchange.js';
import { LiveClient, type SocketLike } from '../src/api/live.js';
import { KlineFeed, type FeedKey, type FeedSource } from '../src/features/trade/kline-feed.js';

let ex: TestExchange;
let live: LiveClient;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  ex = await startTestExchange();
  live = new LiveClient({
    url: `${ex.url.replace('http', 'ws')}/ws`,
    token: () => null,
    createSocket: (url) => {
      const socket = new WebSocket(url);
      sockets.push(socket);
      return socket as unknown as SocketLike;
    },
  });
});
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await ex?.stop();
});

const BTC_5MIN: FeedKey = { marketId: 1, symbol: 'BTC/USDT', period: '5min', spanMs: 300_000 };
const BTC_1DAY: FeedKey = { ...BTC_5MIN, period: '1day', spanMs: 86_400_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** market/kline and the live channel of the real server; loads of `slow` keys answer late. */
function source(log: string[], slow: (key: FeedKey) => boolean = () => false): FeedSource {
  return {
    load: async (key, range) => {
      log.push(`load ${key.period}${range.from !== undefined ? ' poll' : ''}`);
      if (slow(key)) await sleep(300);
      const query = new URLSearchParams({ currency_match_id: String(key.marketId), period: key.period });
      const answer = await fetch(`${ex.url}/api/market/kline?${query}`);
      return ((await answer.json()) as { data: KlineBar[] }).data;
    },
    listen: (channel, listener) => {
      log.push(`sub ${channel}`);
      const off = live.subscribe(channel, listener);
      return () => {
        log.push(`unsub ${channel}`);
        off();
      };
    },
  };
}

describe('the chart feed: one market and period at a time', () => {
  it('drops a history answer that arrives after another key was selected', async () => {
    const feed = new KlineFeed(source([], (key) => key.period === '5min'));
    feed.select(BTC_5MIN);
    const old = feed.history();
    feed.select(BTC_1DAY);
    const current = feed.history();
    expect(await old).toBeNull();
    expect(await current).toEqual([]);
  });

  it('keeps exactly one live subscription and one poll, and stops both on a new key', async () => {
    const log: string[] = [];
    const feed = new KlineFeed(source(log), 100);
    feed.select(BTC_5MIN);
    feed.start(() => undefined);
    feed.start(() => undefined);
    await sleep(350);
    const polls = log.filter((line) => line === 'load 5min poll').length;
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(polls).toBeLessThanOrEqual(4);
    expect(feed.select(BTC_5MIN)).toBe(false);
    expect(feed.select(BTC_1DAY)).toBe(true);
    await sleep(250);
    expect(log.filter((line) => line === 'load 5min poll').length).toBe(polls);
    expect(log.filter((line) => line.startsWith('sub') || line.startsWith('unsub'))).toEqual([
      'sub KLINE.BTC/USDT.5min',
      'unsub KLINE.BTC/USDT.5min',
      'sub KLINE.BTC/USDT.5min',
      'unsub KLINE.BTC/USDT.5min',
    ]);
  });
});
