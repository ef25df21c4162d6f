import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, BTC_USDT, DOT, DOT_USDT, LEVER, trader, USDT } from './helpers/ledger.js';
import { dateTime, decimal, expectLeverPosition, signedDecimal, specClient } from './helpers/spec-client.js';
import { signUp } from './helpers/users.js';

/**
 * Every live channel of the product spec, read raw as the spec's own client reads it: it sends
 * {type, params}, routes a push on its bare `type` and reads the spec's fields at the top level of
 * the frame. Each push is caused by a real call, not published by hand.
 */

let ex: TestExchange;
let call: ReturnType<typeof specClient>;
beforeAll(async () => {
  ex = await startTestExchange();
  call = specClient(ex.url);
});
afterAll(async () => ex?.stop());

const MICRO = 4;
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The spec's client: logs in with the token, subscribes, keeps every frame as it came. */
async function liveClient(token: string | null, channels: string[]) {
  const socket = new WebSocket(`${ex.url.replace('http', 'ws')}/ws`);
  const frames: Raw[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Raw));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const send = (type: string, params: unknown) => socket.send(JSON.stringify({ type, params }));
  const until = async (check: (frame: Raw) => boolean, what: string): Promise<Raw> => {
    for (let i = 0; i < 200; i += 1) {
      const found = frames.find(check);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    throw new Error(`no ${what} frame; got ${frames.map((f) => f.type).join(', ')}`);
  };
  if (token) {
    send('login', token);
    expect((await until((f) => f.type === 'login', 'login')).params).toMatchObject({ ok: true });
  }
  for (const channel of channels) {
    send('sub', channel);
    await until((f) => f.type === 'sub' && f.params?.channel === channel, `sub ${channel}`);
  }
  return {
    socket,
    frames,
    send,
    until,
    /** The first push of bare kind `type` matching `check`, checked for the frame's common shape. */
    async push(type: string, check: (frame: Raw) => boolean = () => true): Promise<Raw> {
      const frame = await until((f) => f.type === type && check(f), type);
      expect(frame, type).toMatchObject({
        channel: expect.any(String),
        seq: expect.any(Number),
        ts: expect.any(Number),
      });
      expect(frame, type).not.toHaveProperty('params');
      return frame;
    },
  };
}

/** Moves to the next second and samples the tape. */
async function tick(): Promise<void> {
  ex.clock.advance(1000);
  await ex.markTape.tick();
}

