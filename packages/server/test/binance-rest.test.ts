import { createHmac } from 'node:crypto';
import type { AccountView, Deal, MarketView, QuoteGroup } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, ETH, ETH_USDT, SPOT, USDT, trader as traderOf } from './helpers/ledger.js';

/** Binance's spot REST API under /api/v3, driven as a Binance client would, with our own signer. */
let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
});

interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

interface Key {
  apiKey: string;
  secret: string;
  id: number;
}

async function call<T = unknown>(
  method: string,
  path: string,
  options: { query?: string; body?: string; key?: string; base?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.key) headers['X-MBX-APIKEY'] = options.key;
  if (options.body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const url = `${options.base ?? ex.url}/api/v3/${path}${options.query ? `?${options.query}` : ''}`;
  const response = await fetch(url, {
    method,
    headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** A signed call as Binance clients send it: GET/DELETE in the query string, POST as a form body. */
function signed<T = unknown>(
  method: string,
  path: string,
  key: Key,
  params: Record<string, string | number> = {},
  tweak: { timestamp?: number; signature?: string; recvWindow?: number } = {},
): Promise<Answer<T>> {
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) all[name] = String(value);
  if (tweak.recvWindow !== undefined) all.recvWindow = String(tweak.recvWindow);
  all.timestamp = String(tweak.timestamp ?? ex.clock.now());
  const payload = new URLSearchParams(all).toString();
  const text = `${payload}&signature=${tweak.signature ?? hmac(key.secret, payload)}`;
  return method === 'GET' || method === 'DELETE'
    ? call<T>(method, path, { query: text, key: key.apiKey })
    : call<T>(method, path, { body: text, key: key.apiKey });
}

async function keyFor(
  userId: number,
  terms: { trade?: boolean; ipList?: string[]; expiresAt?: number | null } = {},
) {
  return ex.apiKeys.create(userId, {
    label: 'bot',
    trade: terms.trade ?? true,
    withdraw: false,
    ipList: terms.ipList ?? [],
    expiresAt: terms.expiresAt ?? null,
  });
}

const trader = (credits: [number, string][]) => traderOf(ex, credits);

async function webBalance(token: string, currencyId: number): Promise<AccountView> {
  const answer = await ex.api.get<AccountView>(
    'account/detail',
    { currency_id: currencyId, account_type_id: SPOT },
    { token },
  );
  return answer.body.data!;
}

describe('public market data', () => {
  it('answers ping, time, and exchangeInfo with each market’s tick, lot and minimum as filters', async () => {
    expect(await call('GET', 'ping')).toMatchObject({ status: 200, body: {} });
    const before = Date.now();
    const time = await call<{ serverTime: number }>('GET', 'time');
    expect(time.body.serverTime).toBeGreaterThanOrEqual(before - 1000);
    expect(time.headers.get('x-mbx-used-weight-1m')).toMatch(/^\d+$/);

    const info = await call<{
      symbols: Record<string, unknown>[];
      rateLimits: { rateLimitType: string; limit: number }[];
    }>('GET', 'exchangeInfo');
    expect(info.status).toBe(200);
    expect(info.body.rateLimits).toContainEqual(
      expect.objectContaining({ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', limit: 6000 }),
    );
    const groups = (await ex.api.get<QuoteGroup[]>('market/currency_matches')).body.data!;
    const web = groups
      .flatMap((group) => group.matches)
      .find((market) => market.symbol === 'ETH/USDT') as MarketView;
    const eth = info.body.symbols.find((symbol) => symbol.symbol === 'ETHUSDT')!;
    expect(eth).toMatchObject({
      status: 'TRADING',
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      permissions: ['SPOT'],
    });
    expect(eth.orderTypes).toEqual(['LIMIT', 'MARKET']);
    const filters = eth.filters as Record<string, string>[];
    const tick = (10 ** -web.price_decimals).toFixed(web.price_decimals);
    const lot = (10 ** -web.number_decimals).toFixed(web.number_decimals);
    const price = filters.find((filter) => filter.filterType === 'PRICE_FILTER')!;
    const lotSize = filters.find((filter) => filter.filterType === 'LOT_SIZE')!;
    expect(Number(price.tickSize)).toBe(Number(tick));
    expect(Number(lotSize.stepSize)).toBe(Number(lot));
    expect(Number(lotSize.minQty)).toBe(Math.max(Number(web.min_number), Number(lot)));
    expect(filters.map((filter) => filter.filterType)).toContain('MARKET_LOT_SIZE');

    const one = await call<{ symbols: unknown[] }>('GET', 'exchangeInfo', { query: 'symbol=ETHUSDT' });
    expect(one.body.symbols).toHaveLength(1);
    expect(await call('GET', 'exchangeInfo', { query: 'symbol=NOPEUSDT' })).toMatchObject({
      status: 400,
      body: { code: -1121, msg: 'Invalid symbol.' },
    });
  });

  it('answers depth, trades, tickers and klines with the web API’s figures', async () => {
    const seller = await trader([[ETH, '3']]);
    const buyer = await trader([[USDT, '10000']]);
    const sell = (number: string, price: string) =>
      ex.api.post('tx_out/add', { currency_match_id: ETH_USDT, number, price }, { token: seller.token });
    await sell('1', '2100.5');
    await sell('0.5', '2101');
    const bought = await ex.api.post(
      'tx_in/add',
      { currency_match_id: ETH_USDT, number: '0.25', price: '2100.5' },
      { token: buyer.token },
    );
    expect(bought.body.code).toBe(1);

    const depth = await call<{ lastUpdateId: number; bids: string[][]; asks: string[][] }>('GET', 'depth', {
      query: 'symbol=ETHUSDT&limit=5',
    });
    const deal = (await ex.api.get<Deal>('market/deal', { currency_match_id: ETH_USDT })).body.data!;
    expect(depth.body.asks).toEqual(deal.depth.out.slice(0, 5).map((level) => [level.price, level.number]));
    expect(depth.body.bids).toEqual(deal.depth.in.slice(0, 5).map((level) => [level.price, level.number]));
    expect(depth.body.asks[0]).toEqual(['2100.5', '0.75']);
    // Each book change moves the update id by one.
    await sell('0.1', '2102');
    const after = await call<{ lastUpdateId: number }>('GET', 'depth', { query: 'symbol=ETHUSDT' });
    expect(after.body.lastUpdateId).toBe(depth.body.lastUpdateId + 1);

    const trades = await call<Record<string, unknown>[]>('GET', 'trades', {
      query: 'symbol=ETHUSDT&limit=1',
    });
    expect(trades.body).toEqual([
      expect.objectContaining({ price: '2100.5', qty: '0.25', quoteQty: '525.125', isBuyerMaker: false }),
    ]);
    expect(trades.body[0]!.id).toBe(deal.tx_completes[0]!.id);
    const agg = await call<Record<string, unknown>[]>('GET', 'aggTrades', {
      query: 'symbol=ETHUSDT&limit=1',
    });
    expect(agg.body[0]).toMatchObject({ a: trades.body[0]!.id, p: '2100.5', q: '0.25', m: false });

    const ticker = await call<Record<string, string>>('GET', 'ticker/24hr', { query: 'symbol=ETHUSDT' });
    expect(ticker.body).toMatchObject({
      symbol: 'ETHUSDT',
      lastPrice: deal.quotation.close,
      highPrice: deal.quotation.high,
      lowPrice: deal.quotation.low,
      volume: deal.quotation.volume,
      quoteVolume: deal.quotation.amount,
      askPrice: '2100.5',
      askQty: '0.75',
    });
    const prices = await call<{ symbol: string; price: string }[]>('GET', 'ticker/price', {
      query: `symbols=${encodeURIComponent('["ETHUSDT","BTCUSDT"]')}`,
    });
    expect(prices.body.map((entry) => entry.symbol)).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect(prices.body[0]!.price).toBe('2100.5');
    const all = await call<unknown[]>('GET', 'ticker/bookTicker');
    expect(all.body.length).toBe(ex.markets.all().length);
    const book = await call('GET', 'ticker/bookTicker', { query: 'symbol=ETHUSDT' });
    expect(book.body).toMatchObject({ symbol: 'ETHUSDT', askPrice: '2100.5', askQty: '0.75' });

    await ex.spot.klines.flush();
    const klines = await call<(string | number)[][]>('GET', 'klines', {
      query: 'symbol=ETHUSDT&interval=1m&limit=3',
    });
    const web = (
      await ex.api.get<{ time: number; close: string; volume: string }[]>('market/kline', {
        currency_match_id: ETH_USDT,
        period: '1min',
      })
    ).body.data!;
    const last = klines.body[klines.body.length - 1]!;
    const webLast = web[web.length - 1]!;
    expect(last).toHaveLength(12);
    expect(last[0]).toBe(webLast.time);
    expect(last[4]).toBe(webLast.close);
    expect(last[5]).toBe(webLast.volume);
    expect(last[6]).toBe(webLast.time + 59_999);
    expect(await call('GET', 'klines', { query: 'symbol=ETHUSDT&interval=3m' })).toMatchObject({
      status: 400,
      body: { code: -1120, msg: 'Invalid interval.' },
    });

    // Leave no order resting for the audit's sake (holds are fine; cancel anyway).
    const open = await ex.api.get<{ data: { id: number }[] }>(
      'tx_out/current',
      { currency_match_id: ETH_USDT },
      { token: seller.token },
    );
    for (const order of open.body.data?.data ?? []) {
      await ex.api.post('tx_out/cancel', { id: order.id }, { token: seller.token });
    }
  });

  it('answers unknown paths and bad parameters in Binance’s shape, never the envelope', async () => {
    const unknown = await call<{ code: number }>('GET', 'nosuch');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(-1000);
    expect(await call('GET', 'depth')).toMatchObject({ status: 400, body: { code: -1102 } });
    const plain = await fetch(`${ex.url}/api/v3/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: 'symbol=ETHUSDT',
    });
    expect(plain.status).toBe(415);
    expect(((await plain.json()) as { code: number }).code).toBe(-1100);
    expect(await call('GET', 'depth', { query: 'symbol=ETHUSDT&limit=abc' })).toMatchObject({
      status: 400,
      body: { code: -1100 },
    });
  });
});

describe('keys and signatures', () => {
  it('refuses a missing, unknown, revoked or expired key, a bad signature, a stale timestamp and a foreign address', async () => {
    const user = await trader([[USDT, '10']]);
    const key = await keyFor(user.id);
    expect((await signed('GET', 'account', key)).status).toBe(200);

    expect(await call('GET', 'account', { query: `timestamp=${ex.clock.now()}&signature=00` })).toMatchObject(
      {
        status: 401,
        body: { code: -2014 },
      },
    );
    const stranger = { ...key, apiKey: 'A'.repeat(64) };
    expect(await signed('GET', 'account', stranger)).toMatchObject({ status: 401, body: { code: -2015 } });
    expect(await signed('GET', 'account', key, {}, { signature: 'ab'.repeat(32) })).toMatchObject({
      status: 400,
      body: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
    expect(await signed('GET', 'account', { ...key, secret: 'not-the-secret' })).toMatchObject({
      body: { code: -1022 },
    });
    expect(await signed('GET', 'account', key, {}, { timestamp: ex.clock.now() - 6000 })).toMatchObject({
      status: 400,
      body: { code: -1021 },
    });
    expect(
      await signed('GET', 'account', key, {}, { timestamp: ex.clock.now() - 6000, recvWindow: 10_000 }),
    ).toMatchObject({
      status: 200,
    });
    expect(await signed('GET', 'account', key, {}, { timestamp: ex.clock.now() + 5000 })).toMatchObject({
      body: { code: -1021 },
    });
    expect(await signed('GET', 'account', key, {}, { recvWindow: 70_000 })).toMatchObject({
      body: { code: -1131 },
    });
    // The signature covers the body exactly as sent: a changed parameter breaks it.
    const payload = `symbol=ETHUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=1&timestamp=${ex.clock.now()}`;
    const forged = await call('POST', 'order', {
      key: key.apiKey,
      body: `${payload.replace('quantity=1', 'quantity=2')}&signature=${hmac(key.secret, payload)}`,
    });
    expect(forged.body).toMatchObject({ code: -1022 });

    const readOnly = await keyFor(user.id, { trade: false });
    const refused = await signed<{ code: number; msg: string }>('POST', 'order', readOnly, {
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.01',
      price: '100',
    });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(-2015);
    expect(refused.body.msg).toContain('no permission to trade');
    expect((await signed('GET', 'account', readOnly)).status).toBe(200);

    const elsewhere = await keyFor(user.id, { ipList: ['10.1.2.0/24'] });
    const foreign = await signed<{ code: number; msg: string }>('GET', 'account', elsewhere);
    expect(foreign.body.code).toBe(-2015);
    expect(foreign.body.msg).toContain('IP list');
    const here = await keyFor(user.id, { ipList: ['127.0.0.1'] });
    expect((await signed('GET', 'account', here)).status).toBe(200);

    const revoked = await keyFor(user.id);
    await ex.apiKeys.revoke(user.id, revoked.id);
    const gone = await signed<{ code: number; msg: string }>('GET', 'account', revoked);
    expect(gone).toMatchObject({ status: 401, body: { code: -2015 } });
  });

  it('expires a key at its expiry', async () => {
    const user = await trader([]);
    const key = await keyFor(user.id, { expiresAt: ex.clock.now() + 3_600_000 });
    expect((await signed('GET', 'account', key)).status).toBe(200);
    ex.clock.advance(3_600_000 + 60_000);
    const late = await signed<{ code: number; msg: string }>('GET', 'account', key);
    expect(late.status).toBe(401);
    expect(late.body.code).toBe(-2015);
    expect(late.body.msg).toContain('expired');
  });

  it('makes, keeps alive and closes a listen key with the API key alone', async () => {
    const user = await trader([]);
    const key = await keyFor(user.id, { trade: false });
    const made = await call<{ listenKey: string }>('POST', 'userDataStream', { key: key.apiKey });
    expect(made.status).toBe(200);
    expect(made.body.listenKey).toMatch(/^[0-9a-f]{64}$/);
    const again = await call<{ listenKey: string }>('POST', 'userDataStream', { key: key.apiKey });
    expect(again.body.listenKey).toBe(made.body.listenKey);
    const other = await keyFor((await trader([])).id);
    const query = `listenKey=${made.body.listenKey}`;
    expect(await call('PUT', 'userDataStream', { key: other.apiKey, query })).toMatchObject({
      body: { code: -1125 },
    });
    expect(await call('PUT', 'userDataStream', { key: key.apiKey, query })).toMatchObject({
      status: 200,
      body: {},
    });
    expect(await call('DELETE', 'userDataStream', { key: key.apiKey, query })).toMatchObject({ status: 200 });
    expect(await call('PUT', 'userDataStream', { key: key.apiKey, query })).toMatchObject({
      body: { code: -1125 },
    });
    expect(await call('POST', 'userDataStream')).toMatchObject({ status: 401, body: { code: -2014 } });
  });
});

describe('trading', () => {
  it('places, reads, lists and cancels orders, with balances and fills as the ledger has them', async () => {
    const maker = await trader([[ETH, '2']]);
    const taker = await trader([[USDT, '5000']]);
    const makerKey = await keyFor(maker.id);
    const takerKey = await keyFor(taker.id);

    const account = await signed<{ balances: { asset: string; free: string; locked: string }[] }>(
      'GET',
      'account',
      takerKey,
      { omitZeroBalances: 'true' },
    );
    expect(account.body.balances).toEqual([{ asset: 'USDT', free: '5000', locked: '0' }]);
    const full = await signed<{ balances: { asset: string }[] }>('GET', 'account', takerKey);
    expect(full.body.balances.map((balance) => balance.asset)).toContain('BTC');

    // A resting limit sell, with the client's id kept.
    const placed = await signed<Record<string, unknown>>('POST', 'order', makerKey, {
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '1.5',
      price: '2000',
      newClientOrderId: 'maker-1',
      newOrderRespType: 'FULL',
    });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({
      symbol: 'ETHUSDT',
      clientOrderId: 'maker-1',
      status: 'NEW',
      type: 'LIMIT',
      side: 'SELL',
      price: '2000',
      origQty: '1.5',
      executedQty: '0',
      fills: [],
    });
    const sellId = placed.body.orderId as number;
    const makerEth = await webBalance(maker.token, ETH);
    expect([makerEth.balance, makerEth.lock_balance]).toEqual(['0.5', '1.5']);
    const locked = await signed<{ balances: { asset: string; free: string; locked: string }[] }>(
      'GET',
      'account',
      makerKey,
      { omitZeroBalances: 'true' },
    );
    expect(locked.body.balances).toContainEqual({ asset: 'ETH', free: '0.5', locked: '1.5' });

    // The same client id again is a duplicate, whatever its terms.
    const twice = await signed('POST', 'order', makerKey, {
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.1',
      price: '2500',
      newClientOrderId: 'maker-1',
    });
    expect(twice).toMatchObject({ status: 400, body: { code: -2010, msg: 'Duplicate order sent.' } });
    // Twins sent at once: one is placed, the other is the duplicate.
    const twinTerms = {
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.1',
      price: '2600',
      newClientOrderId: 'maker-twin',
    };
    const twins = await Promise.all([
      signed('POST', 'order', makerKey, twinTerms),
      signed('POST', 'order', makerKey, twinTerms),
    ]);
    expect(twins.map((twin) => twin.status).sort()).toEqual([200, 400]);
    const twinOrder = twins.find((twin) => twin.status === 200)!.body as { orderId: number };
    expect(
      await signed('DELETE', 'order', makerKey, { symbol: 'ETHUSDT', orderId: twinOrder.orderId }),
    ).toMatchObject({ status: 200, body: { status: 'CANCELED' } });
    // Another user may use the same client id.
    const theirs = await signed<{ orderId: number }>('POST', 'order', takerKey, {
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.1',
      price: '1000',
      newClientOrderId: 'maker-1',
      newOrderRespType: 'ACK',
    });
    expect(theirs.status).toBe(200);
    expect(Object.keys(theirs.body).sort()).toEqual([
      'clientOrderId',
      'orderId',
      'orderListId',
      'symbol',
      'transactTime',
    ]);

    // A market buy by cost: 1000 USDT at 2000 is 0.5 ETH, less the buyer's fee in ETH.
    const byCost = await signed<{
      status: string;
      executedQty: string;
      cummulativeQuoteQty: string;
      fills: Record<string, unknown>[];
    }>('POST', 'order', takerKey, { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quoteOrderQty: '1000' });
    expect(byCost.status).toBe(200);
    expect(byCost.body).toMatchObject({ status: 'FILLED', executedQty: '0.5', cummulativeQuoteQty: '1000' });
    expect(byCost.body.fills).toHaveLength(1);
    const fee = byCost.body.fills[0]!;
    expect(fee).toMatchObject({ price: '2000', qty: '0.5', commissionAsset: 'ETH' });
    const takerEth = await webBalance(taker.token, ETH);
    expect(Number(takerEth.balance)).toBeCloseTo(0.5 - Number(fee.commission), 12);
    // Balances as the web shows them: 5000 less 1000 spent and 100 held for the resting buy.
    expect((await webBalance(taker.token, USDT)).balance).toBe('3900');

    // A market buy by quantity, and reading the partly filled sell.
    const byQty = await signed<{ status: string; executedQty: string }>('POST', 'order', takerKey, {
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '0.25',
    });
    expect(byQty.body).toMatchObject({ status: 'FILLED', executedQty: '0.25' });
    const read = await signed<Record<string, unknown>>('GET', 'order', makerKey, {
      symbol: 'ETHUSDT',
      orderId: sellId,
    });
    expect(read.body).toMatchObject({
      status: 'PARTIALLY_FILLED',
      executedQty: '0.75',
      cummulativeQuoteQty: '1500',
    });
    const byClient = await signed('GET', 'order', makerKey, {
      symbol: 'ETHUSDT',
      origClientOrderId: 'maker-1',
    });
    expect(byClient.body).toMatchObject({ orderId: sellId });

    // Another user's key never sees the order.
    expect(await signed('GET', 'order', takerKey, { symbol: 'ETHUSDT', orderId: sellId })).toMatchObject({
      body: { code: -2013 },
    });
    expect(await signed('DELETE', 'order', takerKey, { symbol: 'ETHUSDT', orderId: sellId })).toMatchObject({
      body: { code: -2011 },
    });
    const takerOpen = await signed<{ orderId: number }[]>('GET', 'openOrders', takerKey, {
      symbol: 'ETHUSDT',
    });
    expect(takerOpen.body.map((order) => order.orderId)).toEqual([theirs.body.orderId]);
    const makerOpen = await signed<{ orderId: number }[]>('GET', 'openOrders', makerKey);
    expect(makerOpen.body.map((order) => order.orderId)).toEqual([sellId]);

    // myTrades: the maker's two fills, with the fee in USDT.
    const makerTrades = await signed<Record<string, unknown>[]>('GET', 'myTrades', makerKey, {
      symbol: 'ETHUSDT',
    });
    expect(makerTrades.body).toHaveLength(2);
    expect(
      makerTrades.body.map((trade) => [trade.qty, trade.isBuyer, trade.isMaker, trade.commissionAsset]),
    ).toEqual([
      ['0.5', false, true, 'USDT'],
      ['0.25', false, true, 'USDT'],
    ]);
    const takerTrades = await signed<Record<string, unknown>[]>('GET', 'myTrades', takerKey, {
      symbol: 'ETHUSDT',
    });
    expect(takerTrades.body.map((trade) => [trade.isBuyer, trade.isMaker])).toEqual([
      [true, false],
      [true, false],
    ]);

    // Cancel: the rest of the sell comes back.
    const cancelled = await signed<Record<string, unknown>>('DELETE', 'order', makerKey, {
      symbol: 'ETHUSDT',
      origClientOrderId: 'maker-1',
    });
    expect(cancelled.body).toMatchObject({
      status: 'CANCELED',
      origClientOrderId: 'maker-1',
      executedQty: '0.75',
    });
    expect(await signed('DELETE', 'order', makerKey, { symbol: 'ETHUSDT', orderId: sellId })).toMatchObject({
      body: { code: -2011 },
    });
    expect((await webBalance(maker.token, ETH)).lock_balance).toBe('0');
    const all = await signed<{ orderId: number; status: string }[]>('GET', 'allOrders', makerKey, {
      symbol: 'ETHUSDT',
    });
    expect(all.body).toEqual([
      expect.objectContaining({ orderId: sellId, status: 'CANCELED' }),
      expect.objectContaining({ orderId: twinOrder.orderId, status: 'CANCELED' }),
    ]);

    // DELETE openOrders cancels what rests in the market.
    const swept = await signed<{ orderId: number }[]>('DELETE', 'openOrders', takerKey, {
      symbol: 'ETHUSDT',
    });
    expect(swept.body.map((order) => order.orderId)).toEqual([theirs.body.orderId]);
    expect((await webBalance(taker.token, USDT)).lock_balance).toBe('0');
  });

  it('refuses orders the services refuse, in Binance’s codes, and tests an order without placing it', async () => {
    const user = await trader([[USDT, '10']]);
    const key = await keyFor(user.id);
    const limit = (extra: Record<string, string>) =>
      signed<{ code: number; msg: string }>('POST', 'order', key, {
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '1',
        price: '2000',
        ...extra,
      });
    expect(await limit({})).toMatchObject({
      status: 400,
      body: { code: -2010, msg: 'Account has insufficient balance for requested action.' },
    });
    expect(await limit({ price: '1.123456789' })).toMatchObject({ body: { code: -1111 } });
    expect(await limit({ quantity: '0.0000001', price: '1' })).toMatchObject({ body: { code: -1111 } });
    expect(await limit({ timeInForce: 'IOC' })).toMatchObject({ body: { code: -1115 } });
    expect(await limit({ type: 'STOP_LOSS' })).toMatchObject({ body: { code: -1116 } });
    expect(
      await signed('POST', 'order', key, {
        symbol: 'ETHUSDT',
        side: 'SELL',
        type: 'MARKET',
        quoteOrderQty: '5',
      }),
    ).toMatchObject({ body: { code: -2010 } });
    expect(
      await signed('POST', 'order/test', key, {
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '1',
        price: '2000',
      }),
    ).toMatchObject({
      status: 200,
      body: {},
    });
    expect((await webBalance(user.token, USDT)).balance).toBe('10');
    const none = await signed<unknown[]>('GET', 'allOrders', key, { symbol: 'ETHUSDT' });
    expect(none.body).toEqual([]);
    expect((await webBalance(user.token, BTC)).balance).toBe('0');
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After and -1003 past the weight per minute, and counts it in the header', async () => {
    const limited = await startTestExchange({ tradingApiWeightPerMinute: 50, tradingApiOrdersPer10s: 1 });
    // Frozen: a minute's window that ended between two calls of a loaded run reset the count (CI).
    limited.clock.freeze();
    try {
      const base = limited.url;
      const first = await call('GET', 'exchangeInfo', { base });
      expect(first.headers.get('x-mbx-used-weight-1m')).toBe('20');
      const second = await call('GET', 'exchangeInfo', { base });
      expect(second.headers.get('x-mbx-used-weight-1m')).toBe('40');
      const third = await call<{ code: number }>('GET', 'exchangeInfo', { base });
      expect(third.status).toBe(429);
      expect(third.body.code).toBe(-1003);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      limited.clock.advance(60_000);
      expect((await call('GET', 'ping', { base })).status).toBe(200);

      // New orders per key per 10 seconds: refused ones count too.
      const user = await traderOf(limited, []);
      const key = await limited.apiKeys.create(user.id, {
        label: 'bot',
        trade: true,
        withdraw: false,
        ipList: [],
        expiresAt: null,
      });
      const order = () => {
        const payload = `symbol=ETHUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=100&timestamp=${limited.clock.now()}`;
        return call<{ code: number; msg: string }>('POST', 'order', {
          base,
          key: key.apiKey,
          body: `${payload}&signature=${hmac(key.secret, payload)}`,
        });
      };
      expect((await order()).body.code).toBe(-2010);
      const tooMany = await order();
      expect(tooMany.status).toBe(429);
      expect(tooMany.body).toMatchObject({ code: -1003 });
      expect(tooMany.body.msg).toContain('orders per 10 SECOND');
    } finally {
      await limited.stop();
    }
  });
});
