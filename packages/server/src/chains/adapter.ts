import type { ChainCode } from '@oex/protocol';
import type { KeyFamily } from './keys.js';

/** A transfer into one of our addresses, as a block holds it. */
export interface IncomingTransfer {
  txHash: string;
  /** The log index for a token transfer; -1 for a native one (one per transaction). */
  logIndex: number;
  to: string;
  /**
   * The sender (normalized) where a transfer has one (an account chain); null where it has none
   * (a Bitcoin output is paid by inputs). The watcher skips transfers from the exchange's own
   * addresses: the gas the hot wallet sends a deposit address for a sweep is not a deposit.
   */
  from: string | null;
  /** In the network's smallest unit. */
  units: bigint;
  blockNumber: number;
  blockHash: string;
}

export interface SignedTransfer {
  raw: string;
  hash: string;
  nonce: number;
}

/**
 * Everything needed to sign one transfer, so the signer (its own process, holding the keys) reads no
 * chain and can say exactly what it signs. Amounts are decimal strings of the smallest unit.
 */
export type SignRequest =
  | {
      kind: 'evm';
      nonce: number;
      tx: {
        chainId: number;
        to: string;
        value: string;
        data: string | null;
        gas: string;
        maxFeePerGas: string;
        maxPriorityFeePerGas: string;
      };
    }
  | {
      kind: 'btc';
      nonce: number;
      /** bitcoind's chain name: main, test, signet or regtest. */
      network: string;
      inputs: { txid: string; vout: number; amount: string; script: string }[];
      outputs: { address: string; amount: string }[];
    };

export interface FeeQuote {
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** gas × maxFeePerGas: the most the transfer can cost. */
  cost: bigint;
}

export interface TransferReceipt {
  blockNumber: number;
  /** False when the network included it but it failed (a reverted token transfer). */
  succeeded: boolean;
}

/**
 * One network of one currency (USDT on ERC20, ETH on Ethereum, …) behind one interface: the watcher,
 * the signer and the withdrawal checks use nothing else. Addresses are compared in `normalize`d form.
 */
export interface ChainAdapter {
  readonly chain: ChainCode;
  readonly family: KeyFamily;
  /** Decimals of the currency on this network. */
  readonly decimals: number;
  depositAddress(xpub: string, index: number): string;
  isValidAddress(address: string): boolean;
  normalize(address: string): string;
  head(): Promise<number>;
  /** The hash of the block at a height, or null above the head. */
  blockHash(height: number): Promise<string | null>;
  /** Transfers into any watched address in blocks [from, to], and each scanned block's hash. */
  scan(
    from: number,
    to: number,
    watched: ReadonlySet<string>,
  ): Promise<{
    transfers: IncomingTransfer[];
    hashes: Map<number, string>;
  }>;
  /** The balance of an address in smallest units. */
  balanceOf(address: string): Promise<bigint>;
  /** The address of a public key (compressed, hex) on this network. */
  addressOf(publicKey: string): string;
  /** The next nonce the network expects from an address, counting pending transactions. */
  nextNonce(address: string): Promise<number>;
  /** The fee terms of one transfer now, and its highest cost in the coin that pays fees. */
  feeQuote(): Promise<FeeQuote>;
  /** The balance of the coin that pays this network's fees (ETH for an ERC-20), smallest units. */
  gasBalanceOf(address: string): Promise<bigint>;
  /** Builds a transfer from `from` (with these fee terms, or current ones) for the signer; nothing is sent. */
  prepare(from: string, to: string, units: bigint, nonce: number, quote?: FeeQuote): Promise<SignRequest>;
  /** Gives a signed transfer to the network. Sending the same one twice is harmless. */
  broadcast(raw: string): Promise<void>;
  receipt(hash: string): Promise<TransferReceipt | null>;
}
