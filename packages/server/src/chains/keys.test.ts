import { describe, expect, it } from 'vitest';
import { mnemonicToAccount } from 'viem/accounts';
import {
  depositPrivateKey,
  depositXpub,
  evmDepositAddress,
  hotWalletPrivateKey,
  rootFromMnemonic,
} from './keys.js';
import {
  decodeTrc20Transfer,
  isTronAddress,
  tronAddressFromHex,
  tronAddressHex,
  tronDepositAddress,
  TRANSFER_TOPIC,
} from './tron.js';
import { fitsChainDecimals, fromChainUnits, toChainUnits } from './units.js';
import { privateKeyToAccount } from 'viem/accounts';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const root = rootFromMnemonic(PHRASE);

describe('wallet keys', () => {
  it('derives deposit addresses from the xpub alone, equal to what the private keys give', () => {
    const xpub = depositXpub(root, 'evm');
    expect(xpub).toMatch(/^xpub/);
    for (const index of [0, 1, 7, 1000]) {
      const fromXpub = evmDepositAddress(xpub, index);
      expect(privateKeyToAccount(depositPrivateKey(root, 'evm', index)).address).toBe(fromXpub);
      // The standard path m/44'/60'/0'/0/i, as every wallet derives it from the phrase.
      expect(mnemonicToAccount(PHRASE, { addressIndex: index }).address).toBe(fromXpub);
    }
    expect(evmDepositAddress(xpub, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('keeps the hot wallet off the deposit branch', () => {
    const hot = privateKeyToAccount(hotWalletPrivateKey(root, 'evm')).address;
    const xpub = depositXpub(root, 'evm');
    expect(Array.from({ length: 50 }, (_, i) => evmDepositAddress(xpub, i))).not.toContain(hot);
  });

  it('refuses a phrase that is not BIP-39', () => {
    expect(() => rootFromMnemonic('abandon abandon abandon')).toThrow(/not a valid BIP-39/);
  });
});

describe('TRON offline parts', () => {
  const xpub = depositXpub(root, 'tron');

  it('derives T-addresses whose 20 bytes are the same key hash Ethereum uses', () => {
    const address = tronDepositAddress(xpub, 3);
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isTronAddress(address)).toBe(true);
    expect(`0x${tronAddressHex(address)}`).toBe(evmDepositAddress(xpub, 3).toLowerCase());
    expect(tronAddressFromHex(tronAddressHex(address))).toBe(address);
  });

  it('knows a real main-network address and refuses a bad checksum or an Ethereum address', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(false);
    expect(isTronAddress('')).toBe(false);
  });

  it('decodes a TRC-20 Transfer event, and ignores other events', () => {
    const from = tronDepositAddress(xpub, 1);
    const to = tronDepositAddress(xpub, 2);
    const topic = (address: string) => tronAddressHex(address).padStart(64, '0');
    const data = 12_345_678n.toString(16).padStart(64, '0');
    expect(decodeTrc20Transfer([TRANSFER_TOPIC, topic(from), topic(to)], data)).toEqual({
      from,
      to,
      value: 12_345_678n,
    });
    expect(decodeTrc20Transfer(['00'.repeat(32), topic(from), topic(to)], data)).toBeNull();
    expect(decodeTrc20Transfer([TRANSFER_TOPIC, topic(from)], data)).toBeNull();
  });
});

describe('chain amounts', () => {
  it('scales exactly both ways and refuses more decimals than the chain has', () => {
    expect(toChainUnits('12.345678', 6)).toBe(12_345_678n);
    expect(fromChainUnits(12_345_678n, 6)).toBe('12.345678');
    expect(toChainUnits('0.000000000000000001', 18)).toBe(1n);
    expect(fromChainUnits(10n ** 26n, 18)).toBe('100000000');
    expect(() => toChainUnits('1.0000001', 6)).toThrow(RangeError);
    expect(fitsChainDecimals('1.000001', 6)).toBe(true);
    expect(fitsChainDecimals('1.0000001', 6)).toBe(false);
    expect(toChainUnits('0.1', 8)).toBe(10_000_000n);
  });
});
