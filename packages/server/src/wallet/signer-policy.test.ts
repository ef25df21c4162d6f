import { hex } from '@scure/base';
import { p2wpkh } from '@scure/btc-signer';
import { encodeFunctionData, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import type { SignRequest } from '../chains/adapter.js';
import { REGTEST } from '../chains/bitcoin.js';
import { depositCompressedKey, evmAddressOfPublicKey } from '../chains/keys.js';
import { holdKeys } from './signer-keys.js';
import { overLimit, parseLimits, SIGNING_DAY_MS, spendsOf, type SignerLimits } from './signer-policy.js';

const keys = holdKeys('test test test test test test test test test test test junk').keys();
const hotEvm = evmAddressOfPublicKey(keys.hot.evm);
const hotBtc = p2wpkh(hex.decode(keys.hot.btc), REGTEST).address!;
const stranger = '0x000000000000000000000000000000000000dEaD';
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ERC20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
]);

function evm(to: string, value: string, data: string | null = null): SignRequest {
  return {
    kind: 'evm',
    nonce: 0,
    tx: { chainId: 31337, to, value, data, gas: '21000', maxFeePerGas: '10', maxPriorityFeePerGas: '1' },
  };
}
const tokenTransfer = (to: string, units: bigint) =>
  evm(
    token,
    '0',
    encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [to as `0x${string}`, units] }),
  );

function btc(outputs: { address: string; amount: string }[]): SignRequest {
  return {
    kind: 'btc',
    nonce: 0,
    network: 'regtest',
    inputs: [
      { txid: '00'.repeat(32), vout: 0, amount: '100000', script: '' },
      { txid: '11'.repeat(32), vout: 1, amount: '50000', script: '' },
    ],
    outputs,
  };
}

const HOT = { family: 'evm' } as const;
const DEPOSIT = { family: 'evm', deposit: 7 } as const;

