import { startExchange } from './app.js';
import { loadConfig } from './config.js';

/** `npm start`: the exchange on PORT with DATABASE_URL, stopping cleanly on SIGINT and SIGTERM. */
const config = loadConfig();
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
const exchange = await startExchange(config);
exchange.app.log.info(
  { database: exchange.db.dialect, demo: config.demo },
  `Open Exchange is running at http://localhost:${config.port}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void exchange.close().then(() => process.exit(0));
  });
}
