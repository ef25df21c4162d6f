import type { Logger } from 'pino';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { PublicClient } from 'viem';
import type { AnvilNode } from '../demo/anvil.js';
import type { DevChain } from '../demo/dev-chain.js';
import { BitcoinAdapter, BitcoinRpc } from '../chains/bitcoin.js';
import { startBitcoind, type BitcoindNode } from '../chains/bitcoind.js';
import { EvmAdapter, evmClient } from '../chains/evm.js';
import type { KeyFamily } from '../chains/keys.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { AdapterFactory } from './networks.js';
import { ChildSigner, sameKeys, type SignerState, type TransferSigner, type WalletKeys } from './signer.js';

/** anvil's chain id: a development chain, where the demo token may be deployed and test coins sent. */
const DEV_CHAIN_ID = 31337;

/** What a connected chain gives the wallet: adapters, the xpubs, the hot wallets' public keys and the signer. */
export interface ConnectedChains {
  adapterFor: AdapterFactory;
  xpubs: Partial<Record<KeyFamily, string>>;
  /** The hot wallet's compressed public key per family. */
  hotPublicKeys: Partial<Record<string, string>>;
  /** The signer process; absent without a wallet phrase. */
  signer: TransferSigner | undefined;
  devChain: DevChain | undefined;
  close(): Promise<void>;
}

async function connectEvm(
  config: Config,
): Promise<{ client: PublicClient; rpcUrl: string; node?: AnvilNode }> {
  if (config.evmRpcUrl !== 'anvil')
    return { client: evmClient(config.evmRpcUrl!), rpcUrl: config.evmRpcUrl! };
  // The local chain keeps its state beside the SQLite file, so a restart finds its deposits again.
  const stateFile = config.databaseUrl.startsWith('sqlite:')
    ? join(dirname(config.databaseUrl.slice('sqlite:'.length)), 'anvil-state.json')
    : undefined;
  // A local development chain is demo code, loaded only when asked for.
  const { startAnvil } = await import('../demo/anvil.js');
  const node = await startAnvil({ blockTime: config.anvilBlockTime, stateFile });
  return { client: evmClient(node.rpcUrl), rpcUrl: node.rpcUrl, node };
}

/**
 * The Bitcoin node: the configured one, or `regtest` for a local node (its chain kept beside the
 * SQLite file, like anvil's state).
 */
async function connectBitcoin(config: Config): Promise<{ adapter: BitcoinAdapter; node?: BitcoindNode }> {
  let node: BitcoindNode | undefined;
  let rpcUrl = config.bitcoinRpcUrl!;
  if (rpcUrl === 'regtest') {
    const dataDir = config.databaseUrl.startsWith('sqlite:')
      ? join(dirname(config.databaseUrl.slice('sqlite:'.length)), 'bitcoind-regtest')
      : undefined;
    node = await startBitcoind({ dataDir });
    const url = new URL(node.rpcUrl);
    url.username = encodeURIComponent(node.rpcUser);
    url.password = encodeURIComponent(node.rpcPassword);
    rpcUrl = url.toString();
  }
  const rpc = new BitcoinRpc(rpcUrl);
  const info = await rpc.call<{ chain: string }>('getblockchaininfo');
  return { adapter: new BitcoinAdapter(rpc, info.chain), node };
}

/** The demo USDT's stored contract address and its network's id. */
async function storedToken(db: Kysely<Database>): Promise<{ id: number; token: string } | undefined> {
  return db
    .selectFrom('currency_protocols')
    .innerJoin('currencies', 'currencies.id', 'currency_protocols.currency_id')
    .select(['currency_protocols.id as id', 'currency_protocols.token_address as token'])
    .where('currency_protocols.chain', '=', 'ERC20')
    .where('currencies.code', '=', 'USDT')
    .executeTakeFirst();
}

/** Where the wallet's public keys are kept once a signer service gave them (they are not secret). */
const KEYS_SETTING = 'wallet_public_keys';

/** The wallet's public keys as a core recorded them (none before one started with a signer). */
export async function knownKeys(db: Kysely<Database>): Promise<WalletKeys | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', KEYS_SETTING)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as WalletKeys) : undefined;
}

