import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex, type Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/**
 * Keys of the wallet. Deposit addresses derive from one extended public key, so the watcher holds
 * no private key; the signer alone derives private keys (hot wallet, and deposit keys to sweep).
 *
 * Paths (BIP-44): deposit addresses m/44'/<coin>'/0'/0/<user index>; the hot wallet m/44'/<coin>'/1'/0/0.
 */
export const COIN_TYPE = { evm: 60, tron: 195, btc: 1 } as const;
export type KeyFamily = keyof typeof COIN_TYPE;

export function rootFromMnemonic(mnemonic: string): HDKey {
  if (!validateMnemonic(mnemonic.trim(), wordlist))
    throw new Error('the wallet mnemonic is not a valid BIP-39 phrase');
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic.trim()));
}

/** The extended public key of a family's deposit branch: all the watcher needs. */
export function depositXpub(root: HDKey, family: KeyFamily): string {
  return root.derive(`m/44'/${COIN_TYPE[family]}'/0'/0`).publicExtendedKey;
}

/** The compressed public key (33 bytes) of a deposit index, from the xpub alone: Bitcoin's. */
export function depositCompressedKey(xpub: string, index: number): Uint8Array {
  return HDKey.fromExtendedKey(xpub).deriveChild(index).publicKey!;
}

/** The uncompressed public key (65 bytes, 0x04…) of a deposit index, from the xpub alone. */
export function depositPublicKey(xpub: string, index: number): Uint8Array {
  return secp256k1.ProjectivePoint.fromHex(depositCompressedKey(xpub, index)).toRawBytes(false);
}

export function evmDepositAddress(xpub: string, index: number): Hex {
  return publicKeyToAddress(bytesToHex(depositPublicKey(xpub, index)));
}

/** The EVM address of a public key (compressed or not, hex). */
export function evmAddressOfPublicKey(publicKey: string): Hex {
  const point = secp256k1.ProjectivePoint.fromHex(publicKey.replace(/^0x/, ''));
  return publicKeyToAddress(bytesToHex(point.toRawBytes(false)));
}

/** The compressed public key (hex) of a private key. */
export function publicKeyOf(privateKey: string): string {
  return bytesToHex(secp256k1.getPublicKey(privateKey.replace(/^0x/, ''), true)).slice(2);
}

/** Private keys: signer only. */
export function depositPrivateKey(root: HDKey, family: KeyFamily, index: number): Hex {
  return bytesToHex(root.derive(`m/44'/${COIN_TYPE[family]}'/0'/0/${index}`).privateKey!);
}

export function hotWalletPrivateKey(root: HDKey, family: KeyFamily): Hex {
  return bytesToHex(root.derive(`m/44'/${COIN_TYPE[family]}'/1'/0/0`).privateKey!);
}
