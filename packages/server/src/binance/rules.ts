import { Decimal, type DepositStatus } from '@oex/protocol';
import { bucketStart, PERIOD_MS, type Period } from '../spot/periods.js';
import type { MessageKey } from '../platform/messages/index.js';
import capitalNetworks from './capital-networks.json' with { type: 'json' };
import { BinanceError, filterFailure, orderRejected, walletRefused } from './errors.js';

/** Binance's kline intervals we keep, and the period of ours each one is. */
export const INTERVALS: Record<string, Period> = {
  '1m': '1min',
  '5m': '5min',
  '15m': '15min',
  '30m': '30min',
  '1h': '60min',
  '1d': '1day',
  '1w': '1week',
  '1M': '1mon',
};

/** The period of a Binance interval, or undefined (the caller answers -1120). */
export function periodOfInterval(interval: string): Period | undefined {
  return Object.hasOwn(INTERVALS, interval) ? INTERVALS[interval] : undefined;
}

/** The interval Binance writes for one of our periods. */
export function intervalOfPeriod(period: Period): string {
  return Object.entries(INTERVALS).find(([, value]) => value === period)![0];
}

const DAY = 86_400_000;

/** The start of the bar after the one starting at `open` (months and zone days vary in length). */
export function nextBarStart(open: number, period: Period, timeZone: string): number {
  if (PERIOD_MS[period] < DAY) return open + PERIOD_MS[period];
  const ahead = period === '1mon' ? 32 * DAY : PERIOD_MS[period] + 2 * 3_600_000;
  return bucketStart(open + ahead, period, timeZone);
}

export const invalidInterval = () => new BinanceError(400, -1120, 'Invalid interval.');

/** Our order statuses (1 open, 2 completed, 3 cancelled). */
export type OrderStatusCode = 1 | 2 | 3;

/**
 * Binance's status of an order. An open order is NEW until something fills; a completed one is
 * FILLED, or EXPIRED when a market order ended before its whole amount (price protection, an
 * empty book); a cancelled one is CANCELED, whatever it had filled.
 */
export function orderStatus(status: number, filled: Decimal, amount: Decimal): string {
  if (status === 1) return filled.isZero() ? 'NEW' : 'PARTIALLY_FILLED';
  if (status === 2) return filled.lt(amount) ? 'EXPIRED' : 'FILLED';
  return 'CANCELED';
}

/** The smallest step of a count of decimals: 2 → `0.01`, 0 → `1`. */
export function stepOf(decimals: number): string {
  return Decimal.fromUnits(10n ** BigInt(18 - decimals)).toString();
}

/** Binance writes filter figures with eight decimals. */
export function eightDecimals(value: Decimal | string): string {
  const decimal = typeof value === 'string' ? Decimal.parse(value) : value;
  return decimal.toString(Math.max(8, decimal.decimalPlaces()));
}

export interface MarketTerms {
  priceDecimals: number;
  numberDecimals: number;
  minNumber: Decimal;
  maxPrice: Decimal;
  maxQuantity: Decimal;
}

/** A symbol's filters: the tick, the lot and minimum, for limit and market orders. */
export function symbolFilters(terms: MarketTerms): Record<string, string | number | boolean>[] {
  const tick = stepOf(terms.priceDecimals);
  const lot = stepOf(terms.numberDecimals);
  const minQty = Decimal.max(terms.minNumber, Decimal.parse(lot));
  const lotFilter = {
    minQty: eightDecimals(minQty),
    maxQty: eightDecimals(terms.maxQuantity),
    stepSize: eightDecimals(lot),
  };
  return [
    {
      filterType: 'PRICE_FILTER',
      minPrice: eightDecimals(tick),
      maxPrice: eightDecimals(terms.maxPrice),
      tickSize: eightDecimals(tick),
    },
    { filterType: 'LOT_SIZE', ...lotFilter },
    { filterType: 'MARKET_LOT_SIZE', ...lotFilter },
  ];
}

/** Binance's name of an order type and side. */
export const orderTypeName = (type: number) => (type === 0 ? 'LIMIT' : 'MARKET');
export const sideName = (way: number) => (way === 1 ? 'BUY' : 'SELL');

/** Binance's messages for refusals its clients recognise (ccxt maps them to its error classes). */
export const INSUFFICIENT_BALANCE = 'Account has insufficient balance for requested action.';
export const DUPLICATE_ORDER = 'Duplicate order sent.';

/**
 * The Binance refusal for one of our services' refusals: money and market state are -2010 (order
 * rejected), a figure outside a market's terms -1013 (a filter), too many decimals -1111; anything
 * else is -2010 with our English text.
 */
