import { readFileSync } from 'node:fs';
import {
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  parseAbi,
  parseEther,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { demoToken } from './token-build.js';
import { serverPath } from '../lib/paths.js';

/**
 * The development chain's accounts: anvil funds the first keys of its well-known test phrase. They
 * are public test keys that hold value only on a local chain.
 */
interface DevWallet {
  /** The exchange's own demo phrase (deposit addresses and hot wallet); public, demo only. */
  exchange_mnemonic: string;
  /** anvil's first funded account: it deploys the demo token and pays test deposits. */
  funder_private_key: Hex;
}

export function devWallet(): DevWallet {
  return JSON.parse(readFileSync(serverPath('src/demo/dev-wallet.json'), 'utf8')) as DevWallet;
}

const TOKEN_CALLS = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);

export interface DevChain {
  client: PublicClient;
  tokenAddress: Hex;
  /** Sends tokens (USDT, 6 decimals) or ETH from the funder to an address; answers the tx hash. */
  send(to: string, units: bigint, asset: 'token' | 'native'): Promise<Hex>;
  mine(blocks: number): Promise<void>;
}

/** A contract at the address, or a fresh deploy of the demo token when there is none (new chain). */
export async function prepareDevChain(
  client: PublicClient,
  rpcUrl: string,
  knownToken: string,
  hotWallet: string,
  tokenDecimals: number,
): Promise<DevChain> {
  const funder = privateKeyToAccount(devWallet().funder_private_key);
  const wallet = createWalletClient({ account: funder, chain: foundry, transport: http(rpcUrl) });
  let tokenAddress = knownToken as Hex;
  const code = knownToken ? await client.getCode({ address: getAddress(knownToken) }) : undefined;
  if (!code || code === '0x') {
    // Compiling takes about a second, so only a new chain pays for it.
    const token = demoToken();
    const hash = await wallet.deployContract({
      abi: token.abi,
      bytecode: token.bytecode,
      args: ['Tether USD (demo)', 'USDT', tokenDecimals],
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    tokenAddress = receipt.contractAddress!;
    // The hot wallet starts with enough to back the demo's seeded balances, and ETH for gas.
    await wallet.writeContract({
      address: tokenAddress,
      abi: token.abi,
      functionName: 'mint',
      args: [getAddress(hotWallet), 100_000_000n * 10n ** BigInt(tokenDecimals)],
    });
    await wallet.sendTransaction({ to: getAddress(hotWallet), value: parseEther('9000') });
    // The funder pays test deposits with ordinary transfers, as a user's wallet would.
    await wallet.writeContract({
      address: tokenAddress,
      abi: token.abi,
      functionName: 'mint',
      args: [funder.address, 10n ** 15n * 10n ** BigInt(tokenDecimals)],
    });
  }
  const testClient = createTestClient({ mode: 'anvil', chain: foundry, transport: http(rpcUrl) });
  return {
    client,
    tokenAddress,
    async send(to, units, asset) {
      const hash =
        asset === 'native'
          ? await wallet.sendTransaction({ to: getAddress(to), value: units })
          : await wallet.writeContract({
              address: tokenAddress,
              abi: TOKEN_CALLS,
              functionName: 'transfer',
              args: [getAddress(to), units],
            });
      await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return hash;
    },
    async mine(blocks) {
      await testClient.mine({ blocks });
    },
  };
}
