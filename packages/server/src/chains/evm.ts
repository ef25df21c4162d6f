import {
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  isAddress,
  keccak256,
  parseAbi,
  parseAbiItem,
  type Hex,
  type PublicClient,
} from 'viem';
import type { ChainCode } from '@oex/protocol';
import type { ChainAdapter, FeeQuote, IncomingTransfer, SignRequest, TransferReceipt } from './adapter.js';
import { evmAddressOfPublicKey, evmDepositAddress } from './keys.js';

const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const ERC20_ABI = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);
/** Gas of a token transfer with margin; a plain ETH transfer is 21,000. */
const TOKEN_TRANSFER_GAS = 90_000n;
const NATIVE_TRANSFER_GAS = 21_000n;

export function evmClient(rpcUrl: string): PublicClient {
  // cacheTime 0: confirmations are counted from the real head, never a cached one.
  return createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }), cacheTime: 0 });
}

/** Ethereum-like networks: a token (ERC-20) when `token` is given, the native coin otherwise. */
export class EvmAdapter implements ChainAdapter {
  readonly family = 'evm' as const;

  constructor(
    readonly chain: ChainCode,
    private readonly client: PublicClient,
    readonly decimals: number,
    private readonly token: Hex | null,
  ) {}

  depositAddress(xpub: string, index: number): string {
    return this.normalize(evmDepositAddress(xpub, index));
  }

  /** Mixed-case addresses must carry a valid EIP-55 checksum; all-lower or all-upper need not. */
  isValidAddress(address: string): boolean {
    return isAddress(address, { strict: true });
  }

  normalize(address: string): string {
    return address.toLowerCase();
  }

  async head(): Promise<number> {
    return Number(await this.client.getBlockNumber({ cacheTime: 0 }));
  }

  async blockHash(height: number): Promise<string | null> {
    try {
      const block = await this.client.getBlock({ blockNumber: BigInt(height) });
      return block.hash;
    } catch {
      return null;
    }
  }

  async scan(from: number, to: number, watched: ReadonlySet<string>) {
    const hashes = new Map<number, string>();
    const transfers: IncomingTransfer[] = [];
    if (this.token) {
      const logs = await this.client.getLogs({
        address: this.token,
        event: TRANSFER_EVENT,
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
      });
      for (const log of logs) {
        const target = log.args.to?.toLowerCase();
        if (!target || !watched.has(target) || log.removed) continue;
        transfers.push({
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          to: target,
          from: log.args.from?.toLowerCase() ?? null,
          units: log.args.value ?? 0n,
          blockNumber: Number(log.blockNumber),
          blockHash: log.blockHash,
        });
      }
      for (let height = from; height <= to; height += 1) {
        const hash = await this.blockHash(height);
        if (hash) hashes.set(height, hash);
      }
    } else {
      for (let height = from; height <= to; height += 1) {
        const block = await this.client.getBlock({ blockNumber: BigInt(height), includeTransactions: true });
        hashes.set(height, block.hash);
        for (const tx of block.transactions) {
          const target = tx.to?.toLowerCase();
          if (!target || !watched.has(target) || tx.value === 0n) continue;
          const receipt = await this.client.getTransactionReceipt({ hash: tx.hash });
          if (receipt.status !== 'success') continue;
          transfers.push({
            txHash: tx.hash,
            logIndex: -1,
            to: target,
            from: tx.from.toLowerCase(),
            units: tx.value,
            blockNumber: height,
            blockHash: block.hash,
          });
        }
      }
    }
    return { transfers, hashes };
  }

  async balanceOf(address: string): Promise<bigint> {
    const owner = getAddress(address);
    if (!this.token) return this.client.getBalance({ address: owner });
    return this.client.readContract({
      address: this.token,
      abi: ERC20_ABI,
      functionName: 'balanceOf',
      args: [owner],
    });
  }

  addressOf(publicKey: string): string {
    return this.normalize(evmAddressOfPublicKey(publicKey));
  }

  async nextNonce(address: string): Promise<number> {
    return this.client.getTransactionCount({ address: getAddress(address), blockTag: 'pending' });
  }

  /** What one transfer may cost in fees at most (gas × max fee), in the native coin's smallest unit. */
  async feeQuote(): Promise<FeeQuote> {
    const fees = await this.client.estimateFeesPerGas();
    const gas = this.token ? TOKEN_TRANSFER_GAS : NATIVE_TRANSFER_GAS;
    const maxFeePerGas = fees.maxFeePerGas * 2n;
    return { gas, maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas, cost: gas * maxFeePerGas };
  }

  async gasBalanceOf(address: string): Promise<bigint> {
    return this.client.getBalance({ address: getAddress(address) });
  }

  async prepare(
    _from: string,
    to: string,
    units: bigint,
    nonce: number,
    quote?: FeeQuote,
  ): Promise<SignRequest> {
    const chainId = await this.client.getChainId();
    const fees = quote ?? (await this.feeQuote());
    const common = {
      chainId,
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
    };
    const tx = this.token
      ? {
          ...common,
          to: this.token,
          value: '0',
          gas: TOKEN_TRANSFER_GAS.toString(),
          data: encodeFunctionData({
            abi: ERC20_ABI,
            functionName: 'transfer',
            args: [getAddress(to), units],
          }),
        }
      : {
          ...common,
          to: getAddress(to),
          value: units.toString(),
          gas: NATIVE_TRANSFER_GAS.toString(),
          data: null,
        };
    return { kind: 'evm', nonce, tx };
  }

  async broadcast(raw: string): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw as Hex });
    } catch (error) {
      // The same transaction again (after a restart): the network has it, or has mined it already.
      if (/already known|known transaction/i.test(String(error))) return;
      if ((await this.receipt(keccak256(raw as Hex))) !== null) return;
      throw error;
    }
  }

  async receipt(hash: string): Promise<TransferReceipt | null> {
    try {
      const receipt = await this.client.getTransactionReceipt({ hash: hash as Hex });
      return { blockNumber: Number(receipt.blockNumber), succeeded: receipt.status === 'success' };
    } catch {
      return null;
    }
  }
}
