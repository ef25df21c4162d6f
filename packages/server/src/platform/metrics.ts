import { createServer, type Server } from 'node:http';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** How one deposit watcher stands, as its last passes left it (wallet/watcher.ts). */
export interface ChainProgress {
  /** The node's head at the last pass's start; null before the first answer. */
  head: number | null;
  /** The highest block scanned so far; null before the first pass. */
  scanned: number | null;
  /** When (wall-clock ms) the last pass that reached the head ended; null before one did. */
  lastSyncAt: number | null;
  /** Passes that failed since the last one that did not. */
  failuresInRow: number;
}

/** One watched network, named for people (`USDT-ERC20`), and its watcher's progress. */
export interface WatchedNetwork {
  name: string;
  progress: ChainProgress;
}

/**
 * Buckets of the sequencer's batch sizes: powers of two up to its largest batch (512).
 * A batch of one under load means requests are not sharing commits.
 */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
/** Commit times from half a millisecond (SQLite, a few rows) to seconds (a stalled database). */
const COMMIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** HTTP answer times, from a cached read to a slow one near the request timeout. */
export const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The exchange's metrics: one registry per exchange (tests run several in one process, so never
 * prom-client's global one) and the metric objects the domains feed. Names start with `oex_`.
 * Collecting costs a few map updates per request and per batch; serving is off unless asked
 * (`serveMetrics`, METRICS_PORT).
 */
export class Metrics implements Scrapeable {
  readonly registry = new Registry();

  /** Commands waiting for the sequencer's next batch, read at each scrape. */
  readonly sequencerQueue: Gauge;
  /** On PostgreSQL, the lease epoch this process leads under: a rise is a failover (docs/cluster.md). */
  readonly leaderEpoch: Gauge;
  readonly sequencerBatchSize: Histogram;
  /** The time of one batch's database transaction (batches that wrote nothing are not timed). */
  readonly sequencerCommitSeconds: Histogram;
  readonly ordersPlaced: Counter<'market'>;
  readonly tradesMade: Counter<'market'>;
  readonly wsConnections: Gauge;
  readonly wsSlowClientsDropped: Counter;
  readonly eventLoopDelay: Gauge<'quantile'>;
  readonly chainBlocksBehind: Gauge<'network'>;
  readonly chainSecondsSinceSync: Gauge<'network'>;
  readonly chainFailuresInRow: Gauge<'network'>;
  readonly httpSeconds: Histogram<'method' | 'route' | 'status_class'>;

  private readonly loopDelay: EventLoopDelay;
  private queueDepth: () => number = () => 0;
  private unjournaled: () => number = () => 0;
  private epoch: () => number = () => 0;
  private connections: () => number = () => 0;
  private networks: () => readonly WatchedNetwork[] = () => [];
  private defaultsOn = false;

