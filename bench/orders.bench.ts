// (b) HTTP order placement with durable commit: the server runs as its own process; 64
// connections place limit buys and sells on DOT/USDT whose prices overlap, so many trade.
// SQLite by default, PostgreSQL with BENCH_PG_URL. The audit runs afterwards on the database.
// Writes bench/results/orders-<database>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { connect } from '../packages/server/src/db/connect.js';
import { auditLedger } from '../packages/server/src/ledger/audit.js';
import { login, startBenchServer } from './lib/server.js';

const server = await startBenchServer();
const results: Record<string, number | string> = { database: server.dialect, date: new Date().toISOString() };
try {
  for (const user of ['alice@demo.test', 'bob@demo.test']) {
    await server.admin('admin/credit', { user, currency: 'USDT', amount: '100000000' });
    await server.admin('admin/credit', { user, currency: 'DOT', amount: '10000000' });
  }
  const tokens = [await login(server.url, 'alice@demo.test'), await login(server.url, 'bob@demo.test')];
  let n = 0;
  const side = (path: 'tx_in' | 'tx_out', token: string) =>
    autocannon({
      url: `${server.url}/api/${path}/add`,
      method: 'POST',
      connections: 32,
      duration: 10,
      headers: { 'content-type': 'application/json', authorization: token },
      setupClient(client) {
        const body = () => {
          n += 1;
          // Buys 6.90-7.04, sells 6.96-7.10: they overlap, so a part of them trades.
          const cents = (path === 'tx_in' ? 690 : 696) + (n % 15);
          return JSON.stringify({
            currency_match_id: 4,
            number: String(1 + (n % 5)),
            price: (cents / 100).toFixed(2),
          });
        };
        client.setBody(body());
        client.on('response', () => client.setBody(body()));
      },
    });
  const [buys, sells] = await Promise.all([side('tx_in', tokens[0]!), side('tx_out', tokens[1]!)]);
  results.orders_per_s = Math.round(buys.requests.average + sells.requests.average);
  results.p50_ms = Math.max(buys.latency.p50, sells.latency.p50);
  results.p99_ms = Math.max(buys.latency.p99, sells.latency.p99);
  results.failures = buys.non2xx + buys.errors + sells.non2xx + sells.errors;
  // The audit reads the database while the server still runs (reads never disturb the writer).
  const db = connect(server.databaseUrl);
  try {
    const trades = await db.kysely
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    results.trades = Number(trades.n);
    const report = await auditLedger(db.kysely);
    results.audit = report.ok ? 'clean' : `${report.problems.length} problems`;
  } finally {
    await db.close();
  }
} finally {
  await server.stop();
}
results.goal = '>= 10,000 orders/s with p99 < 25 ms on SQLite';
for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(16)} ${value}`);
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL(`results/orders-${results.database}.json`, import.meta.url),
  JSON.stringify(results, null, 2) + '\n',
);
