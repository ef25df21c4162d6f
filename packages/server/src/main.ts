import { startExchange } from './app.js';
import { loadConfig } from './config.js';
import { exitOnSignals, operationsSettings } from './platform/drain.js';

/**
 * `npm start`: the exchange on PORT with DATABASE_URL (metrics on METRICS_PORT when set), draining
 * on SIGINT and SIGTERM within SHUTDOWN_TIMEOUT_MS (docs/operations.md).
 */
const config = loadConfig();
const operations = operationsSettings();
if (config.demo && config.demoPublic) {
  console.warn(
    [
      '',
      '!!! DEMO MODE IS OPEN TO OTHER HOSTS (DEMO_PUBLIC=1) !!!',
      '!!! Demo accounts have published passwords. Never run this on a machine the public can reach. !!!',
      '',
    ].join('\n'),
  );
}
const exchange = await startExchange(config, {
  metrics:
    operations.metricsPort === undefined
      ? undefined
      : { port: operations.metricsPort, host: operations.metricsHost },
});
exchange.app.log.info(
  { database: exchange.db.dialect, demo: config.demo, metrics: exchange.operations.metricsUrl },
  `Open Exchange is running at http://localhost:${config.port}`,
);
// Another process took the lead (this one was paused or cut off past its lease): its batches are
// already refused by the fence; it stops at once, and its supervisor starts it again as a standby.
exchange.lease?.onLost((reason) => {
  exchange.app.log.fatal(`lost the lead (${reason}); exiting`);
  process.exit(75);
});
exitOnSignals(() => exchange.close(), operations.shutdownTimeoutMs, exchange.app.log);
