import type { KlineBar } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { BUY, SELL } from '../src/spot/engine.js';
import { LIMIT, MARKET } from '../src/spot/orders.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DOT, DOT_USDT, ETH, ETH_USDT, TRX, TRX_USDT, USDT, trader as traderOf } from './helpers/ledger.js';
import { connect, type Frame } from './helpers/ws.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
});

const trader = (currency: number, amount: string) => traderOf(ex, [[currency, amount]]);

/** One unit sold by `seller` at `price` and bought at market by `buyer`: a trade on `market`. */
async function tradeOne(seller: { token: string }, buyer: { token: string }, market: number, price: string) {
  await ex.api.post('tx_out/add', { currency_match_id: market, number: '1', price }, { token: seller.token });
  await ex.api.post('tx_in/add', { currency_match_id: market, number: '1', type: 1 }, { token: buyer.token });
}

describe('spot live feed', () => {
  it('streams depth, trades, klines and tickers; private events reach only their owner', async () => {
    const seller = await trader(DOT, '100');
    const buyer = await trader(USDT, '1000');
    const watcher = await connect(ex.url);
    for (const channel of [
      'MARKET_DEPTH.DOT/USDT',
      'GLOBAL_TX.DOT/USDT',
      'KLINE.DOT/USDT.1min',
      'DAY_MARKET',
    ]) {
      watcher.send('sub', channel);
      await watcher.next('sub');
    }
    const sellerSocket = await connect(ex.url);
    const buyerSocket = await connect(ex.url);
    for (const [socket, token] of [
      [sellerSocket, seller.token],
      [buyerSocket, buyer.token],
    ] as const) {
      socket.send('login', { token });
      await socket.next('login');
      socket.send('sub', 'TX_SUBMIT');
      await socket.next('sub');
      socket.send('sub', 'TX_MATCHED');
      await socket.next('sub');
    }

    const placed = await ex.api.post<{ id: number }>(
      'tx_out/add',
      { currency_match_id: DOT_USDT, number: '10', price: '7.25' },
      { token: seller.token },
    );
    const submit = await sellerSocket.next('TX_SUBMIT');
    expect(submit.params).toMatchObject({
      way: 2,
      order: { id: placed.body.data!.id, number: '10', transacted_amount: '0' },
    });
    const depth = await watcher.next('MARKET_DEPTH.DOT/USDT');
    expect(depth.params).toMatchObject({
      currency_match_id: DOT_USDT,
      depth: { out: [{ price: '7.25', amount: '10' }], in: [] },
    });

    await ex.api.post(
      'tx_in/add',
      { currency_match_id: DOT_USDT, number: '4', type: 1 },
      { token: buyer.token },
    );
    const trade = await watcher.next('GLOBAL_TX.DOT/USDT');
    expect(trade.params).toMatchObject({ completes: [{ price: '7.25', amount: '4', way: 1 }] });
    const kline = await watcher.next('KLINE.DOT/USDT.1min');
    expect(kline.params).toMatchObject({
      period: '1min',
      kline: { open: '7.25', close: '7.25', volume: '4', amount: '29' },
    });
    const ticker = await watcher.next('DAY_MARKET');
    expect(ticker.params).toMatchObject({
      currency_match_id: DOT_USDT,
      quotation: { close: '7.25', volume: '4' },
    });

    const matchedSeller = await sellerSocket.next('TX_MATCHED');
    // The spec's client reads the balances inside the order.
    expect(matchedSeller.params).toMatchObject({
      order: {
        id: placed.body.data!.id,
        number: '10',
        transacted_amount: '4',
        quote_account: { balance: '28.971' },
        base_account: { balance: '90' },
      },
    });
    const matchedBuyer = await buyerSocket.next('TX_MATCHED');
    expect(matchedBuyer.params).toMatchObject({
      order: {
        way: 1,
        transacted_amount: '4',
        base_account: { balance: '3.996' },
        quote_account: { balance: '971' },
      },
    });
    // Nobody else heard the private events, and the seller heard no buyer event.
    expect(watcher.frames.some((frame) => frame.type === 'TX_MATCHED' || frame.type === 'TX_SUBMIT')).toBe(
      false,
    );
    expect(sellerSocket.frames.filter((frame) => frame.type === 'TX_MATCHED')).toHaveLength(1);
    for (const socket of [watcher, sellerSocket, buyerSocket]) socket.socket.close();
  });
});

