import { hex } from '@scure/base';
import { p2wpkh } from '@scure/btc-signer';
import type { SignRequest } from '../chains/adapter.js';
import { networkOf } from '../chains/bitcoin.js';
import { depositCompressedKey, evmAddressOfPublicKey } from '../chains/keys.js';
import type { KeyRef, WalletKeys } from './signer.js';

/**
 * The signer's own rules (docs/wallet.md, "What the signer refuses"): what it signs is checked
 * against the keys it holds and limits of its own, not against anything the asking core says, so a
 * core taken over can move no more than the limits allow, and never out of a deposit address. Pure:
 * the caller keeps what was signed (signer-guard.ts).
 */

/** What the hot wallet may pay out of one asset, in that asset's smallest unit. */
export interface AssetLimit {
  /** At most this in one transfer. */
  transfer?: bigint;
  /** At most this in all transfers signed in any 24 hours. */
  day?: bigint;
}

/**
 * Limits by asset: `evm:native` (the coin, wei, fees included), `evm:<token contract in lower case>`
 * (its ERC-20 units) and `btc` (satoshis, fees included). An asset not listed is not limited.
 */
export type SignerLimits = ReadonlyMap<string, AssetLimit>;

/** What one transfer pays out of the hot wallet in one asset. */
export interface Spend {
  asset: string;
  units: bigint;
}

/** A spend signed at a time: what the day's limits count. */
export interface SignedSpend extends Spend {
  at: number;
}

export const SIGNING_DAY_MS = 86_400_000;

/** ERC-20 `transfer(address,uint256)`: its selector, then the address and the amount, one word each. */
const TOKEN_TRANSFER = /^0x(?:a9059cbb)0{24}([0-9a-f]{40})([0-9a-f]{64})$/;

export type Verdict = { ok: true; spends: Spend[] } | { ok: false; reason: string };

const refuse = (reason: string): Verdict => ({ ok: false, reason });

/**
 * What a transfer signed with `ref`'s key pays out of the hot wallet, or why it may not be signed:
 * a deposit address's key pays only the hot wallet (a sweep); an EVM transfer is a plain coin
 * transfer or an ERC-20 `transfer` and nothing else (an `approve` would hand the wallet's tokens to
 * whoever it names, out of any limit's sight).
 */
export function spendsOf(ref: KeyRef, request: SignRequest, keys: WalletKeys): Verdict {
  if (!keys.hot[ref.family]) return refuse(`no hot wallet of family ${ref.family}`);
  return request.kind === 'evm'
    ? evmSpends(ref, request, keys.hot[ref.family])
    : btcSpends(ref, request, keys);
}

function evmSpends(ref: KeyRef, request: Extract<SignRequest, { kind: 'evm' }>, hotKey: string): Verdict {
  const { tx } = request;
  const hot = evmAddressOfPublicKey(hotKey).toLowerCase();
  const data = (tx.data ?? '0x').toLowerCase();
  const value = BigInt(tx.value);
  let payee: string;
  const spends: Spend[] = [];
  if (data === '0x') {
    payee = tx.to.toLowerCase();
    spends.push({ asset: 'evm:native', units: value });
  } else {
    const token = TOKEN_TRANSFER.exec(data);
    if (!token)
      return refuse('only coin transfers and ERC-20 transfers are signed, not other contract calls');
    if (value !== 0n) return refuse('a token transfer sends no coin along');
    payee = `0x${token[1]!}`;
    spends.push({ asset: `evm:${tx.to.toLowerCase()}`, units: BigInt(`0x${token[2]!}`) });
  }
  if (ref.deposit !== undefined) {
    return payee === hot ? { ok: true, spends: [] } : refuse('a deposit address pays only the hot wallet');
  }
  // The most the network can take in fees is the hot wallet's too.
  const fee = BigInt(tx.gas) * BigInt(tx.maxFeePerGas);
  const native = spends.find((spend) => spend.asset === 'evm:native');
  if (native) native.units += fee;
  else spends.push({ asset: 'evm:native', units: fee });
  return { ok: true, spends };
}

function btcSpends(ref: KeyRef, request: Extract<SignRequest, { kind: 'btc' }>, keys: WalletKeys): Verdict {
  const network = networkOf(request.network);
  const addressOf = (publicKey: Uint8Array) => p2wpkh(publicKey, network).address!.toLowerCase();
  const hot = addressOf(hex.decode(keys.hot.btc.replace(/^0x/, '')));
  const toHot = request.outputs.filter((output) => output.address.toLowerCase() === hot);
  if (ref.deposit !== undefined) {
    // A sweep's change comes back to the deposit address it spends from.
    const own = addressOf(depositCompressedKey(keys.xpubs.btc, ref.deposit));
    const elsewhere = request.outputs.filter((output) => ![hot, own].includes(output.address.toLowerCase()));
    return elsewhere.length === 0
      ? { ok: true, spends: [] }
      : refuse('a deposit address pays only the hot wallet');
  }
  // What leaves the wallet: everything its inputs hold but the change it pays itself, fees included.
  const sum = (amounts: { amount: string }[]) =>
    amounts.reduce((total, { amount }) => total + BigInt(amount), 0n);
  return { ok: true, spends: [{ asset: 'btc', units: sum(request.inputs) - sum(toHot) }] };
}

/**
 * Why `spends` may not be signed now, given what was signed before (any age: only the last 24 hours
 * count), or null when every limit holds.
 */
export function overLimit(
  spends: readonly Spend[],
  limits: SignerLimits,
  signed: readonly SignedSpend[],
  now: number,
): string | null {
  for (const { asset, units } of spends) {
    const limit = limits.get(asset);
    if (!limit) continue;
    if (limit.transfer !== undefined && units > limit.transfer) {
      return `${asset}: ${units} is over the limit of ${limit.transfer} a transfer`;
    }
    if (limit.day === undefined) continue;
    const today = signed
      .filter((spend) => spend.asset === asset && spend.at > now - SIGNING_DAY_MS)
      .reduce((total, spend) => total + spend.units, 0n);
    if (today + units > limit.day) {
      return `${asset}: ${today} signed in the last 24 hours and ${units} more is over the limit of ${limit.day} a day`;
    }
  }
  return null;
}

/**
 * SIGNER_LIMITS: `{"evm:native": {"transfer": "…", "day": "…"}, "btc": {…}, "evm:0x…": {…}}`,
 * whole numbers of each asset's smallest unit. Throws, naming what is wrong.
 */
export function parseLimits(text: string | undefined): SignerLimits {
  const limits = new Map<string, AssetLimit>();
  if (text === undefined || text.trim() === '') return limits;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('SIGNER_LIMITS is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('SIGNER_LIMITS is an object of assets');
  }
  for (const [asset, limit] of Object.entries(parsed)) {
    if (!/^(evm:native|evm:0x[0-9a-f]{40}|btc)$/.test(asset)) {
      throw new Error(
        `SIGNER_LIMITS: ${asset} is not an asset (evm:native, evm:<token contract in lower case>, btc)`,
      );
    }
    const entry: AssetLimit = {};
    for (const [name, value] of Object.entries((limit ?? {}) as Record<string, unknown>)) {
      if (name !== 'transfer' && name !== 'day')
        throw new Error(`SIGNER_LIMITS: ${asset}.${name} is not a limit (transfer, day)`);
      if (typeof value !== 'string' || !/^\d+$/.test(value)) {
        throw new Error(
          `SIGNER_LIMITS: ${asset}.${name} is a whole number of the smallest unit, as a string`,
        );
      }
      entry[name] = BigInt(value);
    }
    limits.set(asset, entry);
  }
  return limits;
}
