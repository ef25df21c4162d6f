import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { keccak256, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { SignedTransfer, SignRequest } from './adapter.js';
import { networkOf } from './bitcoin.js';

/**
 * Signs one prepared transfer with a private key. Pure: it reads no chain and sends nothing. Only
 * the signer process runs it; the server process holds no private key.
 */
export async function signTransfer(privateKey: string, request: SignRequest): Promise<SignedTransfer> {
  if (request.kind === 'evm') {
    const { tx } = request;
    const raw = await privateKeyToAccount(privateKey as Hex).signTransaction({
      type: 'eip1559',
      chainId: tx.chainId,
      nonce: request.nonce,
      to: tx.to as Hex,
      value: BigInt(tx.value),
      ...(tx.data ? { data: tx.data as Hex } : {}),
      gas: BigInt(tx.gas),
      maxFeePerGas: BigInt(tx.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
    });
    return { raw, hash: keccak256(raw), nonce: request.nonce };
  }
  const network = networkOf(request.network);
  const tx = new Transaction();
  for (const input of request.inputs) {
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      witnessUtxo: { script: hex.decode(input.script), amount: BigInt(input.amount) },
    });
  }
  for (const output of request.outputs) tx.addOutputAddress(output.address, BigInt(output.amount), network);
  tx.sign(hex.decode(privateKey.replace(/^0x/, '')));
  tx.finalize();
  return { raw: tx.hex, hash: tx.id, nonce: request.nonce };
}
