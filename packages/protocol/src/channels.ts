import type { BalancePush } from './ledger.js';
import type { LeverClosedPush, LeverTradePush } from './lever.js';
import type { MicroClosedPush } from './micro.js';
import type { P2pOrderView } from './p2p.js';
import type { DayMarketPush, DepthPush, KlinePush, MatchedPush, OrderPush, TradesPush } from './spot.js';
import type { WalletPush } from './wallet.js';

/**
 * Every live channel by kind (its name before the first dot), with the fields of its pushes
 * (docs/platform.md). The server publishes and the web subscribes through this map, so a push's
 * shape is written once.
 */
export interface Channels {
  /** Public: one market's 24 h quotation changed. */
  DAY_MARKET: DayMarketPush;
  /** Public, `MARKET_DEPTH.<symbol>`. */
  MARKET_DEPTH: DepthPush;
  /** Public, `GLOBAL_TX.<symbol>`. */
  GLOBAL_TX: TradesPush;
  /** Public, `KLINE.<symbol>` (every period) or `KLINE.<symbol>.<period>`. */
  KLINE: KlinePush;
  /** Private: an order of yours rested on the book without a fill. */
  TX_SUBMIT: OrderPush;
  /** Private: an order of yours filled. */
  TX_MATCHED: MatchedPush;
  /** Private: any change of an order of yours. */
  ORDER: OrderPush;
  /** Private: balances of yours that one commit changed. */
  BALANCE: BalancePush;
  /** Private: a deposit or withdrawal of yours changed. */
  WALLET: WalletPush;
  /** Private: your leveraged positions in one quote currency. */
  LEVER_TRADE: LeverTradePush;
  /** Private: positions of yours that closed. */
  LEVER_CLOSED: LeverClosedPush;
  /** Private: a seconds contract of yours settled. */
  MICRO_CLOSED: MicroClosedPush;
  /** Private: a P2P order of yours changed. */
  P2P_ORDER: P2pOrderView;
}

/** Channels named by kind and market: `MARKET_DEPTH.BTC/USDT`, `KLINE.BTC/USDT.1min`. */
export type MarketChannelKind = 'MARKET_DEPTH' | 'GLOBAL_TX' | 'KLINE';

export type ChannelName = keyof Channels | `${MarketChannelKind}.${string}`;

/** The push a channel carries. */
export type PushOf<C extends ChannelName> = C extends `${infer Kind}.${string}`
  ? Kind extends keyof Channels
    ? Channels[Kind]
    : never
  : C extends keyof Channels
    ? Channels[C]
    : never;

/** A market's channel of a kind: `marketChannel('KLINE', 'BTC/USDT', '1min')` is `KLINE.BTC/USDT.1min`. */
export function marketChannel<K extends MarketChannelKind>(
  kind: K,
  symbol: string,
  period?: string,
): `${K}.${string}` {
  return `${kind}.${symbol}${period === undefined ? '' : `.${period}`}`;
}
