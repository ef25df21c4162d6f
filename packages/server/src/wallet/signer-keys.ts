import type { SignedTransfer, SignRequest } from '../chains/adapter.js';
import {
  COIN_TYPE,
  depositPrivateKey,
  depositXpub,
  hotWalletPrivateKey,
  publicKeyOf,
  rootFromMnemonic,
  type KeyFamily,
} from '../chains/keys.js';
import { signTransfer } from '../chains/signing.js';
import type { KeyRef, SignerRequest, SignerResponse, WalletKeys } from './signer.js';
import type { SigningGuard } from './signer-guard.js';

/** The wallet's keys, derived from its phrase: public keys out, signatures out, never a private key. */
export interface KeyHolder {
  keys(): WalletKeys;
  sign(ref: KeyRef, transfer: SignRequest): Promise<SignedTransfer>;
}

/** Holds the keys of `phrase` (the signer process's and the signer service's one copy of it). */
export function holdKeys(phrase: string): KeyHolder {
  const root = rootFromMnemonic(phrase);
  const families = Object.keys(COIN_TYPE) as KeyFamily[];
  const privateKey = (ref: KeyRef) =>
    ref.deposit === undefined
      ? hotWalletPrivateKey(root, ref.family)
      : depositPrivateKey(root, ref.family, ref.deposit);
  const walletKeys = {
    xpubs: Object.fromEntries(families.map((family) => [family, depositXpub(root, family)])),
    hot: Object.fromEntries(
      families.map((family) => [family, publicKeyOf(hotWalletPrivateKey(root, family))]),
    ),
  } as WalletKeys;
  return {
    keys: () => walletKeys,
    sign: (ref, transfer) => signTransfer(privateKey(ref), transfer),
  };
}

/**
 * One request to the signer answered: its keys, or a signature of a transfer its guard admitted; a
 * failure (a refusal too) as its message.
 */
export async function answerSigner(
  holder: KeyHolder,
  guard: SigningGuard,
  request: SignerRequest,
): Promise<SignerResponse> {
  try {
    if (request.method === 'keys') return { id: request.id, result: holder.keys() };
    if (request.method !== 'sign') throw new Error('unknown method');
    const { ref, transfer } = request.params as { ref: KeyRef; transfer: SignRequest };
    guard.admit(ref, transfer, holder.keys());
    return { id: request.id, result: await holder.sign(ref, transfer) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}