describe('the spot channels, one test each', () => {
  /** Buys `number` BTC at `price` and sells it whole to a second trader: the book is left as it was. */
  async function cross(price: string, number: string, buyer?: { token: string }) {
    const maker = buyer ?? (await trader(ex, [[USDT, '100000']]));
    const taker = await trader(ex, [[BTC, '1']]);
    const bid = await call('POST', 'tx_in/add', { currency_match_id: BTC_USDT, number, price }, maker.token);
    expect(bid.code, bid.msg).toBe(1);
    const ask = await call('POST', 'tx_out/add', { currency_match_id: BTC_USDT, number, price }, taker.token);
    expect(ask.code, ask.msg).toBe(1);
    return { bid: bid.data as Raw, maker, taker };
  }

  /** The trader's open spot orders go, so the next test starts from the same book. */
  async function cancelAll(token: string) {
    for (const path of ['tx_in', 'tx_out']) {
      const open = await call('GET', `${path}/list`, { currency_match_id: '', page: 1, limit: 10 }, token);
      for (const order of open.data.data as Raw[]) {
        const cancelled = await call('POST', `${path}/cancel`, { id: order.id }, token);
        expect(cancelled.code, cancelled.msg).toBe(1);
      }
    }
  }

  it('TX_SUBMIT gives the new order and its way (1 buy, 2 sell), to its owner only', async () => {
    const alice = await trader(ex, [
      [USDT, '10000'],
      [BTC, '1'],
    ]);
    const live = await liveClient(alice.token, ['TX_SUBMIT']);
    const bob = await trader(ex, [[USDT, '10']]);
    const other = await liveClient(bob.token, ['TX_SUBMIT']);
    const bid = await call(
      'POST',
      'tx_in/add',
      { currency_match_id: BTC_USDT, number: '0.1', price: '40000' },
      alice.token,
    );
    expect(bid.code, bid.msg).toBe(1);
    const buy = await live.push('TX_SUBMIT', (f) => f.way === 1);
    // The spot page puts it at the top of the buy tab: the row as tx_in/list gives it.
    expect(buy.order).toMatchObject({
      id: expect.any(Number),
      price: '40000',
      number: '0.1',
      transacted_amount: '0',
      transacted_volume: '0',
      way: 1,
      way_name: expect.any(String),
      status_name: expect.any(String),
      updated_at: dateTime(),
      currency_match: { symbol: 'BTC/USDT' },
    });
    const ask = await call(
      'POST',
      'tx_out/add',
      { currency_match_id: BTC_USDT, number: '0.2', price: '90000' },
      alice.token,
    );
    expect(ask.code, ask.msg).toBe(1);
    const sell = await live.push('TX_SUBMIT', (f) => f.way === 2);
    expect(sell.order).toMatchObject({ price: '90000', number: '0.2', way: 2 });
    expect(other.frames.filter((f) => f.type === 'TX_SUBMIT')).toHaveLength(0);
    await cancelAll(alice.token);
    live.socket.close();
    other.socket.close();
  });

  it('TX_MATCHED gives the order with number, transacted_amount and the balances inside it', async () => {
    const alice = await trader(ex, [[USDT, '10000']]);
    const live = await liveClient(alice.token, ['TX_MATCHED']);
    const bid = await call(
      'POST',
      'tx_in/add',
      { currency_match_id: BTC_USDT, number: '0.1', price: '41000' },
      alice.token,
    );
    expect(bid.code, bid.msg).toBe(1);
    const bob = await trader(ex, [[BTC, '1']]);
    const hit = await call(
      'POST',
      'tx_out/add',
      { currency_match_id: BTC_USDT, number: '0.04', price: '41000' },
      bob.token,
    );
    expect(hit.code, hit.msg).toBe(1);
    const matched = await live.push('TX_MATCHED');
    // 4100 USDT held for the bid; 0.04 BTC bought less the 0.1% fee.
    expect(matched.order).toMatchObject({
      id: bid.data.id,
      number: '0.1',
      transacted_amount: '0.04',
      quote_account: { balance: '5900' },
      base_account: { balance: '0.03996' },
    });
    expect(matched.way).toBe(1);
    await cancelAll(alice.token);
    live.socket.close();
  });

  it('MARKET_DEPTH.{symbol} gives depth with in (bids) and out (asks) of price and amount; unsub stops it', async () => {
    const alice = await trader(ex, [[USDT, '10000']]);
    const live = await liveClient(alice.token, ['MARKET_DEPTH.BTC/USDT']);
    const visitor = await liveClient(null, ['MARKET_DEPTH.BTC/USDT']);
    const bid = await call(
      'POST',
      'tx_in/add',
      { currency_match_id: BTC_USDT, number: '0.1', price: '42000' },
      alice.token,
    );
    expect(bid.code, bid.msg).toBe(1);
    const depth = await visitor.push('MARKET_DEPTH', (f) =>
      f.depth?.in?.some((l: Raw) => l.price === '42000'),
    );
    expect(depth).toMatchObject({
      symbol: 'BTC/USDT',
      currency_match_id: BTC_USDT,
      depth: { in: expect.any(Array), out: expect.any(Array) },
    });
    expect(depth.depth.in.find((l: Raw) => l.price === '42000')).toMatchObject({
      amount: '0.1',
      number: '0.1',
    });
    for (const level of [...depth.depth.in, ...depth.depth.out])
      expect(level).toMatchObject({ price: decimal(), amount: decimal(), number: decimal() });
    // Leaving the page: unsub stops the channel; the other client still gets it.
    visitor.send('unsub', 'MARKET_DEPTH.BTC/USDT');
    await visitor.until((f) => f.type === 'unsub', 'unsub');
    const seen = visitor.frames.filter((f) => f.type === 'MARKET_DEPTH').length;
    const more = await call(
      'POST',
      'tx_in/add',
      { currency_match_id: BTC_USDT, number: '0.01', price: '41900' },
      alice.token,
    );
    expect(more.code, more.msg).toBe(1);
    await live.push('MARKET_DEPTH', (f) => f.depth?.in?.some((l: Raw) => l.price === '41900'));
    expect(visitor.frames.filter((f) => f.type === 'MARKET_DEPTH')).toHaveLength(seen);
    await cancelAll(alice.token);
    live.socket.close();
    visitor.socket.close();
  });

  it('GLOBAL_TX.{symbol} gives completes: timestamp, price, amount, way', async () => {
    const visitor = await liveClient(null, ['GLOBAL_TX.BTC/USDT']);
    await cross('43000', '0.05');
    const frame = await visitor.push('GLOBAL_TX', (f) => f.completes?.some((c: Raw) => c.price === '43000'));
    expect(frame).toMatchObject({ symbol: 'BTC/USDT', currency_match_id: BTC_USDT });
    // The taker sold into the bid: way 2, shown green.
    expect(frame.completes.find((c: Raw) => c.price === '43000')).toMatchObject({
      price: '43000',
      amount: '0.05',
      way: 2,
      timestamp: expect.any(Number),
    });
    visitor.socket.close();
  });

  it('KLINE.{symbol} gives kline {open, high, low, close, volume, time}, period and currency_match_id', async () => {
    const visitor = await liveClient(null, ['KLINE.BTC/USDT']);
    await cross('44000', '0.02');
    const frame = await visitor.push('KLINE', (f) => f.kline?.close === '44000' && f.period === '5min');
    expect(frame).toMatchObject({
      symbol: 'BTC/USDT',
      currency_match_id: BTC_USDT,
      period: '5min',
      kline: {
        open: decimal(),
        high: decimal(),
        low: decimal(),
        close: '44000',
        volume: decimal(),
        time: expect.any(Number),
      },
    });
    visitor.socket.close();
  });

  it('DAY_MARKET gives currency_match_id and quotation {close, change, high, low, volume}', async () => {
    const visitor = await liveClient(null, ['DAY_MARKET']);
    await cross('45000', '0.03');
    const frame = await visitor.push(
      'DAY_MARKET',
      (f) => f.currency_match_id === BTC_USDT && f.quotation?.close === '45000',
    );
    expect(frame).toMatchObject({ symbol: 'BTC/USDT' });
    expect(frame.quotation).toMatchObject({
      currency_match_id: BTC_USDT,
      close: '45000',
      change: expect.stringMatching(/^-?\d+\.\d{2}$/),
      high: decimal(),
      low: decimal(),
      volume: decimal(),
    });
    visitor.socket.close();
  });

  it('a bare-text ping gets a pong, before login and after it', async () => {
    const user = await trader(ex, [[USDT, '1000']]);
    const visitor = await liveClient(null, []);
    visitor.socket.send('ping');
    await visitor.until((f) => f.type === 'pong', 'pong before login');
    const live = await liveClient(user.token, ['TX_MATCHED']);
    live.socket.send('ping');
    await live.until((f) => f.type === 'pong', 'pong after login');
    expect(live.frames.filter((f) => f.type === 'error')).toHaveLength(0);
    // Still signed in after the ping: its channels keep working.
    await cross('46000', '0.01', user);
    await live.push('TX_MATCHED');
    visitor.socket.close();
    live.socket.close();
  });
});

