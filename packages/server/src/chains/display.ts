import { getAddress, isAddress } from 'viem';
import type { KeyFamily } from './keys.js';

/**
 * An address as people read and copy it. Addresses are kept and compared in their `normalize`d form
 * (lower case on EVM chains, so a match never depends on capitals); an EVM address is shown with
 * its EIP-55 checksum capitals (viem's getAddress), which let a wallet catch a mistyped character.
 * Anything that is not a 20-byte hex address is shown as kept.
 */
export function shownAddress(family: KeyFamily, address: string): string {
  if (family !== 'evm' || !isAddress(address, { strict: false })) return address;
  return getAddress(address);
}
