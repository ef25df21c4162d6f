import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import {
  addProcessMetrics,
  eventLoopDelay,
  HTTP_BUCKETS,
  liveChannelMetrics,
  type EventLoopDelay,
  type Scrapeable,
} from '../platform/metrics.js';

/**
 * What became of a forwarded request: answered by a core; no core within the wait (503, a
 * takeover); delivered and not answered (504); the bus failed (502); too large for one message (413).
 */
export type ForwardOutcome = 'answered' | 'no_core' | 'timeout' | 'bus' | 'too_large';

/**
 * A gateway's metrics (docs/operations.md): what it forwarded and how long the core took, the
 * waits for a core during a takeover, its live sockets and the frames it relayed. A registry of its
 * own, served on METRICS_PORT as the core's is.
 */
export class GatewayMetrics implements Scrapeable {
  readonly registry = new Registry();
  readonly requests: Counter<'outcome'>;
  /** From the request's arrival to the core's answer, for answered requests. */
  readonly forwardSeconds: Histogram;
  /** Asks that found no core listening and were sent again: non-zero only while no core leads. */
  readonly coreWaits: Counter;
  readonly framesRelayed: Counter;
  /** Request bodies too large for one message, sent by the object store. */
  readonly bodiesStored: Counter;
  readonly wsConnections: Gauge;
  /** The trading API's sockets this gateway carries to the leader (cluster/stream-proxy.ts). */
  readonly tradingStreams: Gauge;
  readonly wsSlowClientsDropped: Counter;
  private readonly loopDelay: EventLoopDelay;
  private connections: () => number = () => 0;
  private streams: () => number = () => 0;
  private processMetrics = false;

  constructor() {
    const registers = [this.registry];
    const connections = () => this.connections();
    const streams = () => this.streams();
    this.requests = new Counter({
      name: 'oex_gateway_requests_total',
      help: 'Requests forwarded to the core, by outcome (answered, no_core, timeout, bus, too_large)',
      labelNames: ['outcome'],
      registers,
    });
    this.forwardSeconds = new Histogram({
      name: 'oex_gateway_forward_seconds',
      help: "Time from a request's arrival to the core's answer, through NATS",
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.coreWaits = new Counter({
      name: 'oex_gateway_core_waits_total',
      help: 'Asks that found no core listening and were sent again (a takeover under way)',
      registers,
    });
    this.bodiesStored = new Counter({
      name: 'oex_gateway_bodies_stored_total',
      help: "Request bodies too large for one NATS message, sent through JetStream's object store",
      registers,
    });
    this.framesRelayed = new Counter({
      name: 'oex_gateway_frames_relayed_total',
      help: "Live push frames received from the core for this gateway's subscribers",
      registers,
    });
    ({ connections: this.wsConnections, slowClientsDropped: this.wsSlowClientsDropped } = liveChannelMetrics(
      this.registry,
      connections,
    ));
    this.tradingStreams = new Gauge({
      name: 'oex_gateway_trading_streams',
      help: "The trading API's WebSocket sockets carried through to the leader's port",
      registers,
      collect() {
        this.set(streams());
      },
    });
    this.loopDelay = eventLoopDelay(this.registry);
  }

  /** Where the open live connections are counted at each scrape. */
  watchConnections(count: () => number): void {
    this.connections = count;
  }

  /** Where the carried trading-API sockets are counted at each scrape. */
  watchStreams(count: () => number): void {
    this.streams = count;
  }

  forwarded(outcome: ForwardOutcome, ms?: number): void {
    this.requests.inc({ outcome });
    if (outcome === 'answered' && ms !== undefined) this.forwardSeconds.observe(ms / 1000);
  }

  withProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    addProcessMetrics(this.registry);
  }

  close(): void {
    this.loopDelay.stop();
  }
}
