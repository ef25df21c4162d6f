import { Decimal, type KlineBar } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import { BUY, SELL } from '../../server/src/spot/engine.js';
import { LIMIT, MARKET } from '../../server/src/spot/orders.js';
import { startTestExchange, type TestExchange } from '../../server/test/helpers/exchange.js';
import { DOT, ETH, TRX, USDT, trader } from '../../server/test/helpers/ledger.js';
import { LiveClient, type SocketLike } from '../src/api/live.js';
import { isNewer, KlineFeed, type FeedKey, type FeedSource } from '../src/features/trade/kline-feed.js';

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

interface SourceOptions {
  /** Loads of these keys answer late. */
  slow?: (key: FeedKey) => boolean;
  /** The live channel delivers nothing, as when it was lost. */
  deaf?: boolean;
  /** Runs once a poll's answer is in, before the feed sees it (a slow network on the way back). */
  polled?: () => Promise<void>;
}

/** market/kline and the live channel of the real server. */
function source(log: string[], options: SourceOptions = {}): FeedSource {
  return {
    load: async (key, range) => {
      const poll = range.from !== undefined && range.to === undefined;
      log.push(`load ${key.period}${poll ? ' poll' : ''}`);
      if (options.slow?.(key)) await sleep(300);
      const query = new URLSearchParams({ currency_match_id: String(key.marketId), period: key.period });
      if (range.from !== undefined) query.set('from', String(range.from));
      if (range.to !== undefined) query.set('to', String(range.to));
      const answer = await fetch(`${ex.url}/api/market/kline?${query}`);
      const body = (await answer.json()) as { code: number; msg: string; data: KlineBar[] };
      // As the app's client does: a refusal is an error, never an empty answer.
      if (body.code !== 1) throw new Error(body.msg);
      if (poll) await options.polled?.();
      return body.data;
    },
    listen: (channel, listener) => {
      log.push(`sub ${channel}`);
      if (options.deaf) return () => log.push(`unsub ${channel}`);
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
    const feed = new KlineFeed(source([], { slow: (key) => key.period === '5min' }));
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

const TRX_1MIN: FeedKey = { marketId: 3, symbol: 'TRX/USDT', period: '1min', spanMs: 60_000 };
const DOT_1MIN: FeedKey = { marketId: 4, symbol: 'DOT/USDT', period: '1min', spanMs: 60_000 };
const ETH_1MIN: FeedKey = { marketId: 2, symbol: 'ETH/USDT', period: '1min', spanMs: 60_000 };
const MINUTE = 60_000;

/** One trade of 10 at `price` on the key's market, stamped `at` (trades come in time order). */
async function trade(key: FeedKey, price: string, at: number): Promise<void> {
  const [seller, buyer] = await Promise.all([
    trader(ex, [
      [TRX, '1000'],
      [DOT, '1000'],
      [ETH, '1000'],
    ]),
    trader(ex, [[USDT, '1000']]),
  ]);
  const order = { marketId: key.marketId, number: key === ETH_1MIN ? '0.01' : '10' };
  const [, taken] = await Promise.all([
    ex.spot.place(seller.id, SELL, { ...order, price, type: LIMIT }, at),
    ex.spot.place(buyer.id, BUY, { ...order, type: MARKET }, at),
  ]);
  expect(taken.trades).toHaveLength(1);
}

describe('the chart feed: every bar, in its latest state', () => {
  it('after the live channel was lost, the next poll brings every bar since the newest one drawn', async () => {
    const minute = Math.floor(ex.clock.now() / MINUTE) * MINUTE;
    await trade(TRX_1MIN, '0.12', minute - 10 * MINUTE + 1_000);
    const feed = new KlineFeed(source([], { deaf: true }), 100);
    onTestFinished(() => feed.stop());
    feed.select(TRX_1MIN);
    expect((await feed.history())!.map((bar) => bar.time)).toEqual([minute - 10 * MINUTE]);
    // The chart hears nothing while the market trades 5 minutes and 1 minute ago.
    await trade(TRX_1MIN, '0.121', minute - 5 * MINUTE + 1_000);
    await trade(TRX_1MIN, '0.122', minute - MINUTE + 1_000);
    const delivered: KlineBar[] = [];
    feed.start((bar) => delivered.push(bar));
    await expect
      .poll(() => delivered.map((bar) => `${(bar.time - minute) / MINUTE} ${bar.close}`))
      .toEqual(expect.arrayContaining(['-5 0.121', '-1 0.122']));
  });

  it('drops a poll answer older than the bar the live channel already brought', async () => {
    const minute = Math.floor(ex.clock.now() / MINUTE) * MINUTE;
    const time = minute - MINUTE;
    await trade(DOT_1MIN, '7.2', time + 1_000);
    // The first poll's answer is held on its way back until a newer copy of its bar was pushed.
    let answered!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let polls = 0;
    const polled = async () => {
      if ((polls += 1) > 1) return;
      answered();
      await released;
    };
    const feed = new KlineFeed(source([], { polled }), 100);
    onTestFinished(() => feed.stop());
    feed.select(DOT_1MIN);
    await feed.history();
    const volumes: string[] = [];
    feed.start((bar) => {
      if (bar.time === time) volumes.push(bar.volume);
    });
    await firstAnswered;
    await trade(DOT_1MIN, '7.3', time + 2_000);
    await expect.poll(() => volumes).toContain('20');
    release();
    await sleep(400);
    // The bar only ever grows: no copy of it from before the second trade came after one from after.
    const grows = volumes.every(
      (volume, i) => i === 0 || !Decimal.parse(volume).lt(Decimal.parse(volumes[i - 1]!)),
    );
    expect(grows, volumes.join(' ')).toBe(true);
    expect(volumes.at(-1)).toBe('20');
  });
});

describe('the chart feed after the live channel drops', () => {
  it('holds the first pushes back until a poll has brought the bars missed before them', async () => {
    const minute = Math.floor(ex.clock.now() / MINUTE) * MINUTE;
    const at = (minutesAgo: number) => minute - minutesAgo * MINUTE + 1_000;
    await trade(ETH_1MIN, '3000', at(10));
    // Polls only when the channel calls for one, so nothing but the channel brings a bar in between.
    const feed = new KlineFeed(source([]), 600_000);
    onTestFinished(() => feed.stop());
    feed.select(ETH_1MIN);
    await feed.history();
    const delivered: number[] = [];
    feed.start((bar) => delivered.push((bar.time - minute) / MINUTE));
    await trade(ETH_1MIN, '3001', at(8));
    await expect.poll(() => delivered).toEqual([-8]);

    // The connection drops; the market trades while it is away, and again once it is back.
    const connected = sockets.filter((socket) => socket.readyState === WebSocket.OPEN);
    for (const socket of connected) socket.terminate();
    await expect.poll(() => live.connected).toBe(false);
    await sleep(200);
    await trade(ETH_1MIN, '3002', at(5));
    await expect.poll(() => live.connected, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => ex.hub.hasSubscribers('KLINE.ETH/USDT.1min')).toBe(true);
    await trade(ETH_1MIN, '3003', at(2));
    // The bar traded while away comes first; the chart can take no bar older than its newest.
    await expect.poll(() => delivered).toEqual([-8, -5, -2]);
  });
});

describe('isNewer', () => {
  const bar = (time: number, volume: string): KlineBar => ({
    time,
    open: '1',
    high: '1',
    low: '1',
    close: '1',
    volume,
    amount: volume,
    period: '1min',
  });
  it('takes a later bar, or a later state of the same bar (more volume), and nothing else', () => {
    const newest = bar(120_000, '2.5');
    expect(isNewer(bar(180_000, '0.1'), newest)).toBe(true);
    expect(isNewer(bar(120_000, '2.51'), newest)).toBe(true);
    expect(isNewer(bar(120_000, '2.50'), newest)).toBe(false);
    expect(isNewer(bar(120_000, '2.49'), newest)).toBe(false);
    expect(isNewer(bar(60_000, '9'), newest)).toBe(false);
    expect(isNewer(bar(60_000, '1'), null)).toBe(true);
  });
});
