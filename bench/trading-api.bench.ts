// The trading API's order path beside the web's, in one run on one server: 64 connections place
// limit buys and sells on DOT/USDT whose prices overlap (so many trade) for 10 s, first through the
// web API (`tx_in/add`, `tx_out/add`, a session token), then through the signed REST API
// (`POST /api/v3/order`, HMAC-SHA256 over a fresh timestamp per order, `X-MBX-APIKEY`). The keys are
// made as a user makes them (the mailed code). The audit runs afterwards.
// The baseline, from the same run: a bare Fastify route answering the same signed POSTs.
// SQLite by default, PostgreSQL with BENCH_PG_URL. Writes bench/results/trading-api-<database>.json;
// fails when the audit is not clean or an answer was not an order placed.
import {
  bareFastifyBaseline,
  fundedTraders,
  TRADERS,
  checkOutcome,
  figures,
  ratio,
  report,
  signedOrders,
  webOrders,
  type ApiKey,
  type Check,
  type Figures,
} from './lib/orders-load.js';
import { startBenchServer } from './lib/server.js';

const results: Figures = { date: new Date().toISOString() };
await bareFastifyBaseline('signed', results);
const server = await startBenchServer({
  // The limits per key are the operator's to set; here they are lifted to see the path's own speed.
  TRADING_API_WEIGHT_PER_MINUTE: '100000000',
  TRADING_API_ORDERS_PER_10S: '100000000',
  CODE_RATE_LIMIT: '1000',
});
results.database = server.dialect;

async function post<T>(path: string, body: unknown, token: string): Promise<T> {
  const response = await fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** A trade key made through the web API with the code from the dev mailbox. */
async function keyOf(email: string, token: string): Promise<ApiKey> {
  await post('apikeys/code', {}, token);
  const mailbox = (await (
    await fetch(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).json()) as {
    data: { body: string }[];
  };
  const code = mailbox.data[0]?.body.match(/\b\d{6}\b/)?.[0];
  return post('apikeys/create', { label: 'bench', trade: true, code }, token);
}

let checks: Check[] = [];
try {
  const tokens = await fundedTraders(server);
  const keys = [await keyOf(TRADERS[0], tokens[0]), await keyOf(TRADERS[1], tokens[1])];

  figures(
    'web',
    await Promise.all([webOrders(server.url, 'buy', tokens[0]), webOrders(server.url, 'sell', tokens[1])]),
    results,
  );
  figures(
    'rest',
    await Promise.all([signedOrders(server.url, 'buy', keys[0]), signedOrders(server.url, 'sell', keys[1])]),
    results,
  );
  checks = await checkOutcome(server.databaseUrl, results, {
    web: Number(results.web_answers),
    rest: Number(results.rest_answers),
  });
} finally {
  await server.stop();
}
results.rest_ratio_to_bare_fastify = ratio(results.rest_per_s, results.bare_fastify_per_s);
report(`trading-api-${server.dialect}`, results, checks);
