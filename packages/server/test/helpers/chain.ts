import { createPublicClient, createTestClient, getAddress, http, parseAbi, type TestClient } from 'viem';
import { foundry } from 'viem/chains';
import { startAnvil, type AnvilNode } from '../../src/demo/anvil.js';
import type { SignRequest } from '../../src/chains/adapter.js';
import type { TestExchange } from './exchange.js';

/** A real local EVM node (anvil, mining a block per transaction) and a client to mine, snapshot and revert. */
export async function testChain(): Promise<{ node: AnvilNode; control: TestClient }> {
  const node = await startAnvil();
  return { node, control: createTestClient({ mode: 'anvil', chain: foundry, transport: http(node.rpcUrl) }) };
}

/** One pass of every deposit watcher and of the signer, as their timers would run them. */
export async function chainTick(exchange: TestExchange): Promise<void> {
  for (const watcher of exchange.wallet.watchers) await watcher.tick();
  await exchange.wallet.sender.tick();
}

/** Exchange settings for tests that drive the chain loops by hand (chainTick). */
export const MANUAL_CHAIN = { chainPollMs: 3_600_000 };

/** A prepared ETH transfer on anvil's chain id, for the signer's tests: to a burn address. */
export function evmTransfer(nonce: number, value = '1000'): SignRequest {
  return {
    kind: 'evm',
    nonce,
    tx: {
      chainId: 31337,
      to: '0x000000000000000000000000000000000000dEaD',
      value,
      data: null,
      gas: '21000',
      maxFeePerGas: '2000000000',
      maxPriorityFeePerGas: '1000000000',
    },
  };
}

const BALANCE_OF = parseAbi(['function balanceOf(address) view returns (uint256)']);

/** What `address` holds of the ERC-20 `token` on the node at `rpcUrl`, in its smallest unit. */
export function tokensAt(rpcUrl: string, token: `0x${string}`, address: string): Promise<bigint> {
  return createPublicClient({ transport: http(rpcUrl) }).readContract({
    address: token,
    abi: BALANCE_OF,
    functionName: 'balanceOf',
    args: [getAddress(address)],
  });
}
