import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { PublicClient } from 'viem';
import { startAnvil, type AnvilNode } from '../chains/anvil.js';
import { devWallet, prepareDevChain, type DevChain } from '../chains/dev-chain.js';
import { EvmAdapter, evmClient } from '../chains/evm.js';
import {
  depositPrivateKey,
  depositXpub,
  hotWalletPrivateKey,
  rootFromMnemonic,
  type KeyFamily,
} from '../chains/keys.js';
import type { Config } from '../config.js';
import type { Settings } from '../content/settings.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import type { Clock } from '../lib/clock.js';
import type { UsersService } from '../users/service.js';
import { DepositAddresses } from './addresses.js';
import { DepositLedger } from './deposit-ledger.js';
import { Networks, seedNetworks, type AdapterFactory } from './networks.js';
import { PayOrders } from './pay-orders.js';
import { WithdrawalSender } from './sender.js';
import { DepositSweeper } from './sweeper.js';
import { WalletViews } from './views.js';
import { DepositWatcher } from './watcher.js';
import { Withdrawals } from './withdrawals.js';

export interface WalletDeps {
  config: Config;
  db: Db;
  sequencer: Sequencer;
  currencies: CurrencyDirectory;
  users: UsersService;
  settings: Settings;
  clock: Clock;
  log: Logger;
}

export interface Wallet {
  networks: Networks;
  addresses: DepositAddresses;
  deposits: DepositLedger;
  withdrawals: Withdrawals;
  payOrders: PayOrders;
  views: WalletViews;
  watchers: DepositWatcher[];
  sender: WithdrawalSender;
  /** The hot wallet's address of a network family, where one is configured. */
  hotAddress(family: string): string | undefined;
  /** The local development chain (demo and tests), to send test deposits. */
  devChain: DevChain | undefined;
  /** Told which deposits and withdrawals changed, after they changed (live pushes). */
  onDepositsChanged(listener: (ids: number[]) => void): void;
  onWithdrawalsChanged(listener: (ids: number[]) => void): void;
  start(): void;
  close(): Promise<void>;
}

/** anvil's chain id: a development chain, where the demo token may be deployed and test coins sent. */
const DEV_CHAIN_ID = 31337;

async function connectEvm(
  config: Config,
): Promise<{ client: PublicClient; rpcUrl: string; node?: AnvilNode } | null> {
  if (!config.evmRpcUrl) return null;
  if (config.evmRpcUrl !== 'anvil') return { client: evmClient(config.evmRpcUrl), rpcUrl: config.evmRpcUrl };
  // The local chain keeps its state beside the SQLite file, so a restart finds its deposits again.
  const stateFile = config.databaseUrl.startsWith('sqlite:')
    ? join(dirname(config.databaseUrl.slice('sqlite:'.length)), 'anvil-state.json')
    : undefined;
  const node = await startAnvil({ blockTime: config.anvilBlockTime, stateFile });
  return { client: evmClient(node.rpcUrl), rpcUrl: node.rpcUrl, node };
}

async function storedTokenOf(db: Kysely<Database>): Promise<{ id: number; token: string } | undefined> {
  const row = await db
    .selectFrom('currency_protocols')
    .innerJoin('currencies', 'currencies.id', 'currency_protocols.currency_id')
    .select(['currency_protocols.id as id', 'currency_protocols.token_address as token'])
    .where('currency_protocols.chain', '=', 'ERC20')
    .where('currencies.code', '=', 'USDT')
    .executeTakeFirst();
  return row;
}

