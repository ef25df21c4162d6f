import { createHash, createHmac } from 'node:crypto';
import { Decimal } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bookSequenceOf } from '../src/binance/book-sequence.js';
import { listenKeysOf } from '../src/binance/listen-keys.js';
import { auditLedger } from '../src/ledger/audit.js';
import { ApiClient } from './helpers/client.js';
import { budget } from './helpers/budget.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import {
  DOT,
  DOT_USDT,
  ETH,
  ETH_USDT,
  TRX,
  TRX_USDT,
  USDT,
  balanceOf,
  trader as traderOf,
} from './helpers/ledger.js';

type Json = Record<string, unknown>;

/** A raw Binance-style client: every JSON frame it received, and a wait for the next one that fits. */
async function client(url: string) {
  const socket = new WebSocket(url);
  const frames: Json[] = [];
  const waiters: { test: (frame: Json) => boolean; resolve: (frame: Json) => void }[] = [];
  let taken = 0;
  const unclaimed: Json[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Json;
    frames.push(frame);
    const index = waiters.findIndex((waiter) => waiter.test(frame));
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(frame);
    else unclaimed.push(frame);
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.once('close', (code) => resolve({ code })),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    frames,
    closed,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    next: (test: (frame: Json) => boolean, what = 'frame') =>
      new Promise<Json>((resolve, reject) => {
        const seen = unclaimed.findIndex(test);
        if (seen >= 0) return resolve(unclaimed.splice(seen, 1)[0]!);
        taken += 1;
        waiters.push({ test, resolve });
        setTimeout(
          () => reject(new Error(`no ${what} in 5 s; got ${JSON.stringify(frames.slice(-5))}`)),
          5000,
        );
      }),
    get taken() {
      return taken;
    },
  };
}

let ex: TestExchange;
let ws: string;
beforeAll(async () => {
  ex = await startTestExchange();
  ws = ex.url.replace('http', 'ws');
});
afterAll(async () => {
  expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
});

const trader = (currency: number, amount: string) => traderOf(ex, [[currency, amount]]);
const sell = (token: string, marketId: number, number: string, price: string) =>
  ex.api.post<{ id: number }>('tx_out/add', { currency_match_id: marketId, number, price }, { token });
const buyMarket = (token: string, marketId: number, number: string) =>
  ex.api.post<{ id: number }>('tx_in/add', { currency_match_id: marketId, number, type: 1 }, { token });
const isEvent = (type: string) => (frame: Json) => frame.e === type;

