import type { ApiPlugin } from '../../platform/api.js';
import type { BinanceContext } from '../domain.js';

/** Binance's spot REST calls under `/api/v3` (not built yet). */
export function binanceRest(_context: BinanceContext): ApiPlugin {
  return async () => undefined;
}
