import { Decimal } from '@oex/protocol';
import type { Market } from '../../market/markets.js';
import { SELL } from '../../spot/engine.js';
import { PERIOD_MS } from '../../spot/periods.js';
import type { BookSequence } from '../book-sequence.js';
import type { BinanceContext } from '../domain.js';
import { requestWeight } from '../rate-rules.js';
import { invalidInterval, nextBarStart, periodOfInterval, symbolFilters } from '../rules.js';
import { assetsOf, binanceSymbol } from '../symbols.js';
import type { Params } from './params.js';
import type { RouteDef } from './plugin.js';

const DAY = 86_400_000;
const text = (value: Decimal | string) =>
  (typeof value === 'string' ? Decimal.parse(value) : value).toString();

/** The public market data calls: ping, time, exchangeInfo, depth, trades, klines, tickers. */
export function marketRoutes(context: BinanceContext, sequence: BookSequence): RouteDef[] {
  const { spot, markets, clock, currencies, db, config } = context;
  const weight = (path: string) => (params: Params) =>
    requestWeight(path, 'GET', {
      whole: params.text('symbol') === undefined && params.text('symbols') === undefined,
      limit: params.integer('limit') ?? undefined,
    });
  const get = (path: string, handle: RouteDef['handle']): RouteDef => ({
    method: 'GET',
    path,
    auth: 'public',
    weight: weight(path),
    handle,
  });

  const symbolInfo = (market: Market) => {
    const { base, quote } = assetsOf(market);
    return {
      symbol: binanceSymbol(market),
      status: market.tradable ? 'TRADING' : 'BREAK',
      baseAsset: base,
      baseAssetPrecision: currencies.currency(market.baseId).decimals,
      quoteAsset: quote,
      quotePrecision: currencies.currency(market.quoteId).decimals,
      quoteAssetPrecision: currencies.currency(market.quoteId).decimals,
      baseCommissionPrecision: currencies.currency(market.baseId).decimals,
      quoteCommissionPrecision: currencies.currency(market.quoteId).decimals,
      orderTypes: ['LIMIT', 'MARKET'],
      icebergAllowed: false,
      ocoAllowed: false,
      otoAllowed: false,
      quoteOrderQtyMarketAllowed: true,
      allowTrailingStop: false,
      cancelReplaceAllowed: false,
      amendAllowed: false,
      isSpotTradingAllowed: true,
      isMarginTradingAllowed: false,
      filters: symbolFilters(market),
      permissions: ['SPOT'],
      permissionSets: [['SPOT']],
      defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
      allowedSelfTradePreventionModes: ['EXPIRE_MAKER'],
    };
  };

  const book = (market: Market, limit: number) => {
    // The id and the levels are read together, with no await between them.
    const lastUpdateId = sequence.lastUpdateId(market.id);
    const depth = spot.orders.book(market.id).depth(limit);
    const level = (entry: { price: number; quantity: number }) => [
      market.price(entry.price).toString(),
      market.quantity(entry.quantity).toString(),
    ];
    return { lastUpdateId, bids: depth.bids.map(level), asks: depth.asks.map(level) };
  };

  const bestLevels = (market: Market) => {
    const top = spot.orders.book(market.id).depth(1);
    const side = (entry: { price: number; quantity: number } | undefined) =>
      entry
        ? { price: market.price(entry.price).toString(), qty: market.quantity(entry.quantity).toString() }
        : { price: '0', qty: '0' };
    const bid = side(top.bids[0]);
    const ask = side(top.asks[0]);
    return { bidPrice: bid.price, bidQty: bid.qty, askPrice: ask.price, askQty: ask.qty };
  };

  const ticker24 = (market: Market) => {
    const quotation = spot.quotation(market);
    const now = clock.now();
    const open = Decimal.parse(quotation.open);
    const close = Decimal.parse(quotation.close);
    const volume = Decimal.parse(quotation.volume);
    const amount = Decimal.parse(quotation.amount);
    const last = spot.recentTrades(market.id)[0];
    return {
      symbol: binanceSymbol(market),
      priceChange: close.sub(open).toString(),
      priceChangePercent: quotation.change,
      weightedAvgPrice: volume.isZero()
        ? close.toString()
        : amount.div(volume, market.priceDecimals, 'half-up').toString(),
      prevClosePrice: open.toString(),
      lastPrice: close.toString(),
      lastQty: last ? last.amount : '0',
      ...bestLevels(market),
      openPrice: open.toString(),
      highPrice: quotation.high,
      lowPrice: quotation.low,
      volume: volume.toString(),
      quoteVolume: amount.toString(),
      openTime: now - DAY,
      closeTime: now,
      // Not kept by the rolling ticker.
      firstId: -1,
      lastId: last ? last.id : -1,
      count: 0,
    };
  };

  /** One object for `symbol`, a list for `symbols` or for all markets. */
  const eachOrOne = <T>(params: Params, view: (market: Market) => T): T | T[] => {
    const chosen = params.markets(markets);
    if (params.text('symbol') !== undefined) return view(chosen![0]!);
    return (chosen ?? markets.all()).map(view);
  };

  const tradeRows = async (market: Market, params: Params, maxLimit: number) => {
    const limit = params.limit(500, maxLimit);
    const fromId = params.integer('fromId', { min: 0 });
    const startTime = params.integer('startTime', { min: 0 });
    const endTime = params.integer('endTime', { min: 0 });
    let query = db.kysely
      .selectFrom('trades')
      .select(['id', 'price', 'number', 'amount', 'taker_way', 'created_at'])
      .where('currency_match_id', '=', market.id);
    if (fromId !== undefined) query = query.where('id', '>=', fromId);
    if (startTime !== undefined) query = query.where('created_at', '>=', startTime);
    if (endTime !== undefined) query = query.where('created_at', '<=', endTime);
    const ascending = fromId !== undefined || startTime !== undefined;
    const rows = await query
      .orderBy('id', ascending ? 'asc' : 'desc')
      .limit(limit)
      .execute();
    return ascending ? rows : rows.reverse();
  };

  return [
    get('ping', async () => ({})),
    get('time', async () => ({ serverTime: clock.now() })),
    get('exchangeInfo', async (call) => {
      const chosen = call.params.markets(markets) ?? markets.all();
      return {
        timezone: 'UTC',
        serverTime: clock.now(),
        rateLimits: [
          {
            rateLimitType: 'REQUEST_WEIGHT',
            interval: 'MINUTE',
            intervalNum: 1,
            limit: config.tradingApiWeightPerMinute,
          },
          {
            rateLimitType: 'ORDERS',
            interval: 'SECOND',
            intervalNum: 10,
            limit: config.tradingApiOrdersPer10s,
          },
        ],
        exchangeFilters: [],
        symbols: chosen.map(symbolInfo),
      };
    }),
    get('depth', async (call) => {
      const market = call.params.market(markets);
      return book(market, call.params.limit(100, 5000));
    }),
    get('trades', async (call) => {
      const market = call.params.market(markets);
      const rows = await tradeRows(market, call.params, 1000);
      return rows.map((row) => ({
        id: row.id,
        price: text(row.price),
        qty: text(row.number),
        quoteQty: text(row.amount),
        time: row.created_at,
        isBuyerMaker: row.taker_way === SELL,
        isBestMatch: true,
      }));
    }),
    get('aggTrades', async (call) => {
      // Each trade is its own aggregate: the engine fills one maker at a time.
      const market = call.params.market(markets);
      const rows = await tradeRows(market, call.params, 1000);
      return rows.map((row) => ({
        a: row.id,
        p: text(row.price),
        q: text(row.number),
        f: row.id,
        l: row.id,
        T: row.created_at,
        m: row.taker_way === SELL,
        M: true,
      }));
    }),
    get('klines', async (call) => {
      const market = call.params.market(markets);
      const period = periodOfInterval(call.params.required('interval'));
      if (!period) throw invalidInterval();
      const limit = call.params.limit(500, 1000);
      const startTime = call.params.integer('startTime', { min: 0 });
      const endTime = call.params.integer('endTime', { min: 0 });
      const span = PERIOD_MS[period] * (limit + 1);
      const to = endTime ?? (startTime !== undefined ? startTime + span : clock.now());
      const from = startTime ?? to - span;
      const bars = await spot.klines.bars(market.id, period, from, to);
      const chosen = startTime !== undefined ? bars.slice(0, limit) : bars.slice(-limit);
      return chosen.map((bar) => [
        bar.time,
        bar.open,
        bar.high,
        bar.low,
        bar.close,
        bar.volume,
        nextBarStart(bar.time, period, context.timeZone) - 1,
        bar.amount,
        // Not kept by our bars: the count of trades and the taker-buy volumes.
        0,
        '0',
        '0',
        '0',
      ]);
    }),
    get('ticker/24hr', async (call) => eachOrOne(call.params, ticker24)),
    get('ticker/price', async (call) =>
      eachOrOne(call.params, (market) => ({
        symbol: binanceSymbol(market),
        price: spot.lastPrice(market.id).toString(),
      })),
    ),
    get('ticker/bookTicker', async (call) =>
      eachOrOne(call.params, (market) => ({ symbol: binanceSymbol(market), ...bestLevels(market) })),
    ),
  ];
}
