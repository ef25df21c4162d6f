import { recoverTransactionAddress, type TransactionSerialized } from 'viem';
import { describe, expect, it } from 'vitest';
import { devWallet } from '../src/chains/dev-chain.js';
import {
  depositXpub,
  evmAddressOfPublicKey,
  hotWalletPrivateKey,
  publicKeyOf,
  rootFromMnemonic,
} from '../src/chains/keys.js';
import { ChildSigner } from '../src/wallet/signer.js';

describe('the signer process', () => {
  it('holds the keys in its own process: gives public keys, signs prepared transfers, and ends with a stop', async () => {
    const phrase = devWallet().exchange_mnemonic;
    const signer = await ChildSigner.start(phrase);
    try {
      const root = rootFromMnemonic(phrase);
      expect(signer.keys().xpubs.evm).toBe(depositXpub(root, 'evm'));
      expect(signer.keys().xpubs.btc).toBe(depositXpub(root, 'btc'));
      expect(signer.keys().hot.evm).toBe(publicKeyOf(hotWalletPrivateKey(root, 'evm')));
      expect(JSON.stringify(signer.keys())).not.toMatch(/xprv|tprv/);
      const signed = await signer.sign(
        { family: 'evm' },
        {
          kind: 'evm',
          nonce: 7,
          tx: {
            chainId: 31337,
            to: '0x000000000000000000000000000000000000dEaD',
            value: '1000',
            data: null,
            gas: '21000',
            maxFeePerGas: '2000000000',
            maxPriorityFeePerGas: '1000000000',
          },
        },
      );
      expect(signed.nonce).toBe(7);
      const from = await recoverTransactionAddress({
        serializedTransaction: signed.raw as TransactionSerialized,
      });
      expect(from.toLowerCase()).toBe(evmAddressOfPublicKey(signer.keys().hot.evm).toLowerCase());
      await expect(
        signer.sign(
          { family: 'btc' },
          { kind: 'btc', nonce: 0, network: 'regtest', inputs: [], outputs: [] },
        ),
      ).rejects.toThrow(/signer:/);
    } finally {
      await signer.stop();
    }
    await expect(
      signer.sign({ family: 'evm' }, { kind: 'btc', nonce: 0, network: 'regtest', inputs: [], outputs: [] }),
    ).rejects.toThrow();
  }, 30_000);
});
