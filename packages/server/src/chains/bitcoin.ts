import { sha256 } from '@noble/hashes/sha2';
import { hex } from '@scure/base';
import { Address, CompactSize, NETWORK, OutScript, p2wpkh, RawTx, TEST_NETWORK } from '@scure/btc-signer';
import { RawOldTx } from '@scure/btc-signer/script.js';
import * as P from 'micro-packed';
import type { ChainAdapter, FeeQuote, IncomingTransfer, SignRequest, TransferReceipt } from './adapter.js';
import { depositCompressedKey } from './keys.js';

/**
 * Bitcoin against bitcoind's JSON-RPC (Bitcoin Core or Knots; regtest in development and tests).
 * Amounts are read from raw blocks and transactions as integers of satoshis, never from the RPC's
 * JSON floats. Addresses are native SegWit (P2WPKH) from the family's xpub. Coins are found in the
 * UTXO set (`scantxoutset`), and an output a mempool transaction already spends is skipped
 * (`gettxspendingprevout`), so a second payment never double-spends the first before it is mined.
 * That scan reads the whole UTXO set: right for regtest and small nodes; a busy mainnet node would
 * want a watch-only wallet instead. Confirmed receipts need the node's `-txindex=1`.
 */

export type BitcoinNetwork = typeof NETWORK;
export const REGTEST: BitcoinNetwork = { ...TEST_NETWORK, bech32: 'bcrt' };

/** bitcoind's chain name to the address network. */
export function networkOf(chain: string): BitcoinNetwork {
  if (chain === 'main') return NETWORK;
  if (chain === 'regtest') return REGTEST;
  return TEST_NETWORK;
}

/** Bytes of a P2WPKH input and output, and of a transaction's fixed part, in virtual bytes (rounded up). */
const INPUT_VBYTES = 68n;
const OUTPUT_VBYTES = 31n;
const BASE_VBYTES = 11n;
/** Outputs below this are not relayed; such change goes to the fee instead. */
const DUST = 546n;
/** The fee quote covers a transfer spending up to this many coins. */
const QUOTED_INPUTS = 10n;

const Block = P.struct({ header: P.bytes(80), txs: P.array(CompactSize, RawTx) });

interface Coin {
  txid: string;
  vout: number;
  units: bigint;
  script: Uint8Array;
}

/** JSON-RPC 1.0 over HTTP with basic auth (the URL's user and password). */
export class BitcoinRpc {
  private readonly url: string;
  private readonly auth: string;
  private id = 0;

  constructor(rpcUrl: string) {
    const parsed = new URL(rpcUrl);
    this.auth = `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`;
    parsed.username = '';
    parsed.password = '';
    this.url = parsed.toString();
  }

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    this.id += 1;
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: this.auth },
      body: JSON.stringify({ jsonrpc: '1.0', id: this.id, method, params }),
    });
    const text = await response.text();
    let body: { result?: T; error?: { code: number; message: string } | null };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new Error(`bitcoind ${method}: HTTP ${response.status} ${text.slice(0, 200)}`);
    }
    if (body.error) throw new BitcoinRpcError(method, body.error.code, body.error.message);
    return body.result as T;
  }
}

export class BitcoinRpcError extends Error {
  constructor(
    method: string,
    readonly code: number,
    message: string,
  ) {
    super(`bitcoind ${method}: ${message} (${code})`);
    this.name = 'BitcoinRpcError';
  }
}

export class BitcoinAdapter implements ChainAdapter {
  readonly chain = 'BTC' as const;
  readonly family = 'btc' as const;
  readonly decimals = 8;
  private readonly address: ReturnType<typeof Address>;

  private readonly network: BitcoinNetwork;

  constructor(
    private readonly rpc: BitcoinRpc,
    /** bitcoind's chain name (getblockchaininfo): main, test, signet or regtest. */
    private readonly chainName: string,
    /** Satoshis per virtual byte when the node cannot estimate (regtest never can). */
    private readonly fallbackFeeRate = 2n,
  ) {
    this.network = networkOf(chainName);
    this.address = Address(this.network);
  }

  depositAddress(xpub: string, index: number): string {
    return p2wpkh(depositCompressedKey(xpub, index), this.network).address!;
  }

  addressOf(publicKey: string): string {
    return p2wpkh(hex.decode(publicKey.replace(/^0x/, '')), this.network).address!;
  }

  isValidAddress(address: string): boolean {
    try {
      this.address.decode(address);
      return true;
    } catch {
      return false;
    }
  }

  /** Bech32 addresses compare in lower case; base58 ones as written. */
  normalize(address: string): string {
    return /^(bc|tb|bcrt)1/i.test(address) ? address.toLowerCase() : address;
  }

  head(): Promise<number> {
    return this.rpc.call<number>('getblockcount');
  }

  async blockHash(height: number): Promise<string | null> {
    if (height > (await this.head())) return null;
    return this.rpc.call<string>('getblockhash', [height]);
  }

  async scan(from: number, to: number, watched: ReadonlySet<string>) {
    const transfers: IncomingTransfer[] = [];
    const hashes = new Map<number, string>();
    for (let height = from; height <= to; height += 1) {
      const blockHash = await this.rpc.call<string>('getblockhash', [height]);
      hashes.set(height, blockHash);
      const block = Block.decode(hex.decode(await this.rpc.call<string>('getblock', [blockHash, 0])));
      for (const raw of block.txs) {
        let txid: string | undefined;
        raw.outputs.forEach((output, vout) => {
          const to = this.addressOfScript(output.script);
          if (to === null || !watched.has(to)) return;
          txid ??= txidOf(raw);
          transfers.push({
            txHash: txid,
            logIndex: vout,
            to,
            from: null,
            units: output.amount,
            blockNumber: height,
            blockHash,
          });
        });
      }
    }
    return { transfers, hashes };
  }