describe('Binance market streams', () => {
  it('sends depth diffs whose update ids continue the book sequence, and trades, on /ws/<stream>', async () => {
    const sequence = bookSequenceOf(ex);
    const diffs = await client(`${ws}/ws/dotusdt@depth@100ms`);
    const trades = await client(`${ws}/ws/dotusdt@trade`);
    const before = sequence.lastUpdateId(DOT_USDT);
    const seller = await trader(DOT, '100');
    const buyer = await trader(USDT, '1000');

    const placed = await sell(seller.token, DOT_USDT, '10', '7.25');
    const first = await diffs.next(isEvent('depthUpdate'), 'depthUpdate');
    expect(first).toMatchObject({ s: 'DOTUSDT', U: before + 1, u: before + 1, b: [], a: [['7.25', '10']] });

    await buyMarket(buyer.token, DOT_USDT, '4');
    const trade = await trades.next(isEvent('trade'), 'trade');
    expect(trade).toMatchObject({ s: 'DOTUSDT', p: '7.25', q: '4', m: false, M: true });
    const second = await diffs.next(isEvent('depthUpdate'), 'second depthUpdate');
    expect(second).toMatchObject({ U: before + 2, u: before + 2, b: [], a: [['7.25', '6']] });
    expect(second.u).toBe(sequence.lastUpdateId(DOT_USDT));

    // Binance's first-update rule against the REST snapshot: the next diff starts right after it.
    const snapshot = (await (await fetch(`${ex.url}/api/v3/depth?symbol=DOTUSDT&limit=5`)).json()) as {
      lastUpdateId: number;
      asks: [string, string][];
    };
    expect(snapshot.lastUpdateId).toBe(second.u);
    expect(snapshot.asks).toEqual([['7.25', '6']]);

    // Cancelling the rest empties the level: quantity "0".
    await ex.api.post('tx_out/cancel', { id: placed.body.data!.id }, { token: seller.token });
    const third = await diffs.next(isEvent('depthUpdate'), 'third depthUpdate');
    expect(third).toMatchObject({ U: before + 3, a: [['7.25', '0']] });
    expect(third.U as number).toBeLessThanOrEqual(snapshot.lastUpdateId + 1);
    expect(third.u as number).toBeGreaterThanOrEqual(snapshot.lastUpdateId + 1);
    diffs.socket.close();
    trades.socket.close();
  });

  it('resends the book after a failed commit, so a level read from a batch that never committed is corrected', async () => {
    // The 1 s diffs: one falls inside the failing batch below.
    const diffs = await client(`${ws}/ws/dotusdt@depth`);
    const seller = await trader(DOT, '100');
    const marker = await sell(seller.token, DOT_USDT, '1', '12.5');
    await diffs.next((frame) => frame.e === 'depthUpdate', 'the marker order’s diff');
    // Right after a 1 s diff: the next one comes while the second order's batch waits to fail.
    const first = await sell(seller.token, DOT_USDT, '3', '11.5');
    const executeBatch = ex.db.executeBatch.bind(ex.db);
    ex.db.executeBatch = async () => {
      ex.db.executeBatch = executeBatch;
      await new Promise((resolve) => setTimeout(resolve, 1200));
      throw new Error('disk full');
    };
    const failed = await sell(seller.token, DOT_USDT, '4', '11.5');
    expect(failed.body.code).not.toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const shown = diffs.frames
      .filter((frame) => frame.e === 'depthUpdate')
      .map((frame) => (frame.a as [string, string][]).find(([price]) => price === '11.5')?.[1]);
    // The diff read in the failing batch showed its order; the one after the resync takes it back.
    expect(shown).toContain('7');
    expect(shown.at(-1)).toBe('3');
    await ex.api.post('tx_out/cancel', { id: first.body.data!.id }, { token: seller.token });
    await ex.api.post('tx_out/cancel', { id: marker.body.data!.id }, { token: seller.token });
    diffs.socket.close();
  });

  it('answers SUBSCRIBE, LIST_SUBSCRIPTIONS and UNSUBSCRIBE, and Binance error frames', async () => {
    const c = await client(`${ws}/ws/0`);
    c.send({ method: 'SUBSCRIBE', params: ['trxusdt@trade', 'trxusdt@depth5@100ms'], id: 1 });
    expect(await c.next((f) => f.id === 1)).toEqual({ result: null, id: 1 });
    // A partial book's first frame comes at once, with the book's last update id.
    const partial = await c.next((f) => 'lastUpdateId' in f, 'partial book');
    expect(partial.lastUpdateId).toBe(bookSequenceOf(ex).lastUpdateId(TRX_USDT));
    c.send({ method: 'LIST_SUBSCRIPTIONS', id: 2 });
    expect(await c.next((f) => f.id === 2)).toEqual({
      result: ['trxusdt@trade', 'trxusdt@depth5@100ms'],
      id: 2,
    });
    c.send({ method: 'UNSUBSCRIBE', params: ['trxusdt@trade'], id: 3 });
    expect(await c.next((f) => f.id === 3)).toEqual({ result: null, id: 3 });
    c.send({ method: 'LIST_SUBSCRIPTIONS', id: 4 });
    expect(await c.next((f) => f.id === 4)).toEqual({ result: ['trxusdt@depth5@100ms'], id: 4 });
    c.send({ method: 'SUBSCRIBE', params: ['nosuchcoin@trade'], id: 5 });
    expect(await c.next((f) => f.id === 5)).toEqual({
      error: { code: 2, msg: 'Invalid request: invalid stream' },
      id: 5,
    });
    c.send({ method: 'SUBSCRIBE', params: ['trxusdt@depth7'], id: 6 });
    expect(await c.next((f) => f.id === 6)).toMatchObject({ error: { code: 2 } });
    c.send({ method: 'FLY', id: 7 });
    expect(await c.next((f) => f.id === 7)).toMatchObject({
      error: { code: 2, msg: expect.stringContaining('unknown variant') },
    });
    c.socket.send('{not json');
    expect(await c.next((f) => f.id === null)).toMatchObject({ error: { code: 3 } });
    c.send({ method: 'GET_PROPERTY', params: ['combined'], id: 8 });
    expect(await c.next((f) => f.id === 8)).toEqual({ result: false, id: 8 });
    c.socket.close();
  });

  it('wraps events on /stream?streams=… and sends tickers, book tickers and klines', async () => {
    const c = await client(
      `${ws}/stream?streams=trxusdt@trade/trxusdt@bookTicker/trxusdt@ticker/trxusdt@kline_1m`,
    );
    const seller = await trader(TRX, '1000');
    const buyer = await trader(USDT, '1000');
    const resting = await sell(seller.token, TRX_USDT, '100', '0.125');
    const book = await c.next(
      (f) => f.stream === 'trxusdt@bookTicker' && (f.data as Json).a === '0.125',
      'bookTicker',
    );
    expect(book.data).toMatchObject({ s: 'TRXUSDT', a: '0.125', A: '100' });
    await buyMarket(buyer.token, TRX_USDT, '40');
    const trade = await c.next((f) => f.stream === 'trxusdt@trade', 'trade');
    expect(trade.data).toMatchObject({ e: 'trade', s: 'TRXUSDT', p: '0.125', q: '40', m: false });
    const kline = await c.next(
      (f) => f.stream === 'trxusdt@kline_1m' && ((f.data as Json).k as Json).c === '0.125',
    );
    expect((kline.data as Json).k).toMatchObject({ i: '1m', s: 'TRXUSDT', c: '0.125', x: false });
    const k = (kline.data as Json).k as { t: number; T: number };
    expect(k.T - k.t).toBe(59_999);
    const ticker = await c.next(
      (f) => f.stream === 'trxusdt@ticker' && (f.data as Json).c === '0.125',
      'ticker',
    );
    expect(ticker.data).toMatchObject({ e: '24hrTicker', s: 'TRXUSDT', a: '0.125', A: '60' });
    await ex.api.post('tx_out/cancel', { id: resting.body.data!.id }, { token: seller.token });
    c.socket.close();
  });
});

