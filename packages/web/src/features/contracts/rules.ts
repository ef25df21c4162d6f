import { Decimal } from '@oex/protocol';

/** Pure rules both contract pages share: seconds contracts (/second) and leveraged ones (/lever). */

export type Direction = 'up' | 'down' | 'flat';

/** A profit with its sign and direction: "+8", "-10", "0"; the colour is never the only sign. */
export function signedProfit(value: string | null): { text: string; direction: Direction } {
  const text = value?.trim();
  const amount = text ? Decimal.tryParse(text) : null;
  if (!amount) return { text: '—', direction: 'flat' };
  if (amount.isZero()) return { text: '0', direction: 'flat' };
  return amount.isNegative()
    ? { text: amount.toString(), direction: 'down' }
    : { text: `+${amount.toString()}`, direction: 'up' };
}
