// HTTP order placement through the cluster's gateways (issue 28, docs/cluster.md): the same load as
// bench/orders.bench.ts (64 connections, overlapping DOT/USDT buys and sells, durable commit), run
// three ways against one core started with NATS_URL: straight to the core's port, through one
// gateway, and buyers through one gateway with sellers through another. Every process (core,
// gateways, NATS, the load) shares this machine's cores, so the gateways' cost shows as it would on
// one host. The baseline, from the same run: a bare Fastify route. SQLite by default, PostgreSQL with
// BENCH_PG_URL; NATS at NATS_URL (nats://127.0.0.1:4222). The audit runs afterwards; the bench
// fails when it is not clean or when an answer was not an order placed.
// Writes bench/results/gateway-<database>.json.
import {
  bareFastifyBaseline,
  fundedTraders,
  checkOutcome,
  figures,
  ratio,
  report,
  webOrders,
  type Check,
  type Figures,
} from './lib/orders-load.js';
import { startBenchGateway, startBenchServer, type BenchGateway } from './lib/server.js';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
// A prefix of this run's own, so another cluster on the same NATS never answers.
const prefix = `oexbench${Date.now()}`;
const results: Figures = { date: new Date().toISOString() };
await bareFastifyBaseline('web', results);
const server = await startBenchServer({ NATS_URL: natsUrl, NATS_PREFIX: prefix });
results.database = server.dialect;
const gateways: BenchGateway[] = [];
let checks: Check[] = [];
try {
  const [buyer, seller] = await fundedTraders(server);
  const load = async (name: string, buyAt: string, sellAt: string) =>
    figures(
      name,
      await Promise.all([webOrders(buyAt, 'buy', buyer), webOrders(sellAt, 'sell', seller)]),
      results,
    );
  await load('direct', server.url, server.url);
  gateways.push(await startBenchGateway(natsUrl, prefix));
  await load('one_gateway', gateways[0]!.url, gateways[0]!.url);
  gateways.push(await startBenchGateway(natsUrl, prefix));
  await load('two_gateways', gateways[0]!.url, gateways[1]!.url);
  const answers = ['direct', 'one_gateway', 'two_gateways'].reduce(
    (sum, name) => sum + Number(results[`${name}_answers`]),
    0,
  );
  checks = await checkOutcome(server.databaseUrl, results, { web: answers }, 3);
  for (const name of ['direct', 'one_gateway', 'two_gateways']) {
    checks.push({
      name: `${name}: no failed request`,
      ok: Number(results[`${name}_failures`]) === 0,
      detail: `${results[`${name}_failures`]} failures`,
    });
  }
} finally {
  for (const gateway of gateways) await gateway.stop();
  await server.stop();
}
results.direct_to_bare_fastify = ratio(results.direct_per_s, results.bare_fastify_per_s);
results.one_gateway_to_direct = ratio(results.one_gateway_per_s, results.direct_per_s);
results.two_gateways_to_direct = ratio(results.two_gateways_per_s, results.direct_per_s);
report(`gateway-${server.dialect}`, results, checks);
