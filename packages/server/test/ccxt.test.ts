import { Decimal, type AccountView, type CreatedApiKey, type Deal, type KlineBar } from '@oex/protocol';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, BTC_USDT, SPOT, USDT, trader } from './helpers/ledger.js';
import { budget } from './helpers/budget.js';

/**
 * The trading API proved with the trading world's own client: ccxt's unmodified `binance` class
 * (REST and its WebSocket "pro" side), pointed at this server by its URLs only. Every figure it reads
 * is checked against the web API and the ledger; the audit is clean after.
 */

/** The ccxt options a deployment of ours needs (docs/trading-api.md): spot only, no Binance-only calls. */
const CCXT_OPTIONS = {
  fetchMarkets: { types: ['spot'] },
  fetchCurrencies: false,
  fetchMargins: false,
  defaultType: 'spot',
};

type BinanceClient = InstanceType<typeof ccxt.pro.binance>;

let ex: TestExchange;
let bot: { id: number; email: string; token: string };
let client: BinanceClient;

function ccxtFor(url: string, apiKey: string, secret: string): BinanceClient {
  const ws = url.replace(/^http/, 'ws');
  return new ccxt.pro.binance({
    apiKey,
    secret,
    enableRateLimit: false,
    options: CCXT_OPTIONS,
    urls: {
      api: {
        public: `${url}/api/v3`,
        private: `${url}/api/v3`,
        ws: { spot: `${ws}/ws`, 'ws-api': { spot: `${ws}/ws-api/v3` } },
      },
    },
  });
}

/** A key made the way a user makes one: through the web API, with the code the server mailed. */
async function keyFor(user: { email: string; token: string }): Promise<{ apiKey: string; secret: string }> {
  const sent = await ex.api.post('apikeys/code', {}, { token: user.token });
  expect(sent.body.code, sent.body.msg).toBe(1);
  const code = await ex.api.latestCode(user.email);
  const made = await ex.api.post<CreatedApiKey>(
    'apikeys/create',
    { label: 'ccxt', trade: true, code },
    { token: user.token },
  );
  expect(made.body.code, made.body.msg).toBe(1);
  return { apiKey: made.body.data!.api_key, secret: made.body.data!.secret };
}

async function account(token: string, currencyId: number): Promise<AccountView> {
  const answer = await ex.api.get<AccountView>(
    'account/detail',
    { currency_id: currencyId, account_type_id: SPOT },
    { token },
  );
  return answer.body.data!;
}

const deal = async () => (await ex.api.get<Deal>('market/deal', { currency_match_id: BTC_USDT })).body.data!;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A number ccxt parsed from a decimal string, as that decimal string (exact for our precisions). */
const exact = (value: number | undefined) => (value === undefined ? undefined : Decimal.parse(String(value)));

beforeAll(async () => {
  ex = await startTestExchange({ marketMaker: true, marketMakerBackfillDays: 0 });
  bot = await trader(ex, [
    [USDT, '100000'],
    [BTC, '2'],
  ]);
  const key = await keyFor(bot);
  client = ccxtFor(ex.url, key.apiKey, key.secret);
  // ccxt's way to open ws:// (not wss://) URLs, as a local deployment without TLS has.
  await client.loadHttpProxyAgent();
  await client.loadMarkets();
}, budget(120_000));

afterAll(async () => {
  await client?.close();
  if (ex) expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
});

