/**
 * Binance's stream event payloads, built from plain values: every number that is money is an exact
 * decimal string, as Binance sends it. Pure; the stream side fills them from the books and outcomes.
 */

/** A price level as Binance writes it: `[price, quantity]`; quantity "0" removes the level. */
export type LevelPair = [price: string, quantity: string];

export interface DepthUpdateEvent {
  e: 'depthUpdate';
  E: number;
  s: string;
  U: number;
  u: number;
  b: LevelPair[];
  a: LevelPair[];
}

export function depthUpdate(
  symbol: string,
  time: number,
  firstUpdateId: number,
  lastUpdateId: number,
  bids: LevelPair[],
  asks: LevelPair[],
): DepthUpdateEvent {
  return { e: 'depthUpdate', E: time, s: symbol, U: firstUpdateId, u: lastUpdateId, b: bids, a: asks };
}

export interface PartialDepthEvent {
  lastUpdateId: number;
  bids: LevelPair[];
  asks: LevelPair[];
}

export interface TradeFacts {
  id: number;
  price: string;
  quantity: string;
  time: number;
  /** Whether the buyer's order was the resting one. */
  buyerIsMaker: boolean;
}

export function tradeEvent(symbol: string, time: number, trade: TradeFacts) {
  return {
    e: 'trade' as const,
    E: time,
    s: symbol,
    t: trade.id,
    p: trade.price,
    q: trade.quantity,
    T: trade.time,
    m: trade.buyerIsMaker,
    M: true,
  };
}

export interface BarFacts {
  openTime: number;
  closeTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quoteVolume: string;
  closed: boolean;
}

export function klineEvent(symbol: string, interval: string, time: number, bar: BarFacts) {
  return {
    e: 'kline' as const,
    E: time,
    s: symbol,
    k: {
      t: bar.openTime,
      T: bar.closeTime,
      s: symbol,
      i: interval,
      // Trade ids and counts per bar are not kept with the bars.
      f: -1,
      L: -1,
      o: bar.open,
      c: bar.close,
      h: bar.high,
      l: bar.low,
      v: bar.volume,
      n: 0,
      x: bar.closed,
      q: bar.quoteVolume,
      V: '0',
      Q: '0',
      B: '0',
    },
  };
}

export interface TickerFacts {
  open: string;
  high: string;
  low: string;
  last: string;
  lastQuantity: string;
  volume: string;
  quoteVolume: string;
  /** Last minus open, and its percent of open (2 decimals). */
  change: string;
  changePercent: string;
  weightedAverage: string;
  bestBid: LevelPair;
  bestAsk: LevelPair;
  lastTradeId: number;
}

export function tickerEvent(symbol: string, time: number, ticker: TickerFacts) {
  return {
    e: '24hrTicker' as const,
    E: time,
    s: symbol,
    p: ticker.change,
    P: ticker.changePercent,
    w: ticker.weightedAverage,
    x: ticker.open,
    c: ticker.last,
    Q: ticker.lastQuantity,
    b: ticker.bestBid[0],
    B: ticker.bestBid[1],
    a: ticker.bestAsk[0],
    A: ticker.bestAsk[1],
    o: ticker.open,
    h: ticker.high,
    l: ticker.low,
    v: ticker.volume,
    q: ticker.quoteVolume,
    O: time - 24 * 3_600_000,
    C: time,
    F: -1,
    L: ticker.lastTradeId,
    n: 0,
  };
}

/** The 24-hour mini ticker: the ticker's prices and volumes only. */
export function miniTickerEvent(symbol: string, time: number, ticker: TickerFacts) {
  return {
    e: '24hrMiniTicker' as const,
    E: time,
    s: symbol,
    c: ticker.last,
    o: ticker.open,
    h: ticker.high,
    l: ticker.low,
    v: ticker.volume,
    q: ticker.quoteVolume,
  };
}

/** Binance's bookTicker carries no event type or time: `{u, s, b, B, a, A}`. */
export function bookTickerEvent(symbol: string, updateId: number, bestBid: LevelPair, bestAsk: LevelPair) {
  return { u: updateId, s: symbol, b: bestBid[0], B: bestBid[1], a: bestAsk[0], A: bestAsk[1] };
}

export type ExecutionType = 'NEW' | 'CANCELED' | 'TRADE' | 'EXPIRED';
export type OrderState = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED';

export interface ExecutionFacts {
  symbol: string;
  clientOrderId: string;
  side: 'BUY' | 'SELL';
  type: 'LIMIT' | 'MARKET';
  quantity: string;
  price: string;
  execution: ExecutionType;
  state: OrderState;
  orderId: number;
  lastQuantity: string;
  cumulativeQuantity: string;
  lastPrice: string;
  commission: string;
  commissionAsset: string | null;
  transactionTime: number;
  tradeId: number;
  onBook: boolean;
  maker: boolean;
  createdAt: number;
  cumulativeQuote: string;
  lastQuote: string;
  quoteOrderQuantity: string;
}

export type ExecutionReport = ReturnType<typeof executionReport>;

export function executionReport(time: number, order: ExecutionFacts) {
  return {
    e: 'executionReport' as const,
    E: time,
    s: order.symbol,
    c: order.clientOrderId,
    S: order.side,
    o: order.type,
    f: 'GTC',
    q: order.quantity,
    p: order.price,
    P: '0',
    F: '0',
    g: -1,
    C: '',
    x: order.execution,
    X: order.state,
    r: 'NONE',
    i: order.orderId,
    l: order.lastQuantity,
    z: order.cumulativeQuantity,
    L: order.lastPrice,
    n: order.commission,
    N: order.commissionAsset,
    T: order.transactionTime,
    t: order.tradeId,
    I: 0,
    w: order.onBook,
    m: order.maker,
    M: false,
    O: order.createdAt,
    Z: order.cumulativeQuote,
    Y: order.lastQuote,
    Q: order.quoteOrderQuantity,
    W: order.createdAt,
    V: 'NONE',
  };
}

export interface BalanceFacts {
  asset: string;
  free: string;
  locked: string;
}

export function accountPosition(time: number, balances: BalanceFacts[]) {
  return {
    e: 'outboundAccountPosition' as const,
    E: time,
    u: time,
    B: balances.map((balance) => ({ a: balance.asset, f: balance.free, l: balance.locked })),
  };
}

/**
 * What a resting book's change means to an order's owner: Binance's execution type and state for
 * one report. `final` is our status after the outcome (1 open, 2 completed, 3 cancelled).
 */
export function orderState(status: number, filledAny: boolean, type: 'LIMIT' | 'MARKET'): OrderState {
  if (status === 2) return 'FILLED';
  if (status === 3) return type === 'MARKET' ? 'EXPIRED' : 'CANCELED';
  return filledAny ? 'PARTIALLY_FILLED' : 'NEW';
}
