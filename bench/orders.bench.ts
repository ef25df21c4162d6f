// (b) HTTP order placement with durable commit: the server runs as its own process; 64
// connections place limit buys and sells on DOT/USDT whose prices overlap, so many trade. The
// baseline, from the same run: a bare Fastify route answering the same POSTs (bench/lib/bare-fastify.mjs).
// SQLite by default, PostgreSQL with BENCH_PG_URL. The audit runs afterwards on the database; the
// bench fails when it is not clean or when an answer was not an order placed.
// Writes bench/results/orders-<database>.json.
import {
  bareFastifyBaseline,
  fundedTraders,
  checkOutcome,
  measured,
  ratio,
  report,
  webOrders,
  type Check,
  type Figures,
} from './lib/orders-load.js';
import { startBenchServer } from './lib/server.js';

const results: Figures = { date: new Date().toISOString() };
await bareFastifyBaseline('web', results);
const server = await startBenchServer();
results.database = server.dialect;
let checks: Check[] = [];
try {
  const tokens = await fundedTraders(server);
  await measured(
    'orders',
    server.pid,
    Promise.all([webOrders(server.url, 'buy', tokens[0]), webOrders(server.url, 'sell', tokens[1])]),
    results,
  );
  // The audit reads the database while the server still runs (reads never disturb the writer).
  checks = await checkOutcome(server.databaseUrl, results, { web: Number(results.orders_answers) });
} finally {
  await server.stop();
}
results.ratio_to_bare_fastify = ratio(results.orders_per_s, results.bare_fastify_per_s);
// CPU per answer, bare route over ours: what the rate's ratio would be with a core for each server.
results.cpu_ratio_to_bare_fastify = ratio(results.bare_fastify_cpu_us_each, results.orders_cpu_us_each);
const goal = server.dialect === 'sqlite' ? { ratio: 0.5, p99: 25 } : { ratio: 0.35, p99: 40 };
results.goal = `>= ${goal.ratio} of bare Fastify with p99 < ${goal.p99} ms`;
results.goal_met =
  results.ratio_to_bare_fastify >= goal.ratio && Number(results.orders_p99_ms) < goal.p99 ? 'yes' : 'no';
report(`orders-${server.dialect}`, results, checks);