describe('a market depth at subscription', () => {
  it('a later subscriber gets the last depth push at once, before its acknowledgement and with its seq; the first, and one after everyone left, only the acknowledgement', async () => {
    const channel = 'MARKET_DEPTH.TRX/USDT';
    const seller = await trader(TRX, '100');
    const depthOf = (client: Awaited<ReturnType<typeof connect>>) =>
      client.frames.filter((frame) => frame.type === channel);
    const subscribe = async () => {
      const client = await connect(ex.url);
      client.send('sub', channel);
      const ack = await client.next('sub');
      return { client, ack };
    };
    const first = await subscribe();
    expect(depthOf(first.client)).toEqual([]);
    await ex.api.post(
      'tx_out/add',
      { currency_match_id: TRX_USDT, number: '10', price: '0.5' },
      { token: seller.token },
    );
    await first.client.next(channel);
    const last = depthOf(first.client).at(-1)!;
    expect(last.params).toMatchObject({
      depth: { out: expect.arrayContaining([expect.objectContaining({ price: '0.5', amount: '10' })]) },
    });

    const second = await subscribe();
    // The snapshot came first, byte for byte the last push, and the acknowledgement names its seq.
    expect(second.client.frames.map((frame) => frame.type)).toEqual([channel, 'sub']);
    expect(second.client.frames[0]!.raw).toEqual(last.raw);
    expect(second.ack.params.seq).toBe(last.seq);
    // A second sub on the same socket is acknowledged alone.
    second.client.send('sub', channel);
    await second.client.next('sub');
    expect(depthOf(second.client)).toHaveLength(1);

    // Once nobody listens, the depth is not kept current, so it is not handed out.
    for (const { client } of [first, second]) {
      client.send('unsub', channel);
      await client.next('unsub');
    }
    const third = await subscribe();
    expect(third.client.frames.map((frame) => frame.type)).toEqual(['sub']);
    for (const { client } of [first, second, third]) client.socket.close();
  });
});

describe('tickers and klines at subscription', () => {
  it("a later subscriber gets each market's last ticker and each period's last bar at once: older parts without a seq, the newest with the acknowledgement's", async () => {
    const seller = await traderOf(ex, [
      [TRX, '10'],
      [DOT, '10'],
    ]);
    const buyer = await trader(USDT, '1000');
    const first = await connect(ex.url);
    for (const channel of ['DAY_MARKET', 'KLINE.TRX/USDT']) {
      first.send('sub', channel);
      await first.next('sub');
    }
    await tradeOne(seller, buyer, TRX_USDT, '0.12');
    await tradeOne(seller, buyer, DOT_USDT, '7.5');
    for (const symbol of ['TRX/USDT', 'DOT/USDT']) {
      await first.nextMatching('DAY_MARKET', (frame) => frame.params.symbol === symbol);
    }
    await first.nextMatching('KLINE.TRX/USDT', (frame) => frame.params.period === '1mon');
    // The feed coalesces pushes: wait until none is due, so the last ones are those below.
    await new Promise((resolve) => setTimeout(resolve, 700));

    const lastOf = (channel: string, by: 'symbol' | 'period') => {
      const last = new Map<unknown, Frame>();
      for (const frame of first.frames) if (frame.type === channel) last.set(frame.params[by], frame);
      return last;
    };
    const withoutSeq = ({ seq: _seq, ...raw }: Record<string, unknown>) => raw;
    for (const [channel, by] of [
      ['DAY_MARKET', 'symbol'],
      ['KLINE.TRX/USDT', 'period'],
    ] as const) {
      const last = lastOf(channel, by);
      const second = await connect(ex.url);
      second.send('sub', channel);
      const ack = await second.next('sub');
      const snapshot = second.frames.slice(0, -1);
      expect(second.frames.at(-1)!.type).toBe('sub');
      // One frame per part, each the part's last push; only the newest keeps its seq, the channel's.
      expect(snapshot.map((frame) => frame.type)).toEqual(snapshot.map(() => channel));
      expect(new Set(snapshot.map((frame) => frame.params[by]))).toEqual(new Set(last.keys()));
      for (const frame of snapshot.slice(0, -1)) {
        expect(frame.seq).toBeUndefined();
        expect(frame.raw).toEqual(withoutSeq(last.get(frame.params[by])!.raw));
      }
      const newest = snapshot.at(-1)!;
      expect(newest.seq).toBe(ack.params.seq);
      expect(newest.raw).toEqual(last.get(newest.params[by])!.raw);
      second.socket.close();
    }
    // Both markets and every period had their part.
    expect([...lastOf('DAY_MARKET', 'symbol').keys()]).toEqual(
      expect.arrayContaining(['TRX/USDT', 'DOT/USDT']),
    );
    expect(lastOf('KLINE.TRX/USDT', 'period').size).toBe(8);
    first.socket.close();
  });
});

