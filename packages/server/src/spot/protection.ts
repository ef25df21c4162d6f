import { readFileSync } from 'node:fs';
import { Decimal } from '@oex/protocol';
import { BUY, type Side } from './engine.js';
import { serverPath } from '../lib/paths.js';

/**
 * Market-order price protection (docs/spot.md). Pure: a market order fills no further through the
 * book than its limit, `percent` from the best opposite price on its arrival; the rest is cancelled.
 */

interface ProtectionFile {
  default_percent: string;
  markets: Record<string, string>;
}

const HUNDRED = 100n * Decimal.ONE.units;

/** The protection percent of each market, from price-protection.json (data, not code). */
export function loadProtection(): (symbol: string) => Decimal {
  const file = JSON.parse(
    readFileSync(serverPath('src/spot/price-protection.json'), 'utf8'),
  ) as ProtectionFile;
  const fallback = checkedPercent(file.default_percent);
  const bySymbol = new Map(
    Object.entries(file.markets).map(([symbol, text]) => [symbol, checkedPercent(text)]),
  );
  return (symbol) => bySymbol.get(symbol) ?? fallback;
}

function checkedPercent(text: string): Decimal {
  const percent = Decimal.parse(text);
  if (!percent.isPositive() || percent.gte(Decimal.fromInt(100))) {
    throw new Error(`price protection ${text}%: must be above 0 and below 100`);
  }
  return percent;
}

/**
 * The furthest price (ticks) a market order may fill at: for a buy best × (1 + percent/100) rounded
 * down, for a sell best × (1 − percent/100) rounded up (never below one tick). Rounded towards the
 * best price, so the order never fills past the stated percent.
 */
export function protectionLimit(side: Side, bestTicks: number, percent: Decimal): number {
  const best = BigInt(bestTicks);
  if (side === BUY) return Number((best * (HUNDRED + percent.units)) / HUNDRED);
  const scaled = best * (HUNDRED - percent.units);
  const ticks = (scaled + HUNDRED - 1n) / HUNDRED;
  return Number(ticks > 0n ? ticks : 1n);
}

/**
 * What a limit buy holds beyond what its open remainder needs at its own price, after a fill at a
 * better price: that saving is released at the fill, never kept until the order ends.
 * Never negative: a hold below the need would be a broken invariant, and it throws.
 */
export function limitBuyExcess(hold: Decimal, needed: Decimal): Decimal {
  const excess = hold.sub(needed);
  if (excess.isNegative()) throw new Error(`limit buy holds ${hold.toString()}, needs ${needed.toString()}`);
  return excess;
}
