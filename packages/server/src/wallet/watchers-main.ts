/**
 * `npm run watchers`: the deposit watchers as a process of their own, for cores started with
 * CHAIN_WATCHERS=bus (docs/wallet.md). It reads the chains (EVM_RPC_URL, BITCOIN_RPC_URL: a node's
 * address; no local chain is started here), stores the deposits it sees in the cores' database
 * (DATABASE_URL), and asks the leading core over NATS_URL (NATS_PREFIX) for each change of a
 * deposit's state that moves a balance. It holds no key and signs nothing: the deposit addresses
 * and the hot wallet's public keys are those a core recorded. A pass every CHAIN_POLL_MS; drains on
 * SIGINT and SIGTERM, within SHUTDOWN_TIMEOUT_MS. METRICS_PORT (and METRICS_HOST, loopback by
 * default) serves its `/metrics`: each network's progress and the process's own figures.
 */
import pino from 'pino';
import { Registry } from 'prom-client';
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { systemClock } from '../lib/clock.js';
import { PollingTask } from '../lib/poller.js';
import { consoleLog, exitOnSignals, operationsSettings } from '../platform/drain.js';
import { addProcessMetrics, chainWatcherMetrics, serveMetrics } from '../platform/metrics.js';
import { DepositAddresses } from './addresses.js';
import { connectChains, knownKeys } from './chain-setup.js';
import { networkLabel, Networks } from './networks.js';
import { DepositWatcher } from './watcher.js';
import { BusDepositTransitions } from './watcher-bus.js';

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

const config = loadConfig();
if (!config.natsUrl) refuse('NATS_URL is required: the watchers tell the leading core over NATS');
if (config.evmRpcUrl === 'anvil' || config.bitcoinRpcUrl === 'regtest') {
  refuse("EVM_RPC_URL and BITCOIN_RPC_URL must be a node's address here: the watchers start no chain");
}
if (!config.evmRpcUrl && !config.bitcoinRpcUrl) refuse('EVM_RPC_URL or BITCOIN_RPC_URL is required');

const log = pino({ level: process.env.LOG_LEVEL || 'info' });
const db = connect(config.databaseUrl);
const keys = await knownKeys(db.kysely);
if (!keys) refuse('no wallet keys recorded yet: start a core with CHAIN_WATCHERS=bus and its signer first');
const chains = await connectChains(config, db.kysely, log, true, keys);
const networks = await Networks.load(db.kysely, chains.adapterFor);
const addresses = await DepositAddresses.load(db.kysely, chains.xpubs, systemClock);
const transitions = await BusDepositTransitions.connect(config.natsUrl!, config.natsPrefix);

/** Deposits changed that the leader has not taken yet (none answered): told with the next pass. */
let untold: number[] = [];
const tell = async (ids: number[]) => {
  untold.push(...ids);
  try {
    await transitions.changed(untold);
    untold = [];
  } catch (error) {
    log.warn({ err: error }, 'deposit watchers: no core took the changed deposits; told again next pass');
  }
};

const watchers = networks.connected().map((network) => {
  const hot = network.adapter!.addressOf(keys.hot[network.family]);
  const watcher = new DepositWatcher(
    db,
    network.adapter!,
    network,
    addresses,
    transitions,
    systemClock,
    log,
    hot,
  );
  watcher.onChange = tell;
  return watcher;
});

/** How far the watcher of a network got, as its last passes left it. */
const progressOf = (networkId: number) => watchers.find((watcher) => watcher.watches(networkId))!.progress;

/** One pass: the addresses given out and the rules changed since the last, then every network. */
class Rounds extends PollingTask {
  protected async pass(): Promise<void> {
    await addresses.refresh();
    await networks.reloadRules(db.kysely);
    for (const watcher of watchers) await watcher.tick();
    transitions.progress(
      networks.connected().map((network) => ({
        networkId: network.id,
        ...progressOf(network.id),
      })),
    );
  }

  protected failed(error: unknown): void {
    log.warn({ err: error }, 'deposit watchers: a pass failed; tried again next pass');
  }
}

/** `/metrics` on METRICS_PORT: the same chain gauges as a core's, named as the core names networks. */
async function serveOwnMetrics(port: number, host: string) {
  const codes = new Map(
    (await db.kysely.selectFrom('currencies').select(['id', 'code']).execute()).map((row) => [
      row.id,
      row.code,
    ]),
  );
  const registry = new Registry();
  chainWatcherMetrics(registry, () =>
    networks.connected().map((network) => ({
      name: networkLabel(codes.get(network.currencyId)!, network),
      progress: progressOf(network.id),
    })),
  );
  return serveMetrics({ registry, withProcessMetrics: () => addProcessMetrics(registry) }, port, host);
}

const settings = operationsSettings();
const metrics =
  settings.metricsPort === undefined
    ? undefined
    : await serveOwnMetrics(settings.metricsPort, settings.metricsHost);
const rounds = new Rounds();
rounds.start(config.chainPollMs);
console.warn(
  `watchers watching ${watchers.length} networks (pid ${process.pid})` +
    (metrics ? `, metrics at ${metrics.url}` : ''),
);
exitOnSignals(
  async () => {
    await metrics?.close();
    await rounds.stop();
    await transitions.close();
    await chains.close();
    await db.close();
  },
  settings.shutdownTimeoutMs,
  consoleLog,
);