/** The wallet: networks and their adapters, keys, deposit watchers and the withdrawal signer. */
export async function openWallet(deps: WalletDeps): Promise<Wallet> {
  const { config, db, sequencer, currencies, log } = deps;
  const kysely = db.kysely;
  await seedNetworks(kysely);
  const mnemonic = config.walletMnemonic ?? (config.demo ? devWallet().exchange_mnemonic : undefined);
  const root = mnemonic ? rootFromMnemonic(mnemonic) : undefined;
  const xpubs: Partial<Record<KeyFamily, string>> = root ? { evm: depositXpub(root, 'evm') } : {};
  const hotKeys: Partial<Record<string, string>> = root ? { evm: hotWalletPrivateKey(root, 'evm') } : {};

  const evm = await connectEvm(config);
  let devChain: DevChain | undefined;
  if (evm && root && config.demo && (await evm.client.getChainId()) === DEV_CHAIN_ID) {
    const stored = await storedTokenOf(kysely);
    const hot = new EvmAdapter('ETH', evm.client, 18, null).addressOfKey(hotKeys.evm!);
    devChain = await prepareDevChain(evm.client, evm.rpcUrl, stored?.token ?? '', hot, 6);
    if (stored && stored.token !== devChain.tokenAddress.toLowerCase()) {
      await kysely
        .updateTable('currency_protocols')
        .set({ token_address: devChain.tokenAddress.toLowerCase() })
        .where('id', '=', stored.id)
        .execute();
    }
  }

  const factory: AdapterFactory = (network) => {
    if (network.family === 'tron') return { adapter: null, unavailable: 'wallet.unavailable_tron' };
    if (network.family === 'btc') return { adapter: null, unavailable: 'wallet.unavailable_btc' };
    if (!evm) return { adapter: null, unavailable: 'wallet.unavailable_no_node' };
    if (!root) return { adapter: null, unavailable: 'wallet.unavailable_no_keys' };
    // A local chain's transactions exist on no public explorer: no link rather than a dead one.
    const local = devChain ? { explorerTxUrl: '' } : {};
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
  const networks = await Networks.load(kysely, factory);
  currencies.networksOf = (currencyId) =>
    networks.ofCurrency(currencyId).map((network) => ({
      id: network.id,
      token_address: network.tokenAddress,
      chain_protocol: { code: network.chain },
    }));
  const views = new WalletViews(networks, currencies, config.exchangeTz);
  const addresses = await DepositAddresses.load(kysely, xpubs, deps.clock);
  const deposits = await DepositLedger.load(db, sequencer);
  const withdrawals = await Withdrawals.load({
    db: kysely,
    sequencer,
    networks,
    currencies,
    users: deps.users,
    settings: deps.settings,
    deposits,
    views,
  });
  const watchers = networks.connected().map(
    (network) =>
      new DepositWatcher(
        db,
        network.adapter!,
        {
          id: network.id,
          currencyId: network.currencyId,
          minDeposit: network.minDeposit,
          confirmationsCredit: network.confirmationsCredit,
          confirmationsWithdraw: network.confirmationsWithdraw,
        },
        addresses,
        deposits,
        deps.clock,
        log,
      ),
  );
  const payOrders = new PayOrders(kysely, networks, addresses, currencies, deps.clock, config.exchangeTz);
  const sender = new WithdrawalSender(kysely, networks, withdrawals, hotKeys, log);
  if (root) {
    sender.sweeper = new DepositSweeper(
      kysely,
      networks,
      addresses,
      {
        hot: (family) => hotKeys[family],
        deposit: (family, index) => (family === 'evm' ? depositPrivateKey(root, 'evm', index) : undefined),
      },
      (network, hot) => sender.nextNonce(network, hot),
      deps.clock,
      log,
    );
  }
  const depositListeners: ((ids: number[]) => void)[] = [];
  const withdrawalListeners: ((ids: number[]) => void)[] = [];
  // Every pass matches waiting intents (restart-safe: nothing depends on seeing a deposit arrive),
  // then what changed goes out live.
  for (const watcher of watchers) {
    watcher.onChange = async (ids) => {
      await payOrders
        .matchWaiting()
        .catch((error: unknown) => log.warn({ err: error }, 'pay order matching failed'));
      if (ids.length > 0) depositListeners.forEach((listen) => listen(ids));
    };
  }
  sender.onChange = (ids) => withdrawalListeners.forEach((listen) => listen(ids));
  withdrawals.onChange = (ids) => withdrawalListeners.forEach((listen) => listen(ids));

  return {
    networks,
    addresses,
    deposits,
    withdrawals,
    payOrders,
    views,
    watchers,
    sender,
    devChain,
    hotAddress: (family) => {
      const key = hotKeys[family];
      const adapter = networks
        .list()
        .find((network) => network.family === family && network.adapter)?.adapter;
      return key && adapter ? adapter.addressOfKey(key) : undefined;
    },
    onDepositsChanged: (listener) => depositListeners.push(listener),
    onWithdrawalsChanged: (listener) => withdrawalListeners.push(listener),
    start() {
      for (const watcher of watchers) watcher.start(config.chainPollMs);
      sender.start(config.chainPollMs);
    },
    async close() {
      await Promise.all([...watchers.map((watcher) => watcher.stop()), sender.stop()]);
      await evm?.node?.stop();
    },
  };
}
