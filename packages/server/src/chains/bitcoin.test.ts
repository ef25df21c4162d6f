import { hex } from '@scure/base';
import { p2wpkh } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { BitcoinAdapter, BitcoinRpc, networkOf } from './bitcoin.js';
import {
  depositPrivateKey,
  depositXpub,
  hotWalletPrivateKey,
  publicKeyOf,
  rootFromMnemonic,
} from './keys.js';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const offline = new BitcoinRpc('http://user:pass@127.0.0.1:1');

describe('Bitcoin addresses', () => {
  it('encodes a public key as BIP-173 does (bc1qw508…)', () => {
    const key = hex.decode('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
    expect(p2wpkh(key, networkOf('main')).address).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  });

  it('derives deposit addresses from the xpub alone, equal to what the private keys give', () => {
    const root = rootFromMnemonic(PHRASE);
    const xpub = depositXpub(root, 'btc');
    const adapter = new BitcoinAdapter(offline, 'regtest');
    for (const index of [1, 2, 77]) {
      const address = adapter.depositAddress(xpub, index);
      expect(address).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
      expect(adapter.addressOf(publicKeyOf(depositPrivateKey(root, 'btc', index)))).toBe(address);
    }
    expect(adapter.addressOf(publicKeyOf(hotWalletPrivateKey(root, 'btc')))).not.toBe(
      adapter.depositAddress(xpub, 0),
    );
  });

  it('accepts addresses of its own network only, and normalises bech32 to lower case', () => {
    const regtest = new BitcoinAdapter(offline, 'regtest');
    const main = new BitcoinAdapter(offline, 'main');
    const address = regtest.depositAddress(depositXpub(rootFromMnemonic(PHRASE), 'btc'), 1);
    expect(regtest.isValidAddress(address)).toBe(true);
    expect(regtest.isValidAddress(address.toUpperCase())).toBe(true);
    expect(regtest.normalize(address.toUpperCase())).toBe(address);
    expect(main.isValidAddress(address)).toBe(false);
    expect(main.isValidAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(main.isValidAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(regtest.isValidAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });
});
