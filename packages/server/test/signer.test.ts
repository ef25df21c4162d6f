import { recoverTransactionAddress, type TransactionSerialized } from 'viem';
import { describe, expect, it } from 'vitest';
import { devWallet } from '../src/demo/dev-chain.js';
import {
  depositXpub,
  evmAddressOfPublicKey,
  hotWalletPrivateKey,
  publicKeyOf,
  rootFromMnemonic,
} from '../src/chains/keys.js';
import { ChildSigner } from '../src/wallet/signer.js';
import { budget } from './helpers/budget.js';
import { evmTransfer } from './helpers/chain.js';

describe('the signer process', () => {
  it(
    'holds the keys in its own process: gives public keys, signs prepared transfers, and ends with a stop',
    async () => {
      const phrase = devWallet().exchange_mnemonic;
      const signer = await ChildSigner.start(phrase);
      try {
        const root = rootFromMnemonic(phrase);
        expect(signer.keys().xpubs.evm).toBe(depositXpub(root, 'evm'));
        expect(signer.keys().xpubs.btc).toBe(depositXpub(root, 'btc'));
        expect(signer.keys().hot.evm).toBe(publicKeyOf(hotWalletPrivateKey(root, 'evm')));
        expect(JSON.stringify(signer.keys())).not.toMatch(/xprv|tprv/);
        const signed = await signer.sign({ family: 'evm' }, evmTransfer(7));
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
        signer.sign(
          { family: 'evm' },
          { kind: 'btc', nonce: 0, network: 'regtest', inputs: [], outputs: [] },
        ),
      ).rejects.toThrow();
    },
    budget(30_000),
  );
  it(
    'is supervised: killed -9, it is refused while down, restarted after a short wait, and signs again',
    async () => {
      const phrase = devWallet().exchange_mnemonic;
      const states: string[] = [];
      const signer = await ChildSigner.start(phrase, (state) => states.push(state));
      const transfer = evmTransfer(1, '1');
      try {
        const first = signer.process!;
        const gone = new Promise((resolve) => first.once('exit', resolve));
        first.kill('SIGKILL');
        await gone;
        expect(signer.state()).toBe('restarting');
        await expect(signer.sign({ family: 'evm' }, transfer)).rejects.toThrow(
          /signer: the signer process is restarting/,
        );
        for (let i = 0; i < 100 && signer.state() !== 'running'; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(signer.state()).toBe('running');
        expect(signer.process!.pid).not.toBe(first.pid);
        expect(signer.restarts).toBe(1);
        expect(states).toEqual(['restarting', 'running']);
        const signed = await signer.sign({ family: 'evm' }, transfer);
        expect(signed.nonce).toBe(1);
      } finally {
        await signer.stop();
      }
      expect(signer.state()).toBe('stopped');
    },
    budget(30_000),
  );
});
