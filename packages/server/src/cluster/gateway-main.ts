import { randomBytes } from 'node:crypto';
import { webDistOf } from '../config.js';
import { consoleLog, exitOnSignals, operationsSettings } from '../platform/drain.js';
import { startGateway } from './gateway.js';

/**
 * `npm run gateway`: a gateway on PORT (8080) and HOST (0.0.0.0) in front of the leading core
 * over NATS_URL (docs/cluster.md), serving the web app built at WEB_DIST; GATEWAY_ID names it (random by default), NATS_PREFIX is the
 * subjects' prefix (`oex`). METRICS_PORT (and METRICS_HOST, loopback by default) serves its
 * `GET /metrics`, as the core's. Drains on SIGINT and SIGTERM, within SHUTDOWN_TIMEOUT_MS.
 */
const natsUrl = process.env.NATS_URL;
if (!natsUrl) {
  console.error('NATS_URL is required: the gateway reaches the core over NATS');
  process.exit(2);
}
const port = Number(process.env.PORT || 8080);
if (!Number.isSafeInteger(port) || port < 0) {
  console.error('PORT must be a whole number');
  process.exit(2);
}
const settings = operationsSettings();
const gateway = await startGateway({
  natsUrl,
  prefix: process.env.NATS_PREFIX || 'oex',
  port,
  host: process.env.HOST || '0.0.0.0',
  id: process.env.GATEWAY_ID || `gw-${randomBytes(6).toString('hex')}`,
  logLevel: process.env.LOG_LEVEL || 'info',
  webDist: webDistOf(process.env),
  metrics:
    settings.metricsPort === undefined
      ? undefined
      : { port: settings.metricsPort, host: settings.metricsHost },
});
console.warn(
  `gateway ${gateway.id} listening at ${gateway.url}, core over ${natsUrl}` +
    (gateway.metricsUrl ? `, metrics at ${gateway.metricsUrl}` : ''),
);
exitOnSignals(() => gateway.close(), settings.shutdownTimeoutMs, consoleLog);
