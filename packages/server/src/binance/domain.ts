import type { ApiKeysParts } from '../apikeys/domain.js';
import type { LedgerParts } from '../ledger/domain.js';
import type { Domain, ExchangeContext } from '../platform/domains.js';
import type { SpotParts } from '../spot/domain.js';
import type { UsersParts } from '../users/domain.js';
import type { WalletParts } from '../wallet/domain.js';
import { listenKeysOf } from './listen-keys.js';
import { binanceRest } from './rest/plugin.js';
import { binanceStreams } from './streams/plugin.js';

/**
 * What the trading API reads and moves: the spot books and orders, the ledger's balances, the
 * wallet's networks, addresses and withdrawals, the users' keys.
 */
export type BinanceContext = ExchangeContext &
  UsersParts &
  LedgerParts &
  SpotParts &
  WalletParts &
  ApiKeysParts;

/**
 * The trading API for programs (docs/trading-api.md): Binance's spot REST calls under `/api/v3`, its
 * wallet calls under `/sapi/v1/capital`, its market streams at `/ws/<stream>` and `/stream`, and its
 * WebSocket API's user-data stream at `/ws-api/v3`. Keys act only for their users, through the same
 * services as the web.
 */
export const binanceDomain: Domain<BinanceContext> = {
  name: 'trading api',
  open: async (context) => {
    // The listen keys a previous leader gave out, before any call can present one (a following
    // standby reads them when it takes over: reading sweeps the expired ones).
    if (context.sequencer.leading) await listenKeysOf(context).load();
    const streams = binanceStreams(context);
    return {
      parts: {},
      routes: () => [{ plugin: binanceRest(context) }, { plugin: streams.plugin }],
      // Keys the leader gave out while this process followed it.
      takeover: () => listenKeysOf(context).load(),
      // Sockets close with 1001 as the drain begins; stop waits for the last of them, and for the
      // listen keys' last write to their table, before the database closes.
      drain: () => void streams.close(),
      stop: async () => {
        await streams.close();
        await listenKeysOf(context).flushed();
      },
    };
  },
};
