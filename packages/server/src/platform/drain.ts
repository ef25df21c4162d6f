import { ResponseCode } from '@oex/protocol';
import type { Api } from './api.js';
import { translate } from './messages/index.js';
import type { Metrics } from './metrics.js';
import type { Readiness } from './readiness.js';

/** Calls that still answer during a drain: liveness, and readiness (which then says draining). */
const ANSWERED_WHILE_DRAINING = new Set(['/api/health', '/api/ready']);

/** Seconds a refused caller is asked to wait: long enough for a restart or another instance. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The HTTP side of operations, hooked into every request: its time in the metrics (by route
 * pattern), and the drain's gate. Once a drain begins, a new request gets 503 with the envelope and
 * a message saying the exchange is shutting down (and `connection: close`), while requests already
 * in flight run to their answer; `settled()` resolves when none is left.
 */
export class HttpGate {
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly readiness: Readiness,
    private readonly metrics: Metrics,
  ) {}

  attach(app: Api): void {
    app.addHook('onRequest', async (request, reply) => {
      if (this.readiness.phase === 'draining' && !ANSWERED_WHILE_DRAINING.has(request.url.split('?')[0]!)) {
        return reply
          .status(503)
          .header('connection', 'close')
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ code: ResponseCode.ERROR, msg: translate(request.lang, 'error.shutting_down') });
      }
      // A WebSocket upgrade is no request to wait for: the hub closes its connection itself.
      if (request.headers.upgrade) return;
      this.inFlight += 1;
      // The response's close comes once, whether it was answered or its client went away.
      reply.raw.once('close', () => this.done());
    });
    app.addHook('onResponse', async (request, reply) => {
      this.metrics.http(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
    });
  }

  /** Requests let in and not yet answered. */
  get pending(): number {
    return this.inFlight;
  }

  /** Resolves once every request in flight has its answer (new ones are refused by then). */
  settled(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private done(): void {
    this.inFlight -= 1;
    if (this.inFlight > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** The default bound of a drain, SHUTDOWN_TIMEOUT_MS. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** What `npm start` reads for operations from the environment (README, docs/operations.md). */
export interface OperationsSettings {
  /** The port of `GET /metrics`; undefined: metrics are not served. */
  metricsPort: number | undefined;
  metricsHost: string;
  shutdownTimeoutMs: number;
}

function whole(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

export function operationsSettings(
  env: Record<string, string | undefined> = process.env,
): OperationsSettings {
  return {
    metricsPort: whole(env.METRICS_PORT, 'METRICS_PORT'),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    shutdownTimeoutMs: whole(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS') ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
  };
}

interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The drain's log on stderr, for entry points without a logger of their own (gateway, signer). */
export const consoleLog: Log = {
  info: (object, message) => console.warn(message, JSON.stringify(object)),
  error: (object, message) => console.error(message, JSON.stringify(object)),
};

/**
 * On SIGTERM or SIGINT, drains the exchange (`close`) and exits 0; past `timeoutMs`, or if the
 * drain fails, logs it and exits 1. A second signal of the same kind during a drain is the
 * system's default: the process ends at once.
 */
export function exitOnSignals(close: () => Promise<void>, timeoutMs: number, log: Log): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      const started = Date.now();
      log.info({ signal, timeoutMs }, 'draining: no new requests, finishing those in flight');
      const timer = setTimeout(() => {
        log.error({ timeoutMs }, 'drain did not finish in time; exiting');
        process.exit(1);
      }, timeoutMs);
      close().then(
        () => {
          clearTimeout(timer);
          log.info({ ms: Date.now() - started }, 'drained; exiting');
          process.exit(0);
        },
        (error: unknown) => {
          clearTimeout(timer);
          log.error({ err: error }, 'drain failed; exiting');
          process.exit(1);
        },
      );
    });
  }
}
