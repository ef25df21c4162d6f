import type { ApiPlugin } from '../../platform/api.js';
import type { BinanceContext } from '../domain.js';

/** Binance's market streams and WebSocket API (not built yet). */
export function binanceStreams(_context: BinanceContext): { plugin: ApiPlugin; close(): void } {
  return { plugin: async () => undefined, close: () => undefined };
}