describe('what the signer signs, by its own rules', () => {
  it('a hot-wallet transfer pays its value and the most its fees can take', () => {
    expect(spendsOf(HOT, evm(stranger, '1000'), keys)).toEqual({
      ok: true,
      spends: [{ asset: 'evm:native', units: 1000n + 21000n * 10n }],
    });
    expect(spendsOf(HOT, tokenTransfer(stranger, 5_000_000n), keys)).toEqual({
      ok: true,
      spends: [
        { asset: `evm:${token.toLowerCase()}`, units: 5_000_000n },
        { asset: 'evm:native', units: 210_000n },
      ],
    });
  });

  it('no contract call but an ERC-20 transfer, and no coin sent along with one', () => {
    const approve = evm(
      token,
      '0',
      encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [stranger, 2n ** 255n] }),
    );
    expect(spendsOf(HOT, approve, keys)).toEqual({
      ok: false,
      reason: 'only coin transfers and ERC-20 transfers are signed, not other contract calls',
    });
    expect(spendsOf(HOT, evm(token, '0', '0xdeadbeef'), keys)).toMatchObject({ ok: false });
    // A transfer's words with something after them is not a transfer.
    const padded = { ...tokenTransfer(stranger, 1n) } as Extract<SignRequest, { kind: 'evm' }>;
    expect(spendsOf(HOT, evm(token, '0', `${padded.tx.data}00`), keys)).toMatchObject({ ok: false });
    const withCoin = { ...padded, tx: { ...padded.tx, value: '1' } };
    expect(spendsOf(HOT, withCoin, keys)).toEqual({
      ok: false,
      reason: 'a token transfer sends no coin along',
    });
  });

  it('a deposit address pays only the hot wallet, as a sweep', () => {
    expect(spendsOf(DEPOSIT, evm(hotEvm, '5000'), keys)).toEqual({ ok: true, spends: [] });
    expect(spendsOf(DEPOSIT, evm(hotEvm.toUpperCase().replace('0X', '0x'), '5000'), keys)).toEqual({
      ok: true,
      spends: [],
    });
    expect(spendsOf(DEPOSIT, tokenTransfer(hotEvm, 9n), keys)).toEqual({ ok: true, spends: [] });
    for (const request of [evm(stranger, '5000'), tokenTransfer(stranger, 9n)]) {
      expect(spendsOf(DEPOSIT, request, keys)).toEqual({
        ok: false,
        reason: 'a deposit address pays only the hot wallet',
      });
    }
  });

  it('bitcoin: what leaves the wallet is its inputs less the change it pays itself; a deposit pays only the hot wallet', () => {
    const payment = btc([
      { address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: '120000' },
      { address: hotBtc, amount: '29000' },
    ]);
    expect(spendsOf({ family: 'btc' }, payment, keys)).toEqual({
      ok: true,
      spends: [{ asset: 'btc', units: 121_000n }],
    });
    expect(
      spendsOf({ family: 'btc', deposit: 1 }, btc([{ address: hotBtc, amount: '149000' }]), keys),
    ).toEqual({
      ok: true,
      spends: [],
    });
    // Its change comes back to the deposit address itself.
    const own = p2wpkh(depositCompressedKey(keys.xpubs.btc, 1), REGTEST).address!;
    expect(
      spendsOf(
        { family: 'btc', deposit: 1 },
        btc([
          { address: hotBtc, amount: '100000' },
          { address: own, amount: '49000' },
        ]),
        keys,
      ),
    ).toEqual({ ok: true, spends: [] });
    expect(
      spendsOf({ family: 'btc', deposit: 2 }, btc([{ address: own, amount: '149000' }]), keys),
    ).toMatchObject({
      ok: false,
    });
    expect(spendsOf({ family: 'btc', deposit: 1 }, payment, keys)).toMatchObject({ ok: false });
  });

  it('limits: one transfer, and any 24 hours of them', () => {
    const limits: SignerLimits = new Map([['evm:native', { transfer: 700n, day: 1000n }]]);
    const now = 10 * SIGNING_DAY_MS;
    const spend = (units: bigint) => [{ asset: 'evm:native', units }];
    expect(overLimit(spend(700n), limits, [], now)).toBeNull();
    expect(overLimit(spend(701n), limits, [], now)).toBe(
      'evm:native: 701 is over the limit of 700 a transfer',
    );
    const signed = [
      { asset: 'evm:native', units: 500n, at: now - SIGNING_DAY_MS },
      { asset: 'evm:native', units: 400n, at: now - SIGNING_DAY_MS + 1 },
      { asset: 'btc', units: 10n ** 12n, at: now },
    ];
    // The first is a day old and counts no more; the second still does.
    expect(overLimit(spend(600n), limits, signed, now)).toBeNull();
    expect(overLimit(spend(601n), limits, signed, now)).toBe(
      'evm:native: 400 signed in the last 24 hours and 601 more is over the limit of 1000 a day',
    );
    // An asset with no limit is not limited.
    expect(overLimit([{ asset: 'btc', units: 10n ** 15n }], limits, signed, now)).toBeNull();
  });

  it('SIGNER_LIMITS: assets by what the signer sees, whole numbers of the smallest unit', () => {
    expect(parseLimits(undefined).size).toBe(0);
    expect(
      parseLimits(
        `{"evm:native":{"transfer":"10","day":"20"},"btc":{"day":"5"},"evm:${token.toLowerCase()}":{}}`,
      ),
    ).toEqual(
      new Map([
        ['evm:native', { transfer: 10n, day: 20n }],
        ['btc', { day: 5n }],
        [`evm:${token.toLowerCase()}`, {}],
      ]),
    );
    expect(() => parseLimits('{')).toThrow('SIGNER_LIMITS is not JSON');
    expect(() => parseLimits('[]')).toThrow('an object of assets');
    expect(() => parseLimits(`{"evm:${token}":{}}`)).toThrow('is not an asset');
    expect(() => parseLimits('{"btc":{"day":5}}')).toThrow(
      'a whole number of the smallest unit, as a string',
    );
    expect(() => parseLimits('{"btc":{"day":"0.5"}}')).toThrow('a whole number');
    expect(() => parseLimits('{"btc":{"week":"5"}}')).toThrow('btc.week is not a limit');
  });
});
