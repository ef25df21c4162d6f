/**
 * The signer process: the only process that holds the wallet's phrase and derives private keys. The
 * server starts it (signer.ts) and asks over its IPC channel for the public keys (once) and for
 * signatures of prepared transfers; it answers with signed bytes, never a key. It exits with its
 * parent.
 */
import type { SignRequest } from '../chains/adapter.js';
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

const phrase = process.env.WALLET_MNEMONIC ?? '';
delete process.env.WALLET_MNEMONIC;
const root = rootFromMnemonic(phrase);
const families = Object.keys(COIN_TYPE) as KeyFamily[];

function privateKey(ref: KeyRef): string {
  return ref.deposit === undefined
    ? hotWalletPrivateKey(root, ref.family)
    : depositPrivateKey(root, ref.family, ref.deposit);
}

function keys(): WalletKeys {
  return {
    xpubs: Object.fromEntries(families.map((family) => [family, depositXpub(root, family)])),
    hot: Object.fromEntries(
      families.map((family) => [family, publicKeyOf(hotWalletPrivateKey(root, family))]),
    ),
  } as WalletKeys;
}

async function answer(request: SignerRequest): Promise<SignerResponse> {
  try {
    if (request.method === 'keys') return { id: request.id, result: keys() };
    const { ref, transfer } = request.params as { ref: KeyRef; transfer: SignRequest };
    return { id: request.id, result: await signTransfer(privateKey(ref), transfer) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (message: SignerRequest) => {
  void answer(message).then((response) => process.send!(response));
});
process.on('disconnect', () => process.exit(0));
process.send!({ id: 0, result: 'ready' } satisfies SignerResponse);