export function refusalOf(key: MessageKey, english: string): BinanceError {
  switch (key) {
    case 'error.request_id_reused':
      return orderRejected(DUPLICATE_ORDER);
    case 'error.insufficient_balance':
    case 'error.balance_max':
      return orderRejected(INSUFFICIENT_BALANCE);
    case 'error.amount_min':
    case 'error.amount_max':
    case 'error.amount_positive':
      return filterFailure('LOT_SIZE');
    case 'error.price_max':
    case 'error.price_positive':
      return filterFailure('PRICE_FILTER');
    case 'error.total_max':
      return filterFailure('NOTIONAL');
    case 'error.price_decimals':
    case 'error.amount_decimals':
      return new BinanceError(400, -1111, 'Precision is over the maximum defined for this asset.');
    default:
      return orderRejected(english);
  }
}

/** A client order id as Binance allows it: 1 to 36 of letters, digits and `.-_:/` (we keep up to 64). */
export function validClientOrderId(id: string): boolean {
  return /^[A-Za-z0-9.\-_:/]{1,64}$/.test(id);
}

/** How Binance names one of our networks (capital-networks.json): USDT on ERC20 is its `ETH` network. */
export interface CapitalNetwork {
  network: string;
  name: string;
  addressRegex: string;
}

const CAPITAL_NETWORKS = capitalNetworks as Record<string, CapitalNetwork>;

export function capitalNetworkOf(chain: string): CapitalNetwork {
  return CAPITAL_NETWORKS[chain] ?? { network: chain, name: chain, addressRegex: '' };
}

/**
 * Binance's deposit status numbers: 0 pending, 6 credited but not yet withdrawable, 1 success,
 * 7 wrong deposit (ours: below the network's minimum, never credited), 2 rejected (ours: its block
 * left the chain).
 */
const DEPOSIT_STATUS: Record<DepositStatus, number> = {
  pending: 0,
  credited: 6,
  confirmed: 1,
  below_minimum: 7,
  reversed: 2,
};

export function depositStatusCode(status: string): number {
  return DEPOSIT_STATUS[status as DepositStatus] ?? 0;
}

/** Our deposit statuses that Binance's status number stands for. */
export function depositStatusesOf(code: number): string[] {
  return Object.keys(DEPOSIT_STATUS).filter((status) => DEPOSIT_STATUS[status as DepositStatus] === code);
}

/**
 * Binance's withdrawal status numbers: 2 awaiting approval (our review), 4 processing (queued,
 * signed, sent), 6 completed, 3 rejected (by an operator), 5 failure (refused by the network).
 */
const WITHDRAW_STATUS: Record<string, number> = {
  review: 2,
  queued: 4,
  signed: 4,
  sent: 4,
  complete: 6,
  rejected: 3,
  failed: 5,
};

export function withdrawStatusCode(status: string): number {
  return WITHDRAW_STATUS[status] ?? 4;
}

/** Our withdrawal statuses that Binance's status number stands for. */
export function withdrawStatusesOf(code: number): string[] {
  return Object.keys(WITHDRAW_STATUS).filter((status) => WITHDRAW_STATUS[status] === code);
}

/** Binance's `applyTime`: `YYYY-MM-DD HH:mm:ss` in UTC. */
export function utcDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The rule an API withdrawal breaks when its address is not in the user's address book. */
export const NOT_BOUND_RULE =
  'This address is not on the whitelist: a withdrawal through the API goes only to an address bound in the address book on the web (binding needs an emailed code). Bind it there and try again.';

/**
 * The Binance refusal for one of the wallet's refusals, with the -4xxx codes Binance's capital
 * calls use (ccxt maps them: -4026 insufficient funds, -4035 not whitelisted, ...); the message is
 * our own English text, which names the figure.
 */
export function capitalRefusalOf(key: MessageKey, english: string): BinanceError {
  switch (key) {
    case 'error.insufficient_balance':
      return walletRefused(-4026, 'You have insufficient balance.');
    case 'error.address_not_bound':
      return walletRefused(-4035, NOT_BOUND_RULE);
    case 'error.address_invalid':
    case 'error.memo_required':
      return walletRefused(-4007, `Address validation is not passed. ${english}`);
    case 'error.withdraw_min':
    case 'error.amount_positive':
      return walletRefused(-4022, english);
    case 'error.withdraw_decimals':
    case 'error.amount_decimals':
      return walletRefused(-4021, english);
    case 'error.withdraw_closed':
    case 'error.withdraw_closed_network':
    case 'error.network_unavailable':
    case 'error.deposit_closed':
      return walletRefused(-4019, english);
    case 'error.account_frozen':
      return walletRefused(-4015, `Withdraw is limited. ${english}`);
    case 'error.deposit_not_final':
      return walletRefused(-4060, english);
    case 'error.currency_unknown':
      return walletRefused(-4018, "We don't have this asset.");
    default:
      return walletRefused(-4000, english);
  }
}
