import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha256';
import { keccak_256 } from '@noble/hashes/sha3';
import { depositPublicKey } from './keys.js';

/**
 * TRON's offline parts: addresses, amount scaling and TRC-20 Transfer decoding. There is no local
 * TRON node to test against, so the network itself shows as unavailable; these parts are pure.
 */
const codec = base58check(sha256);
const TRON_PREFIX = 0x41;
/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The base58 address (T…) of an uncompressed secp256k1 public key. */
export function tronAddressOfPublicKey(publicKey: Uint8Array): string {
  const hash = keccak_256(publicKey.slice(1));
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  bytes.set(hash.slice(-20), 1);
  return codec.encode(bytes);
}

export function tronDepositAddress(xpub: string, index: number): string {
  return tronAddressOfPublicKey(depositPublicKey(xpub, index));
}

/** True for a base58check address of the TRON main network (prefix 0x41); a bad checksum is false. */
export function isTronAddress(text: string): boolean {
  try {
    const bytes = codec.decode(text);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

/** The 20-byte hex of a T… address, as it appears in event topics (left-padded to 32 bytes there). */
export function tronAddressHex(text: string): string {
  return Buffer.from(codec.decode(text).slice(1)).toString('hex');
}

export function tronAddressFromHex(hex20: string): string {
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  bytes.set(Buffer.from(hex20, 'hex'), 1);
  return codec.encode(bytes);
}

export interface DecodedTransfer {
  from: string;
  to: string;
  /** In the token's smallest unit. */
  value: bigint;
}

/** Decodes a TRC-20 Transfer event log (topics and data in hex, without 0x, as TRON nodes give them). */
export function decodeTrc20Transfer(topics: string[], data: string): DecodedTransfer | null {
  if (topics.length !== 3 || topics[0]!.toLowerCase() !== TRANSFER_TOPIC) return null;
  const address = (topic: string) => tronAddressFromHex(topic.slice(-40));
  return { from: address(topics[1]!), to: address(topics[2]!), value: BigInt(`0x${data || '0'}`) };
}