describe('klines', () => {
  it('agree with the trades, in every period, and survive a restart', async () => {
    const seller = await trader(TRX, '100');
    const buyer = await trader(USDT, '1000');
    const prices = ['0.1201', '0.125', '0.119', '0.1222'];
    for (const price of prices) await tradeOne(seller, buyer, TRX_USDT, price);
    const trades = await ex.db.kysely
      .selectFrom('trades')
      .selectAll()
      .where('currency_match_id', '=', TRX_USDT)
      .execute();
    const check = async () => {
      for (const period of ['1min', '1day', '1week', '1mon'] as const) {
        const answer = await ex.api.get<KlineBar[]>('market/kline', { currency_match_id: TRX_USDT, period });
        const bars = answer.body.data!;
        const volume = bars.reduce((sum, bar) => sum + Number(bar.volume), 0);
        expect(volume, period).toBe(trades.reduce((sum, t) => sum + Number(t.number), 0));
        const last = bars[bars.length - 1]!;
        expect(last.close).toBe('0.1222');
        expect(last.high).toBe('0.125');
        expect(last.low).toBe('0.119');
      }
    };
    await check();
    const bySymbol = await ex.api.get<KlineBar[]>('market/kline', {
      symbol: 'dot_usdt',
      period: '5min',
      from: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(bySymbol.body.data!.length).toBeGreaterThan(0);
    ex = await ex.restart();
    await check();
  });

  it('go out in their final state when a newer bar opens before the next push', async () => {
    const seller = await trader(ETH, '10');
    const buyer = await trader(USDT, '100000');
    const watcher = await connect(ex.url);
    watcher.send('sub', 'KLINE.ETH/USDT.1min');
    await watcher.next('sub');
    // Two trades a minute apart in one commit (as the demo's backfill commits them), so both reach
    // the feed between two of its pushes: the first minute's bar must still go out, and first.
    const minute = Math.floor(ex.clock.now() / 60_000) * 60_000;
    const [first, second] = [minute - 120_000 + 5_000, minute - 60_000 + 5_000];
    const sell = (price: string, at: number) =>
      ex.spot.place(seller.id, SELL, { marketId: ETH_USDT, number: '1', price, type: LIMIT }, at);
    const buy = (at: number) =>
      ex.spot.place(buyer.id, BUY, { marketId: ETH_USDT, number: '1', type: MARKET }, at);
    const outcomes = await Promise.all([sell('3000', first), buy(first), sell('3100', second), buy(second)]);
    expect(outcomes.map((outcome) => outcome.trades.length)).toEqual([0, 1, 0, 1]);
    const bars = [
      (await watcher.next('KLINE.ETH/USDT.1min')).params.kline,
      (await watcher.next('KLINE.ETH/USDT.1min')).params.kline,
    ];
    expect(bars).toMatchObject([
      { time: minute - 120_000, open: '3000', close: '3000', volume: '1' },
      { time: minute - 60_000, open: '3100', close: '3100', volume: '1' },
    ]);
    watcher.socket.close();
  });

  it('refuses an unknown period or market', async () => {
    expect(
      (await ex.api.get('market/kline', { currency_match_id: TRX_USDT, period: '2min' })).body.msg,
    ).toMatch(/^period: must be one of/);
    expect((await ex.api.get('market/kline', { symbol: 'NOPE', period: '1min' })).body.msg).toBe(
      'Unknown market',
    );
  });
});
