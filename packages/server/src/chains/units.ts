import { Decimal } from '@oex/protocol';

/**
 * Amounts between the ledger (decimal strings, 18 places) and a chain (whole smallest units with the
 * network's decimals). Exact both ways; an amount with more decimals than the chain carries is refused.
 */
export function toChainUnits(amount: string, decimals: number): bigint {
  const value = Decimal.parse(amount);
  const scale = 10n ** BigInt(18 - decimals);
  if (value.units % scale !== 0n) throw new RangeError(`more than ${decimals} decimals`);
  return value.units / scale;
}

export function fromChainUnits(units: bigint, decimals: number): string {
  return Decimal.fromUnits(units * 10n ** BigInt(18 - decimals)).toString();
}

/** True when the amount fits the chain's decimals. */
export function fitsChainDecimals(amount: string, decimals: number): boolean {
  return Decimal.parse(amount).units % 10n ** BigInt(18 - decimals) === 0n;
}