  private addressOfScript(script: Uint8Array): string | null {
    try {
      return this.normalize(this.address.encode(OutScript.decode(script)));
    } catch {
      return null;
    }
  }

  /** Unspent coins of an address that no mempool transaction spends yet. */
  private async coins(address: string): Promise<Coin[]> {
    const scan = await this.rpc.call<{ unspents: { txid: string; vout: number; scriptPubKey: string }[] }>(
      'scantxoutset',
      ['start', [`addr(${address})`]],
    );
    const coins: Coin[] = [];
    for (const unspent of scan.unspents) {
      // The amount from the transaction itself, as an integer, not the scan's float.
      const raw = hex.decode(await this.rpc.call<string>('getrawtransaction', [unspent.txid, false]));
      const output = RawTx.decode(raw).outputs[unspent.vout]!;
      coins.push({ txid: unspent.txid, vout: unspent.vout, units: output.amount, script: output.script });
    }
    if (coins.length === 0) return coins;
    const spending = await this.rpc.call<{ spendingtxid?: string }[]>('gettxspendingprevout', [
      coins.map((coin) => ({ txid: coin.txid, vout: coin.vout })),
    ]);
    return coins.filter((_, i) => !spending[i]?.spendingtxid);
  }

  async balanceOf(address: string): Promise<bigint> {
    return (await this.coins(address)).reduce((sum, coin) => sum + coin.units, 0n);
  }

  gasBalanceOf(address: string): Promise<bigint> {
    return this.balanceOf(address);
  }

  /** Bitcoin has no account nonce; the signer's stored nonces only order its own transactions. */
  async nextNonce(): Promise<number> {
    return 0;
  }

  private async feeRate(): Promise<bigint> {
    const estimate = await this.rpc
      .call<{ feerate?: number }>('estimatesmartfee', [6])
      .catch(() => ({ feerate: undefined }));
    // BTC per kvB (a float with 8 decimals) to sat/vB, rounded up.
    if (!estimate.feerate) return this.fallbackFeeRate;
    const satPerKvb = BigInt(Math.round(estimate.feerate * 1e8));
    return (satPerKvb + 999n) / 1000n;
  }

  /** The fee of a transfer spending up to QUOTED_INPUTS coins with a change output. */
  async feeQuote(): Promise<FeeQuote> {
    const rate = await this.feeRate();
    const vbytes = BASE_VBYTES + INPUT_VBYTES * QUOTED_INPUTS + OUTPUT_VBYTES * 2n;
    return { gas: vbytes, maxFeePerGas: rate, maxPriorityFeePerGas: 0n, cost: vbytes * rate };
  }

  /**
   * Spends the address's coins, largest first, until they pay `units` and the fee; the rest comes
   * back as change (or goes to the fee when it would be dust). For the signer; nothing is sent.
   */
  async prepare(
    from: string,
    to: string,
    units: bigint,
    nonce: number,
    quote?: FeeQuote,
  ): Promise<SignRequest> {
    const rate = quote?.maxFeePerGas ?? (await this.feeRate());
    const coins = (await this.coins(from)).sort((a, b) =>
      b.units > a.units ? 1 : b.units < a.units ? -1 : 0,
    );
    const chosen: Coin[] = [];
    let total = 0n;
    const feeFor = (inputs: number) =>
      (BASE_VBYTES + INPUT_VBYTES * BigInt(inputs) + OUTPUT_VBYTES * 2n) * rate;
    for (const coin of coins) {
      if (total >= units + feeFor(chosen.length)) break;
      chosen.push(coin);
      total += coin.units;
    }
    const fee = feeFor(chosen.length);
    if (total < units + fee) throw new Error(`${from} holds ${total} sat, needs ${units + fee} with the fee`);
    const change = total - units - fee;
    return {
      kind: 'btc',
      nonce,
      network: this.chainName,
      inputs: chosen.map((coin) => ({
        txid: coin.txid,
        vout: coin.vout,
        amount: coin.units.toString(),
        script: hex.encode(coin.script),
      })),
      outputs: [
        { address: to, amount: units.toString() },
        ...(change >= DUST ? [{ address: from, amount: change.toString() }] : []),
      ],
    };
  }

  /** Sends a signed transaction; one the node already has, in its mempool or a block, is fine. */
  async broadcast(raw: string): Promise<void> {
    try {
      await this.rpc.call<string>('sendrawtransaction', [raw]);
    } catch (error) {
      if (error instanceof BitcoinRpcError && /already (in|known)|txn-already/i.test(error.message)) return;
      throw error;
    }
  }

  async receipt(hash: string): Promise<TransferReceipt | null> {
    const tx = await this.rpc
      .call<{ confirmations?: number; blockhash?: string }>('getrawtransaction', [hash, true])
      .catch((error: unknown) => {
        if (error instanceof BitcoinRpcError && error.code === -5) return null;
        throw error;
      });
    if (!tx?.blockhash || !tx.confirmations) return null;
    const header = await this.rpc.call<{ height: number }>('getblockheader', [tx.blockhash]);
    return { blockNumber: header.height, succeeded: true };
  }
}

/** The transaction id: the double SHA-256 of the serialization without witnesses, byte-reversed. */
function txidOf(raw: P.UnwrapCoder<typeof RawTx>): string {
  const legacy = RawOldTx.encode({
    version: raw.version,
    inputs: raw.inputs,
    outputs: raw.outputs,
    lockTime: raw.lockTime,
  });
  return hex.encode(sha256(sha256(legacy)).reverse());
}