async function rememberKeys(db: Kysely<Database>, keys: WalletKeys): Promise<void> {
  const value = JSON.stringify(keys);
  await db
    .insertInto('settings')
    .values({ key: KEYS_SETTING, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * The signer: a process of this one's, given the phrase (demo: the public demo phrase), or with
 * WALLET_SIGNER=nats a signer service on the bus, and then this process never sees the phrase.
 * None without a phrase.
 */
async function startSigner(
  config: Config,
  db: Kysely<Database>,
  following: boolean,
  log?: Logger,
): Promise<TransferSigner | undefined> {
  const onState = (state: SignerState, error?: Error) =>
    state === 'running'
      ? log?.info('the signer is running again')
      : log?.warn({ err: error }, 'the signer is down; withdrawals wait until it is back');
  if (config.walletSigner === 'nats') {
    if (config.walletMnemonic) {
      throw new Error(
        'WALLET_SIGNER=nats: WALLET_MNEMONIC belongs to the signer service (npm run signer), not here',
      );
    }
    if (!config.natsUrl)
      throw new Error('WALLET_SIGNER=nats needs NATS_URL, the bus the signer service answers on');
    const { NatsSigner } = await import('./nats-signer.js');
    const known = await knownKeys(db);
    const signer = await NatsSigner.start(config.natsUrl, config.natsPrefix, onState, { known });
    // Not by a following standby: it reads one read-only snapshot, and the leader keeps them.
    if (!known && !following) await rememberKeys(db, signer.keys());
    return signer;
  }
  const mnemonic =
    config.walletMnemonic ??
    (config.demo ? (await import('../demo/dev-chain.js')).devWallet().exchange_mnemonic : undefined);
  // The phrase goes to the signer process; this process keeps public keys only.
  const signer = mnemonic ? await ChildSigner.start(mnemonic, onState) : undefined;
  // The watchers' process of their own reads the public keys from the database.
  if (signer && config.chainWatchers === 'bus' && !following) await recordKeysFor(db, signer);
  return signer;
}

/** Records the signer's public keys; refused when other keys were recorded (other deposit addresses). */
async function recordKeysFor(db: Kysely<Database>, signer: TransferSigner): Promise<void> {
  const known = await knownKeys(db);
  if (!known) return rememberKeys(db, signer.keys());
  if (!sameKeys(known, signer.keys())) {
    await signer.stop();
    throw new Error(
      "WALLET_MNEMONIC gives other keys than this exchange recorded: its users' deposit addresses are of those",
    );
  }
}

/**
 * Connects the configured EVM node (or starts anvil), derives the wallet's keys, and in demo on a
 * development chain deploys the demo token when the chain has none. Loaded only when a chain is set.
 */
export async function connectChains(
  config: Config,
  db: Kysely<Database>,
  log?: Logger,
  /** A following standby's: it opens on a read-only snapshot and writes nothing. */
  following = false,
  /**
   * The public keys alone, with no signer, no development chain and nothing written: the deposit
   * watchers' process of their own (watchers-main.ts), which signs nothing.
   */
  watchOnly?: WalletKeys,
): Promise<ConnectedChains> {
  const signer = watchOnly ? undefined : await startSigner(config, db, following, log);
  const evm = config.evmRpcUrl ? await connectEvm(config) : undefined;
  const btc = config.bitcoinRpcUrl ? await connectBitcoin(config) : undefined;
  const families: KeyFamily[] = [...(evm ? ['evm' as const] : []), ...(btc ? ['btc' as const] : [])];
  const keys = watchOnly ?? signer?.keys();
  const xpubs: Partial<Record<KeyFamily, string>> = keys
    ? Object.fromEntries(families.map((family) => [family, keys.xpubs[family]]))
    : {};
  const hotPublicKeys: Partial<Record<string, string>> = keys
    ? Object.fromEntries(families.map((family) => [family, keys.hot[family]]))
    : {};
  let devChain: DevChain | undefined;
  if (evm && keys && !watchOnly && config.demo && (await evm.client.getChainId()) === DEV_CHAIN_ID) {
    const stored = await storedToken(db);
    const hot = new EvmAdapter('ETH', evm.client, 18, null).addressOf(keys.hot.evm);
    const { prepareDevChain } = await import('../demo/dev-chain.js');
    devChain = await prepareDevChain(evm.client, evm.rpcUrl, stored?.token ?? '', hot, 6);
    if (stored && stored.token !== devChain.tokenAddress.toLowerCase()) {
      await db
        .updateTable('currency_protocols')
        .set({ token_address: devChain.tokenAddress.toLowerCase() })
        .where('id', '=', stored.id)
        .execute();
    }
  }
  // A local chain's transactions exist on no public explorer: no link rather than a dead one.
  const local = devChain ? { explorerTxUrl: '' } : {};
  const adapterFor: AdapterFactory = (network) => {
    if (!keys) return { adapter: null, unavailable: 'wallet.unavailable_no_keys' };
    if (network.family === 'btc') {
      if (!btc) return { adapter: null, unavailable: 'wallet.unavailable_btc' };
      return { adapter: btc.adapter, unavailable: null, ...(btc.node ? { explorerTxUrl: '' } : {}) };
    }
    if (!evm) return { adapter: null, unavailable: 'wallet.unavailable_no_node' };
    if (network.chain === 'ETH') {
      return {
        adapter: new EvmAdapter('ETH', evm.client, network.decimals, null),
        unavailable: null,
        ...local,
      };
    }
    if (!network.tokenAddress) return { adapter: null, unavailable: 'wallet.unavailable_no_token' };
    const token = network.tokenAddress as `0x${string}`;
    return {
      adapter: new EvmAdapter(network.chain, evm.client, network.decimals, token),
      unavailable: null,
      ...local,
    };
  };
  return {
    adapterFor,
    xpubs,
    hotPublicKeys,
    signer,
    devChain,
    close: async () => {
      await signer?.stop();
      await evm?.node?.stop();
      await btc?.node?.stop();
    },
  };
}