describe('ccxt binance against our /api/v3', () => {
  it('loads our spot markets with their tick, lot and minimum', async () => {
    const market = client.market('BTC/USDT');
    const ours = ex.spot.markets.market(BTC_USDT);
    expect(market.id).toBe('BTCUSDT');
    expect(market.spot).toBe(true);
    expect(
      exact(market.precision.price)!.eq(Decimal.parse('1').div(Decimal.fromInt(10 ** ours.priceDecimals))),
    ).toBe(true);
    expect(
      exact(market.precision.amount)!.eq(Decimal.parse('1').div(Decimal.fromInt(10 ** ours.numberDecimals))),
    ).toBe(true);
    expect(exact(market.limits.amount?.min)!.eq(ours.minNumber)).toBe(true);
    const symbols = ex.spot.markets.all().map((m) => m.symbol);
    expect(Object.keys(client.markets as object).sort()).toEqual(symbols.sort());
  });

  it('reads tickers, the book, trades and klines exactly as the web API shows them', async () => {
    const web = await deal();
    const ticker = await client.fetchTicker('BTC/USDT');
    expect(ticker.info.lastPrice).toBeDefined();
    expect(Decimal.parse(ticker.info.lastPrice as string).eq(Decimal.parse(web.quotation.close))).toBe(true);
    expect(Decimal.parse(ticker.info.volume as string).eq(Decimal.parse(web.quotation.volume))).toBe(true);
    const tickers = await client.fetchTickers(['BTC/USDT', 'ETH/USDT']);
    expect(Object.keys(tickers).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);

    const book = await client.fetchOrderBook('BTC/USDT', 20);
    const bids = web.depth.in.slice(0, 20).map((level) => [Number(level.price), Number(level.amount)]);
    const asks = web.depth.out.slice(0, 20).map((level) => [Number(level.price), Number(level.amount)]);
    expect(book.bids.slice(0, bids.length)).toEqual(bids);
    expect(book.asks.slice(0, asks.length)).toEqual(asks);
    expect(book.nonce).toBeGreaterThan(0);

    const trades = await client.fetchTrades('BTC/USDT', undefined, 10);
    const newest = web.tx_completes[0]!;
    const last = trades[trades.length - 1]!;
    expect(last.id).toBe(String(newest.id));
    expect(exact(last.price)!.eq(Decimal.parse(newest.price))).toBe(true);
    expect(exact(last.amount)!.eq(Decimal.parse(newest.amount))).toBe(true);
    expect(last.side).toBe(newest.way === 1 ? 'buy' : 'sell');

    const bars = await client.fetchOHLCV('BTC/USDT', '1m', undefined, 5);
    const webBars = (
      await ex.api.get<KlineBar[]>('market/kline', { currency_match_id: BTC_USDT, period: '1min' })
    ).body.data!;
    const newestBar = bars[bars.length - 1]!;
    const same = webBars.find((bar) => bar.time === newestBar[0]);
    expect(same).toBeDefined();
    expect(newestBar.slice(1, 6)).toEqual([
      Number(same!.open),
      Number(same!.high),
      Number(same!.low),
      Number(same!.close),
      Number(same!.volume),
    ]);
  });

  it('shows the spot balances the web shows', async () => {
    const balance = await client.fetchBalance();
    for (const [code, id] of [
      ['USDT', USDT],
      ['BTC', BTC],
    ] as const) {
      const web = await account(bot.token, id);
      expect(exact(balance[code]!.free)!.eq(Decimal.parse(web.balance)), code).toBe(true);
      expect(exact(balance[code]!.used)!.eq(Decimal.parse(web.lock_balance)), code).toBe(true);
    }
  });

  it('places, reads, lists and cancels a resting limit order, locking and freeing exactly its cost', async () => {
    const best = Decimal.parse((await deal()).depth.in[0]!.price);
    const price = best.mul(Decimal.parse('0.9')).round(2, 'down');
    const before = await account(bot.token, USDT);
    const order = await client.createOrder('BTC/USDT', 'limit', 'buy', 0.01, Number(price.toString()));
    expect(order.status).toBe('open');
    expect(order.clientOrderId).toBeTruthy();
    const locked = price.mul(Decimal.parse('0.01'));
    const during = await account(bot.token, USDT);
    expect(Decimal.parse(during.lock_balance).sub(Decimal.parse(before.lock_balance)).eq(locked)).toBe(true);

    const fetched = await client.fetchOrder(order.id!, 'BTC/USDT');
    expect([fetched.id, fetched.status, fetched.side, fetched.type]).toEqual([
      order.id,
      'open',
      'buy',
      'limit',
    ]);
    expect(exact(fetched.price)!.eq(price)).toBe(true);
    const open = await client.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.id)).toContain(order.id);

    const cancelled = await client.cancelOrder(order.id!, 'BTC/USDT');
    expect(cancelled.status).toBe('canceled');
    const after = await account(bot.token, USDT);
    expect([after.balance, after.lock_balance]).toEqual([before.balance, before.lock_balance]);
    expect((await client.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).not.toContain(order.id);
  });

  it('buys at market by amount and by cost, and its trades and fees match the ledger', async () => {
    const usdtBefore = Decimal.parse((await account(bot.token, USDT)).balance);
    const btcBefore = Decimal.parse((await account(bot.token, BTC)).balance);

    const byAmount = await client.createOrder('BTC/USDT', 'market', 'buy', 0.002);
    expect(byAmount.status).toBe('closed');
    expect(exact(byAmount.filled)!.eq(Decimal.parse('0.002'))).toBe(true);
    const byCost = await client.createMarketBuyOrderWithCost('BTC/USDT', 100);
    expect(byCost.status).toBe('closed');
    expect(exact(byCost.cost)!.lte(Decimal.parse('100'))).toBe(true);

    const mine = await client.fetchMyTrades('BTC/USDT');
    const ours = mine.filter((trade) => trade.order === byAmount.id || trade.order === byCost.id);
    expect(ours.length).toBeGreaterThanOrEqual(2);
    let spent = Decimal.ZERO;
    let got = Decimal.ZERO;
    for (const trade of ours) {
      const info = trade.info as Record<string, string>;
      spent = spent.add(Decimal.parse(info.quoteQty!));
      // The fee of a buy is paid in the base currency, out of what was bought.
      expect(info.commissionAsset).toBe('BTC');
      got = got.add(Decimal.parse(info.qty!)).sub(Decimal.parse(info.commission!));
    }
    const usdtAfter = Decimal.parse((await account(bot.token, USDT)).balance);
    const btcAfter = Decimal.parse((await account(bot.token, BTC)).balance);
    expect(usdtBefore.sub(usdtAfter).toString()).toBe(spent.toString());
    expect(btcAfter.sub(btcBefore).toString()).toBe(got.toString());

    const filled = await client.fetchOrder(byAmount.id!, 'BTC/USDT');
    expect(filled.status).toBe('closed');
    expect(exact(filled.filled)!.eq(Decimal.parse('0.002'))).toBe(true);
  });

  it('watches the book, trades, its orders and its balance over WebSocket', async () => {
    {
      const book = await client.watchOrderBook('BTC/USDT');
      expect(book.bids.length).toBeGreaterThan(0);
      const web = await deal();
      expect(book.bids[0]![0]).toBe(Number(web.depth.in[0]!.price));
      // A new level under the best bid reaches the watched book as a diff, in sequence.
      const level = Decimal.parse(web.depth.in[0]!.price).sub(Decimal.parse('0.37'));
      const resting = await client.createOrder('BTC/USDT', 'limit', 'buy', 0.0123, Number(level.toString()));
      let seen = book;
      for (let i = 0; i < 10 && !seen.bids.some(([price]) => price === Number(level.toString())); i += 1) {
        seen = await client.watchOrderBook('BTC/USDT');
      }
      const shown = seen.bids.find(([price]) => price === Number(level.toString()));
      expect(shown?.[1]).toBe(0.0123);
      await client.cancelOrder(resting.id!, 'BTC/USDT');

      const trades = client.watchTrades('BTC/USDT');
      const orders = client.watchOrders('BTC/USDT');
      const balance = client.watchBalance();
      // Let the subscriptions settle before the event they wait for.
      await sleep(300);
      const placed = await client.createOrder('BTC/USDT', 'market', 'sell', 0.001);
      const [seenTrades, seenOrders, seenBalance] = await Promise.all([trades, orders, balance]);
      expect(seenTrades.some((trade) => exact(trade.amount)!.gt(Decimal.ZERO))).toBe(true);
      expect(seenOrders.map((order) => order.id)).toContain(placed.id);
      // The balance event after the fill (a lock and a fill may come as two): the web's figure.
      const web2 = Decimal.parse((await account(bot.token, BTC)).balance);
      let latest = seenBalance;
      for (let i = 0; i < 5 && !exact(latest.BTC?.free)?.eq(web2); i += 1) {
        latest = await Promise.race([client.watchBalance(), sleep(1000).then(() => latest)]);
      }
      expect(exact(latest.BTC!.free)!.eq(web2)).toBe(true);
    }
  });
});
