import type { Market, MarketDirectory } from '../market/markets.js';

/** A market's symbol as Binance writes it: `BTC/USDT` is `BTCUSDT`. */
export function binanceSymbol(market: Pick<Market, 'symbol'>): string {
  return market.symbol.replace('/', '').toUpperCase();
}

/** The base and quote codes of a market (`BTC`, `USDT`). */
export function assetsOf(market: Pick<Market, 'symbol'>): { base: string; quote: string } {
  const [base = '', quote = ''] = market.symbol.toUpperCase().split('/');
  return { base, quote };
}

/** The market a Binance symbol names (any case), or undefined. */
export function marketOfSymbol(markets: MarketDirectory, symbol: string): Market | undefined {
  const wanted = symbol.trim().toUpperCase();
  return markets.all().find((market) => binanceSymbol(market) === wanted);
}
