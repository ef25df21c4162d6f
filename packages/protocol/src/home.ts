/** The home market table's rules, free of zod so the web app's pages can import them cheaply. */

/** The home table's coins when the operator has not set `home_coins`: the spec's four and the house coin. */
export const DEFAULT_HOME_COINS = 'BTC,ETH,TRX,DOT,FAIR';

/** The quote group the home table draws from. */
export const HOME_QUOTE = 'USDT';