describe('the contract channels', () => {
  /** A DOT/USDT book with bid 7 and ask 7.5, and a way to print a trade at a price. */
  async function dotBook() {
    const maker = await trader(ex, [
      [USDT, '1000000'],
      [DOT, '100000'],
    ]);
    const taker = await trader(ex, [[USDT, '1000000']]);
    const order = async (path: string, token: string, body: Record<string, unknown>) => {
      const answer = await call('POST', path, { currency_match_id: DOT_USDT, ...body }, token);
      expect(answer.code, answer.msg).toBe(1);
    };
    await order('tx_in/add', maker.token, { price: '7', number: '1000' });
    await order('tx_out/add', maker.token, { price: '7.5', number: '1000' });
    await tick();
    return {
      async trade(price: string) {
        await order('tx_out/add', maker.token, { price, number: '1' });
        await order('tx_in/add', taker.token, { price, number: '1' });
      },
    };
  }

  /** A long of one hand on DOT/USDT opened at market, by a new user with 1000 USDT of margin or by `owner`. */
  async function longOnDot(owner?: { id: number; token: string }) {
    const user = owner ?? (await signUp(ex.api));
    if (!owner) await ex.ledger.credit(user.id, LEVER, USDT, '1000');
    const opened = await call(
      'POST',
      'lever/submit',
      {
        share: 1,
        multiple: 10,
        currency_match_id: DOT_USDT,
        type: 1,
        status: 1,
        target_price: '',
        password: '',
      },
      user.token,
    );
    expect(opened.code, opened.msg).toBe(1);
    return { user, id: opened.data.id as number };
  }

  it('LEVER_TRADE gives trades_all, hazard_rate, profits_all and currency_match_id', async () => {
    const book = await dotBook();
    const opened = await longOnDot();
    const live = await liveClient(opened.user.token, ['LEVER_TRADE']);
    await book.trade('7.4');
    await tick();
    const trade = await live.push('LEVER_TRADE');
    expect(trade).toMatchObject({
      currency_match_id: DOT_USDT,
      trades_all: expect.any(Array),
      hazard_rate: decimal(),
      profits_all: signedDecimal(),
    });
    // The lever page replaces its rows with these: each a whole position.
    expect(trade.trades_all[0]).toMatchObject({ id: opened.id, currency_match_id: DOT_USDT });
    for (const [index, position] of (trade.trades_all as Raw[]).entries())
      expectLeverPosition(position, `trades_all[${index}]`);
    live.socket.close();
  });

  it('LEVER_CLOSED gives id, the list of positions that closed', async () => {
    await dotBook();
    const opened = await longOnDot();
    const live = await liveClient(opened.user.token, ['LEVER_CLOSED']);
    const closed = await call('POST', 'lever/close', { id: opened.id }, opened.user.token);
    expect(closed.code, closed.msg).toBe(1);
    expect((await live.push('LEVER_CLOSED')).id).toEqual([opened.id]);
    // lever/batch_close: one push listing every position it closed.
    const more = [await longOnDot(opened.user), await longOnDot(opened.user)].map((long) => long.id);
    const all = await call(
      'POST',
      'lever/batch_close',
      { type: 1, currency_match_id: DOT_USDT },
      opened.user.token,
    );
    expect(all.code, all.msg).toBe(1);
    const batch = await live.push('LEVER_CLOSED', (f) => f.id.length > 1);
    expect([...batch.id].sort((a: number, b: number) => a - b)).toEqual(more);
    live.socket.close();
  });

  it('MICRO_CLOSED gives the final order', async () => {
    await dotBook();
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, MICRO, USDT, '500');
    const live = await liveClient(user.token, ['MICRO_CLOSED']);
    const placed = await call(
      'POST',
      'microtrade/submit',
      { match_id: DOT_USDT, currency_id: USDT, type: 1, seconds: 30, number: '100' },
      user.token,
    );
    expect(placed.code, placed.msg).toBe(1);
    for (let second = 0; second < 31; second += 1) await tick();
    const closed = await live.push('MICRO_CLOSED');
    // The micro page swaps its row for this one: every field of a micro order, now final.
    expect(closed.order).toMatchObject({
      id: placed.data.id,
      symbol_name: 'DOT/USDT',
      seconds: 30,
      number: '100',
      currency_name: 'USDT',
      open_price: decimal(),
      end_price: decimal(),
      type: 1,
      status: 3,
      profit_ratio: decimal(),
      fact_profits: signedDecimal(),
      fee: decimal(),
      remain_milli_seconds: 0,
    });
    live.socket.close();
  });
});
