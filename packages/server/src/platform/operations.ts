import type { Hub } from '../realtime/hub.js';
import type { SpotService } from '../spot/service.js';
import type { Wallet } from '../wallet/module.js';
import { networkLabel } from '../wallet/networks.js';
import type { ExchangeContext } from './domains.js';
import { HttpGate } from './drain.js';
import { Metrics, serveMetrics, type MetricsEndpoint } from './metrics.js';
import { Readiness } from './readiness.js';

/**
 * Running the exchange (docs/operations.md): its metrics, its readiness and the HTTP side of its
 * drain. Made once per exchange, fed by the domains through their listeners.
 */
export class Operations {
  readonly metrics = new Metrics();
  readonly readiness: Readiness;
  readonly gate: HttpGate;
  private endpoint: MetricsEndpoint | undefined;

  constructor(
    core: Pick<ExchangeContext, 'config' | 'db' | 'log' | 'sequencer' | 'currencies' | 'lease'> & {
      spot: SpotService;
      wallet: Wallet;
    },
  ) {
    const { sequencer, spot, wallet, currencies } = core;
    const metrics = this.metrics;
    sequencer.onBatch((size, commitMs) => metrics.batch(size, commitMs));
    metrics.watchSequencer(sequencer);
    metrics.watchLease(() => core.lease?.epoch ?? 0);
    spot.onPlaced((market, outcome) => {
      metrics.ordersPlaced.inc({ market: market.symbol });
      if (outcome.trades.length > 0) metrics.tradesMade.inc({ market: market.symbol }, outcome.trades.length);
    });
    const networks = () =>
      wallet.networks.list().map((network) => ({
        name: networkLabel(currencies.currency(network.currencyId).code, network),
        progress: wallet.progressOf(network.id),
      }));
    metrics.watchChains(() =>
      networks().flatMap(({ name, progress }) => (progress ? [{ name, progress }] : [])),
    );
    this.readiness = new Readiness({
      db: core.db,
      books: () =>
        sequencer.accepting && spot.markets.all().every((market) => spot.orders.books.has(market.id)),
      networks,
      chainPollMs: core.config.chainPollMs,
      signer: () => wallet.signerState(),
      log: (error) => core.log.warn({ err: error }, 'readiness: the database did not answer'),
    });
    this.gate = new HttpGate(this.readiness, metrics);
  }

  /** Live-channel connections and slow clients dropped. */
  watchHub(hub: Hub): void {
    this.metrics.watchConnections(() => hub.size);
    hub.onSlowClientDropped = () => this.metrics.wsSlowClientsDropped.inc();
  }

  /** Serves `GET /metrics` on its own port (METRICS_PORT); answers its URL. */
  async serveMetrics(port: number, host: string): Promise<string> {
    this.endpoint = await serveMetrics(this.metrics, port, host);
    return this.endpoint.url;
  }

  /** The URL of `GET /metrics` when served. */
  get metricsUrl(): string | undefined {
    return this.endpoint?.url;
  }

  async close(): Promise<void> {
    await this.endpoint?.close();
    this.metrics.close();
  }
}