  constructor() {
    const registers = [this.registry];
    // Getters, not the fields: prom-client calls `collect` with `this` bound to the metric.
    const queueDepth = () => this.queueDepth();
    const unjournaled = () => this.unjournaled();
    const epoch = () => this.epoch();
    const connections = () => this.connections();
    this.sequencerQueue = new Gauge({
      name: 'oex_sequencer_queue_depth',
      help: 'Commands queued for the sequencer and not yet in a batch',
      registers,
      collect() {
        this.set(queueDepth());
      },
    });
    new Gauge({
      name: 'oex_sequencer_unjournaled_commands',
      help: 'Commands given as code, not data, that changed the books: what a replay of the command journal would miss (0 expected)',
      registers,
      collect() {
        this.set(unjournaled());
      },
    });
    this.leaderEpoch = new Gauge({
      name: 'oex_leader_epoch',
      help: "The leader lease's epoch this process leads under (PostgreSQL; 0 on SQLite)",
      registers,
      collect() {
        this.set(epoch());
      },
    });
    this.sequencerBatchSize = new Histogram({
      name: 'oex_sequencer_batch_size',
      help: 'Commands applied and committed together in one sequencer batch',
      buckets: BATCH_BUCKETS,
      registers,
    });
    this.sequencerCommitSeconds = new Histogram({
      name: 'oex_sequencer_commit_seconds',
      help: "Time of one sequencer batch's database transaction",
      buckets: COMMIT_BUCKETS,
      registers,
    });
    this.ordersPlaced = new Counter({
      name: 'oex_spot_orders_total',
      help: 'Spot orders placed (committed), by market',
      labelNames: ['market'],
      registers,
    });
    this.tradesMade = new Counter({
      name: 'oex_spot_trades_total',
      help: 'Spot trades made, by market',
      labelNames: ['market'],
      registers,
    });
    ({ connections: this.wsConnections, slowClientsDropped: this.wsSlowClientsDropped } = liveChannelMetrics(
      this.registry,
      connections,
    ));
    this.loopDelay = eventLoopDelay(this.registry);
    this.eventLoopDelay = this.loopDelay.gauge;
    ({
      blocksBehind: this.chainBlocksBehind,
      secondsSinceSync: this.chainSecondsSinceSync,
      failuresInRow: this.chainFailuresInRow,
    } = chainWatcherMetrics(this.registry, () => this.networks()));
    this.httpSeconds = new Histogram({
      name: 'oex_http_request_duration_seconds',
      help: 'HTTP answer time by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    });
  }

  /** Where the sequencer's queue depth and its count of unjournaled changes are read at each scrape. */
  watchSequencer(sequencer: { readonly queueDepth: number; readonly unjournaled: number }): void {
    this.queueDepth = () => sequencer.queueDepth;
    this.unjournaled = () => sequencer.unjournaled;
  }

  /** Where the leader lease's epoch is read at each scrape. */
  watchLease(epoch: () => number): void {
    this.epoch = epoch;
  }

  /** Where the open live connections are counted at each scrape. */
  watchConnections(count: () => number): void {
    this.connections = count;
  }

  /** The deposit watchers, read at each scrape. */
  watchChains(networks: () => readonly WatchedNetwork[]): void {
    this.networks = networks;
  }

  /** One sequencer batch: its size, and its commit's time when it wrote anything. */
  batch(size: number, commitMs: number | undefined): void {
    this.sequencerBatchSize.observe(size);
    if (commitMs !== undefined) this.sequencerCommitSeconds.observe(commitMs / 1000);
  }

  /** One answered HTTP request. `route` is the route's pattern, never the raw URL (ids stay out). */
  http(method: string, route: string | undefined, status: number, ms: number): void {
    this.httpSeconds.observe(
      { method, route: route ?? 'unmatched', status_class: `${Math.floor(status / 100)}xx` },
      ms / 1000,
    );
  }

  /** Node's own process metrics (CPU, memory, heap, GC, handles), for a served registry only. */
  withProcessMetrics(): void {
    if (this.defaultsOn) return;
    this.defaultsOn = true;
    addProcessMetrics(this.registry);
  }

  /** The registry in Prometheus's text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  close(): void {
    this.loopDelay.stop();
  }
}

/** A registry that can be served: the exchange's, or a gateway's (cluster/gateway-metrics.ts). */
export interface Scrapeable {
  readonly registry: Registry;
  /** Adds Node's own process metrics, once, when the registry is served. */
  withProcessMetrics(): void;
}

/** A live-channel hub's sockets (counted by `count` at each scrape) and the slow clients it cut. */
export function liveChannelMetrics(
  registry: Registry,
  count: () => number,
): { connections: Gauge; slowClientsDropped: Counter } {
  return {
    connections: new Gauge({
      name: 'oex_ws_connections',
      help: 'Open live-channel (WebSocket) connections',
      registers: [registry],
      collect() {
        this.set(count());
      },
    }),
    slowClientsDropped: new Counter({
      name: 'oex_ws_slow_clients_dropped_total',
      help: 'Live-channel clients dropped because their unsent output passed the limit',
      registers: [registry],
    }),
  };
}

/**
 * The deposit watchers' progress by network, read from `networks` at each scrape: the core's, or
 * the watchers' process's own (wallet/watchers-main.ts).
 */
export function chainWatcherMetrics(
  registry: Registry,
  networks: () => readonly WatchedNetwork[],
): { blocksBehind: Gauge<'network'>; secondsSinceSync: Gauge<'network'>; failuresInRow: Gauge<'network'> } {
  const registers = [registry];
  return {
    blocksBehind: new Gauge({
      name: 'oex_chain_watcher_blocks_behind',
      help: "Blocks between the node's head and the deposit watcher's last scanned block, by network",
      labelNames: ['network'],
      registers,
      collect() {
        this.reset();
        for (const { name, progress } of networks()) {
          if (progress.head !== null && progress.scanned !== null) {
            this.set({ network: name }, Math.max(0, progress.head - progress.scanned));
          }
        }
      },
    }),
    secondsSinceSync: new Gauge({
      name: 'oex_chain_watcher_seconds_since_sync',
      help: "Seconds since the deposit watcher's last pass reached the node's head, by network",
      labelNames: ['network'],
      registers,
      collect() {
        this.reset();
        const now = Date.now();
        for (const { name, progress } of networks()) {
          if (progress.lastSyncAt !== null) this.set({ network: name }, (now - progress.lastSyncAt) / 1000);
        }
      },
    }),
    failuresInRow: new Gauge({
      name: 'oex_chain_watcher_failures_in_row',
      help: "Deposit watcher passes that failed since its last good one (the node's answers), by network",
      labelNames: ['network'],
      registers,
      collect() {
        this.reset();
        for (const { name, progress } of networks()) this.set({ network: name }, progress.failuresInRow);
      },
    }),
  };
}

/** The event-loop delay since the previous scrape, in `registry`; `stop` when the owner closes. */
export interface EventLoopDelay {
  gauge: Gauge<'quantile'>;
  stop(): void;
}

export function eventLoopDelay(registry: Registry): EventLoopDelay {
  const delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  const gauge = new Gauge({
    name: 'oex_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape (quantile 0.5, 0.99 and 1 for the maximum)',
    labelNames: ['quantile'],
    registers: [registry],
    collect() {
      if (delay.count === 0) return;
      this.set({ quantile: '0.5' }, delay.percentile(50) / 1e9);
      this.set({ quantile: '0.99' }, delay.percentile(99) / 1e9);
      this.set({ quantile: '1' }, delay.max / 1e9);
      delay.reset();
    },
  });
  delay.enable();
  return { gauge, stop: () => delay.disable() };
}

/** Node's own process metrics (CPU, memory, heap, GC, handles) under `oex_`. */
export function addProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry, prefix: 'oex_' });
}

export interface MetricsEndpoint {
  /** Such as http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT, bound to METRICS_HOST, loopback by default),
 * never on the public port: the figures say how busy the exchange is and which routes are called,
 * which is for its operators and their Prometheus only. Everything else there answers 404.
 */
export async function serveMetrics(
  metrics: Scrapeable,
  port: number,
  host: string,
): Promise<MetricsEndpoint> {
  metrics.withProcessMetrics();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${error.message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