/** Signs WebSocket API parameters as Binance and ccxt do: sorted `name=value` pairs, HMAC-SHA256. */
function signed(secret: string, params: Json): Json {
  const payload = Object.keys(params)
    .sort()
    .map((name) => `${name}=${String(params[name])}`)
    .join('&');
  return { ...params, signature: createHmac('sha256', secret).update(payload).digest('hex') };
}

describe('Binance user data', () => {
  it('subscribes with a signature on /ws-api/v3 and reports the owner’s orders and spot balances only', async () => {
    const seller = await trader(DOT, '50');
    const buyer = await trader(USDT, '500');
    const key = await ex.apiKeys.create(seller.id, {
      label: 'bot',
      trade: true,
      withdraw: false,
      ipList: [],
      expiresAt: null,
    });
    const c = await client(`${ws}/ws-api/v3`);
    c.send({
      id: 'bad',
      method: 'userDataStream.subscribe.signature',
      params: { ...signed('wrong', { apiKey: key.apiKey, timestamp: Date.now() }) },
    });
    expect(await c.next((f) => f.id === 'bad')).toEqual({
      id: 'bad',
      status: 400,
      error: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
    c.send({
      id: 'stale',
      method: 'userDataStream.subscribe.signature',
      params: signed(key.secret, { apiKey: key.apiKey, timestamp: Date.now() - 10_000 }),
    });
    expect(await c.next((f) => f.id === 'stale')).toMatchObject({ status: 400, error: { code: -1021 } });
    c.send({
      id: 'nokey',
      method: 'userDataStream.subscribe.signature',
      params: signed(key.secret, { apiKey: 'x'.repeat(64), timestamp: Date.now() }),
    });
    expect(await c.next((f) => f.id === 'nokey')).toMatchObject({ status: 401, error: { code: -2015 } });
    c.send({
      id: 1,
      method: 'userDataStream.subscribe.signature',
      params: signed(key.secret, { apiKey: key.apiKey, timestamp: Date.now(), recvWindow: 5000 }),
    });
    expect(await c.next((f) => f.id === 1)).toEqual({ id: 1, status: 200, result: { subscriptionId: 0 } });

    const placed = await sell(seller.token, DOT_USDT, '5', '8');
    const orderId = placed.body.data!.id;
    const fresh = await c.next((f) => (f.event as Json | undefined)?.e === 'executionReport', 'NEW report');
    expect(fresh).toMatchObject({
      subscriptionId: 0,
      event: {
        s: 'DOTUSDT',
        i: orderId,
        c: String(orderId),
        S: 'SELL',
        o: 'LIMIT',
        x: 'NEW',
        X: 'NEW',
        q: '5',
        p: '8',
      },
    });
    const held = await c.next(
      (f) => (f.event as Json | undefined)?.e === 'outboundAccountPosition',
      'balances',
    );
    expect((held.event as Json).B).toEqual([{ a: 'DOT', f: '45', l: '5' }]);

    await buyMarket(buyer.token, DOT_USDT, '2');
    const fill = await c.next((f) => (f.event as Json | undefined)?.x === 'TRADE', 'TRADE report');
    expect(fill.event).toMatchObject({
      i: orderId,
      X: 'PARTIALLY_FILLED',
      l: '2',
      z: '2',
      L: '8',
      m: true,
      Y: '16',
      N: 'USDT',
    });
    const after = await c.next(
      (f) => (f.event as Json | undefined)?.e === 'outboundAccountPosition',
      'balances after the fill',
    );
    const balances = (after.event as { B: { a: string; f: string; l: string }[] }).B;
    expect(balances.find((b) => b.a === 'DOT')).toEqual({ a: 'DOT', f: '45', l: '3' });
    const usdt = balances.find((b) => b.a === 'USDT')!;
    expect(usdt.f).toBe(await balanceOf(ex.api, seller.token, USDT));
    // The fee the report names is what the ledger kept back from the 16 USDT the fill paid.
    expect(
      Decimal.parse('16')
        .sub(Decimal.parse(String((fill.event as Json).n)))
        .toString(),
    ).toBe(usdt.f);
    // The buyer's own reports never reach the seller's stream.
    expect(c.frames.some((f) => (f.event as Json | undefined)?.S === 'BUY')).toBe(false);

    await ex.api.post('tx_out/cancel', { id: orderId }, { token: seller.token });
    expect(await c.next((f) => (f.event as Json | undefined)?.x === 'CANCELED')).toMatchObject({
      event: { i: orderId, X: 'CANCELED' },
    });
    c.send({ id: 2, method: 'userDataStream.unsubscribe', params: { subscriptionId: 0 } });
    expect(await c.next((f) => f.id === 2)).toEqual({ id: 2, status: 200, result: {} });
    c.socket.close();
  });

  it('delivers the same events on /ws/<listenKey> and ends the stream with its key', async () => {
    const seller = await trader(DOT, '20');
    const keys = listenKeysOf(ex);
    const grant = keys.open(seller.id, 999_001);
    const c = await client(`${ws}/ws/${grant.listenKey}`);
    await sell(seller.token, DOT_USDT, '1', '9');
    expect(await c.next(isEvent('executionReport'))).toMatchObject({ x: 'NEW', S: 'SELL', p: '9' });
    expect(await c.next(isEvent('outboundAccountPosition'))).toMatchObject({
      B: [{ a: 'DOT', f: '19', l: '1' }],
    });
    keys.remove(grant.listenKey, seller.id);
    expect(await c.next(isEvent('listenKeyExpired'))).toMatchObject({ listenKey: grant.listenKey });
    await c.closed;
  });
});

describe('listen keys across a restart (a takeover in a cluster)', () => {
  it('the next process knows a listen key by its hash: its stream and keepalive go on, and open answers it again once presented', async () => {
    const first = await startTestExchange();
    const seller = await traderOf(first, [[DOT, '20']]);
    const grant = listenKeysOf(first).open(seller.id, 999_002);
    // A new start on the same database: its listen keys come from the database, not from memory.
    const second = await first.restart();
    try {
      const stored = await second.db.kysely.selectFrom('listen_keys').selectAll().execute();
      expect(stored).toEqual([
        {
          key_hash: createHash('sha256').update(grant.listenKey).digest('hex'),
          user_id: seller.id,
          api_key_id: 999_002,
          expires_at: grant.expiresAt,
        },
      ]);
      const keys = listenKeysOf(second);
      const c = await client(`${second.url.replace('http', 'ws')}/ws/${grant.listenKey}`);
      await new ApiClient(second.url).post(
        'tx_out/add',
        { currency_match_id: DOT_USDT, number: '1', price: '9' },
        { token: seller.token },
      );
      expect(await c.next(isEvent('executionReport'))).toMatchObject({ x: 'NEW', S: 'SELL', p: '9' });
      expect(keys.keepalive(grant.listenKey, seller.id)).toBe(true);
      expect(keys.open(seller.id, 999_002).listenKey).toBe(grant.listenKey);
      // Closed on the second, gone from the database too.
      keys.remove(grant.listenKey, seller.id);
      // The delete is written after the answer: a loaded machine (CI) needs more than poll's 1 s.
      await expect
        .poll(async () => (await second.db.kysely.selectFrom('listen_keys').selectAll().execute()).length, {
          timeout: budget(10_000),
        })
        .toBe(0);
      c.socket.close();
    } finally {
      await second.stop();
    }
  });
});

describe('drain', () => {
  it('closes the trading API sockets with 1001 when the exchange stops, and /ws still speaks the live channel', async () => {
    const live = new WebSocket(`${ws}/ws`);
    await new Promise((resolve) => live.once('open', resolve));
    live.send(JSON.stringify({ type: 'ping' }));
    const pong = await new Promise<Json>((resolve) =>
      live.once('message', (data) => resolve(JSON.parse(String(data)) as Json)),
    );
    expect(pong.type).toBe('pong');
    live.close();
    const other = await startTestExchange();
    const c = await client(`${other.url.replace('http', 'ws')}/ws/dotusdt@depth`);
    await other.stop();
    expect((await c.closed).code).toBe(1001);
  });
});

describe('ccxt pro binance, unmodified', () => {
  it('watches the order book, trades, orders and balance through our streams', async () => {
    const { pro } = (await import('ccxt')).default;
    const seller = await trader(ETH, '10');
    const buyer = await trader(USDT, '100000');
    const key = await ex.apiKeys.create(seller.id, {
      label: 'ccxt',
      trade: true,
      withdraw: false,
      ipList: [],
      expiresAt: null,
    });
    const exchange = new pro.binance({
      apiKey: key.apiKey,
      secret: key.secret,
      options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
    });
    const api = exchange.urls.api as Record<string, unknown> & { ws: Record<string, unknown> };
    exchange.urls.api = {
      ...api,
      public: `${ex.url}/api/v3`,
      private: `${ex.url}/api/v3`,
      v1: `${ex.url}/api/v1`,
      ws: { ...api.ws, spot: `${ws}/ws`, 'ws-api': { spot: `${ws}/ws-api/v3` } },
    };
    try {
      // ccxt's own rule for plain ws:// addresses (a deployment behind TLS needs none).
      await exchange.loadHttpProxyAgent();
      await exchange.loadMarkets();
      // The book: a snapshot from REST, then diffs sequenced against its lastUpdateId.
      const book = await exchange.watchOrderBook('TRX/USDT');
      expect(book.symbol).toBe('TRX/USDT');
      const trx = await trader(TRX, '1000');
      const resting = await sell(trx.token, TRX_USDT, '123', '0.5');
      let seen = await exchange.watchOrderBook('TRX/USDT');
      while (!seen.asks.some(([price]) => price === 0.5)) seen = await exchange.watchOrderBook('TRX/USDT');
      expect(seen.asks.find(([price]) => price === 0.5)).toEqual([0.5, 123]);
      expect(seen.asks[0]).toEqual((await exchange.fetchOrderBook('TRX/USDT')).asks[0]);

      const trades = exchange.watchTrades('TRX/USDT');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await buyMarket(buyer.token, TRX_USDT, '23');
      const [trade] = await trades;
      expect(trade).toMatchObject({ symbol: 'TRX/USDT', price: 0.5, amount: 23, side: 'buy' });
      const ticker = await exchange.watchTicker('TRX/USDT');
      expect(ticker).toMatchObject({ symbol: 'TRX/USDT', last: 0.5 });
      const bars = await exchange.watchOHLCV('TRX/USDT', '1m');
      expect(bars.at(-1)?.[4]).toBe(0.5);
      await ex.api.post('tx_out/cancel', { id: resting.body.data!.id }, { token: trx.token });

      // User data through the WebSocket API's signature subscription.
      const orders = exchange.watchOrders('ETH/USDT');
      const balance = exchange.watchBalance();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const placed = await sell(seller.token, ETH_USDT, '1.5', '99999');
      const [order] = await orders;
      expect(order).toMatchObject({
        id: String(placed.body.data!.id),
        symbol: 'ETH/USDT',
        side: 'sell',
        status: 'open',
        amount: 1.5,
        price: 99999,
      });
      const balances = await balance;
      expect(balances.ETH).toMatchObject({ free: 8.5, used: 1.5 });
      const rest = await exchange.fetchBalance();
      expect(rest.ETH).toMatchObject({ free: 8.5, used: 1.5 });
      await ex.api.post('tx_out/cancel', { id: placed.body.data!.id }, { token: seller.token });
    } finally {
      await exchange.close();
    }
  });
});
