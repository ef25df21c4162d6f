import type { Logger } from 'pino';
import type { DevChain } from '../demo/dev-chain.js';
import type { Config } from '../config.js';
import type { Settings } from '../platform/settings.js';
import type { Db } from '../db/connect.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import type { Clock } from '../lib/clock.js';
import type { UsersService } from '../users/service.js';
import { DepositAddresses } from './addresses.js';
import { DepositLedger } from './deposit-ledger.js';
import { Networks, seedNetworks, type AdapterFactory, type Network } from './networks.js';
import { PayOrders } from './pay-orders.js';
import { WithdrawalSender } from './sender.js';
import { DepositSweeper } from './sweeper.js';
import { WalletViews } from './views.js';
import { DepositWatcher } from './watcher.js';
import { Withdrawals } from './withdrawals.js';
import type { ChainProgress } from '../platform/metrics.js';
import type { SignerState } from './signer.js';

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
  /**
   * How far deposits are watched on a network: by this process's watcher, or as the watchers'
   * process last reported it (CHAIN_WATCHERS=bus); null when none watches it.
   */
  progressOf(networkId: number): ChainProgress | null;
  /** The hot wallet's address of a network family, where one is configured. */
  hotAddress(family: string): string | undefined;
  /** The local development chain (demo and tests), to send test deposits. */
  devChain: DevChain | undefined;
  /** The signer process: running, restarting after it died (withdrawals wait), or off without keys. */
  signerState(): SignerState | 'off';
  /** Told which deposits and withdrawals changed, after they changed (live pushes). */
  onDepositsChanged(listener: (ids: number[]) => void): void;
  onWithdrawalsChanged(listener: (ids: number[]) => void): void;
  /** Starts the watchers and the sender; with CHAIN_WATCHERS=bus, answers the watchers' process instead. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The wallet: networks and their adapters, keys, deposit watchers and the withdrawal signer. */
export async function openWallet(deps: WalletDeps): Promise<Wallet> {
  const { config, db, sequencer, currencies, log } = deps;
  const kysely = db.kysely;
  await seedNetworks(kysely);
  // The chain libraries (viem and its kin) load only when a chain is configured: seconds saved on
  // every start without one.
  const chains =
    config.evmRpcUrl || config.bitcoinRpcUrl
      ? await (await import('./chain-setup.js')).connectChains(config, kysely, log, !sequencer.leading)
      : null;
  const factory: AdapterFactory = (network) => {
    if (network.family === 'tron') return { adapter: null, unavailable: 'wallet.unavailable_tron' };
    if (!chains) {
      const unavailable = network.family === 'btc' ? 'wallet.unavailable_btc' : 'wallet.unavailable_no_node';
      return { adapter: null, unavailable };
    }
    return chains.adapterFor(network);
  };
  const networks = await Networks.load(kysely, factory);
  currencies.networksOf = (currencyId) =>
    networks.ofCurrency(currencyId).map((network) => ({
      id: network.id,
      token_address: network.tokenAddress,
      chain_protocol: { code: network.chain },
    }));
  const views = new WalletViews(networks, currencies, config.exchangeTz);
  const addresses = await DepositAddresses.load(kysely, chains?.xpubs ?? {}, deps.clock);
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
  const hotAddress = (network: Network) => {
    const publicKey = chains?.hotPublicKeys[network.family];
    return publicKey && network.adapter ? network.adapter.addressOf(publicKey) : undefined;
  };
  // With CHAIN_WATCHERS=bus the watchers run in a process of their own (watchers-main.ts).
  const watched = config.chainWatchers === 'local' ? networks.connected() : [];
  const watchers = watched.map(
    (network) =>
      new DepositWatcher(
        db,
        network.adapter!,
        // The network itself: a scheduled change of its minimum deposit reaches the watcher.
        network,
        addresses,
        deposits,
        deps.clock,
        log,
        // Transfers from it (gas for a sweep) are not deposits, nor those between deposit addresses.
        hotAddress(network),
      ),
  );
  const payOrders = new PayOrders(
    kysely,
    networks,
    addresses,
    currencies,
    deps.clock,
    config.exchangeTz,
    deps.settings,
  );
  const sender = new WithdrawalSender(kysely, networks, withdrawals, chains?.signer, hotAddress, log);
  if (chains?.signer) {
    sender.sweeper = new DepositSweeper(
      kysely,
      networks,
      addresses,
      chains.signer,
      hotAddress,
      (network, hot) => sender.nextNonce(network, hot),
      deps.clock,
      log,
    );
  }
  const depositListeners: ((ids: number[]) => void)[] = [];
  const withdrawalListeners: ((ids: number[]) => void)[] = [];
  // A pass matches the deposits it changed to the intents waiting for them; the first pass after a
  // start looks at every waiting intent instead (a deposit seen just before a crash). Then what
  // changed goes out live.
  let sweptSinceStart = false;
  const matchPayOrders = async (ids: number[]) => {
    if (sweptSinceStart) return payOrders.matchDeposits(ids);
    const matched = await payOrders.matchWaiting();
    sweptSinceStart = true;
    return matched;
  };
  const depositsChanged = async (ids: number[]) => {
    await matchPayOrders(ids).catch((error: unknown) =>
      log.warn({ err: error }, 'pay order matching failed'),
    );
    if (ids.length > 0) depositListeners.forEach((listen) => listen(ids));
  };
  for (const watcher of watchers) watcher.onChange = depositsChanged;
  let watcherBus: { close(): Promise<void> } | undefined;
  const reported = new Map<number, ChainProgress>();
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
    devChain: chains?.devChain,
    signerState: () => chains?.signer?.state() ?? 'off',
    progressOf: (networkId) =>
      watchers.find((watcher) => watcher.watches(networkId))?.progress ?? reported.get(networkId) ?? null,
    hotAddress: (family) => {
      const network = networks.list().find((candidate) => candidate.family === family && candidate.adapter);
      return network ? hotAddress(network) : undefined;
    },
    onDepositsChanged: (listener) => depositListeners.push(listener),
    onWithdrawalsChanged: (listener) => withdrawalListeners.push(listener),
    async start() {
      if (config.chainWatchers === 'bus') {
        if (!config.natsUrl) throw new Error('CHAIN_WATCHERS=bus needs NATS_URL, the bus the watchers tell');
        const { serveDepositWatchers } = await import('./watcher-bus.js');
        watcherBus = await serveDepositWatchers(
          config.natsUrl,
          config.natsPrefix,
          kysely,
          deposits,
          depositsChanged,
          (report) => report.forEach(({ networkId, ...progress }) => reported.set(networkId, progress)),
          { warn: (message) => log.warn(message) },
        );
      }
      for (const watcher of watchers) watcher.start(config.chainPollMs);
      sender.start(config.chainPollMs);
    },
    async close() {
      await watcherBus?.close();
      await Promise.all([...watchers.map((watcher) => watcher.stop()), sender.stop()]);
      await chains?.close();
    },
  };
}
