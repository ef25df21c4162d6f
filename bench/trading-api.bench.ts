// The trading API's order path beside the web's, in one run on one server: 64 connections place
// limit buys and sells on DOT/USDT whose prices overlap (so many trade) for 10 s, first through the
// web API (`tx_in/add`, `tx_out/add`, a session token), then through the signed REST API
// (`POST /api/v3/order`, HMAC-SHA256 over a fresh timestamp per order, `X-MBX-APIKEY`). The keys are
// made as a user makes them (the mailed code). The audit runs afterwards.
// SQLite by default, PostgreSQL with BENCH_PG_URL. Writes bench/results/trading-api-<database>.json.
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { connect } from '../packages/server/src/db/connect.js';
import { auditLedger } from '../packages/server/src/ledger/audit.js';
import { login, startBenchServer } from './lib/server.js';

const DURATION_S = 10;
const server = await startBenchServer({
  // The limits per key are the operator's to set; here they are lifted to see the path's own speed.
  TRADING_API_WEIGHT_PER_MINUTE: '100000000',
  TRADING_API_ORDERS_PER_10S: '100000000',
  CODE_RATE_LIMIT: '1000',
});

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
async function keyOf(email: string, token: string): Promise<{ api_key: string; secret: string }> {
  await post('apikeys/code', {}, token);
  const mailbox = (await (
    await fetch(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).json()) as {
    data: { body: string }[];
  };
  const code = mailbox.data[0]?.body.match(/\b\d{6}\b/)?.[0];
  return post('apikeys/create', { label: 'bench', trade: true, code }, token);
}

/** Buys 6.90-7.04 and sells 6.96-7.10, 1 to 5 DOT: they overlap, so a part of them trades. */
function terms(way: 'buy' | 'sell', n: number): { number: string; price: string } {
  const cents = (way === 'buy' ? 690 : 696) + (n % 15);
  return { number: String(1 + (n % 5)), price: (cents / 100).toFixed(2) };
}

type Run = autocannon.Result;

function web(way: 'buy' | 'sell', token: string): Promise<Run> {
  let n = 0;
  return autocannon({
    url: `${server.url}/api/${way === 'buy' ? 'tx_in' : 'tx_out'}/add`,
    method: 'POST',
    connections: 32,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', authorization: token },
    setupClient(client) {
      const body = () => JSON.stringify({ currency_match_id: 4, ...terms(way, (n += 1)) });
      client.setBody(body());
      client.on('response', () => client.setBody(body()));
    },
  });
}

function signed(way: 'buy' | 'sell', key: { api_key: string; secret: string }): Promise<Run> {
  let n = 0;
  return autocannon({
    url: `${server.url}/api/v3/order`,
    method: 'POST',
    connections: 32,
    duration: DURATION_S,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-mbx-apikey': key.api_key },
    setupClient(client) {
      const body = () => {
        const { number, price } = terms(way, (n += 1));
        const query =
          `symbol=DOTUSDT&side=${way.toUpperCase()}&type=LIMIT&timeInForce=GTC&quantity=${number}` +
          `&price=${price}&newOrderRespType=ACK&recvWindow=10000&timestamp=${Date.now()}`;
        return `${query}&signature=${createHmac('sha256', key.secret).update(query).digest('hex')}`;
      };
      client.setBody(body());
      client.on('response', () => client.setBody(body()));
    },
  });
}

function figures(prefix: string, runs: Run[], into: Record<string, number | string>): void {
  into[`${prefix}_orders_per_s`] = Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0));
  into[`${prefix}_p50_ms`] = Math.max(...runs.map((run) => run.latency.p50));
  into[`${prefix}_p99_ms`] = Math.max(...runs.map((run) => run.latency.p99));
  into[`${prefix}_failures`] = runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
  into[`${prefix}_answers`] = runs.reduce((sum, run) => sum + run.requests.total, 0);
}

const results: Record<string, number | string> = { database: server.dialect, date: new Date().toISOString() };
try {
  const users = ['alice@demo.test', 'bob@demo.test'];
  for (const user of users) {
    await server.admin('admin/credit', { user, currency: 'USDT', amount: '100000000' });
    await server.admin('admin/credit', { user, currency: 'DOT', amount: '10000000' });
  }
  const tokens = await Promise.all(users.map((user) => login(server.url, user)));
  const keys = [await keyOf(users[0]!, tokens[0]!), await keyOf(users[1]!, tokens[1]!)];

  figures('web', await Promise.all([web('buy', tokens[0]!), web('sell', tokens[1]!)]), results);
  figures('rest', await Promise.all([signed('buy', keys[0]!), signed('sell', keys[1]!)]), results);

  const db = connect(server.databaseUrl);
  try {
    const trades = await db.kysely
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    results.trades = Number(trades.n);
    // Every answer must be an order really placed (a refusal in the web's envelope is HTTP 200 too):
    // the web's orders carry no client id, the trading API's always one.
    const placed = await db.kysely
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('request_id').as('rest')])
      .executeTakeFirstOrThrow();
    results.web_placed = Number(placed.all) - Number(placed.rest);
    results.rest_placed = Number(placed.rest);
    const report = await auditLedger(db.kysely);
    results.audit = report.ok ? 'clean' : `${report.problems.length} problems`;
  } finally {
    await db.close();
  }
} finally {
  await server.stop();
}
for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(22)} ${value}`);
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL(`results/trading-api-${results.database}.json`, import.meta.url),
  JSON.stringify(results, null, 2) + '\n',
);
