// Transfers per second through the sequencer: in process, and over HTTP with durable commit.
// Writes the figures to bench/results/ledger-<database>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startExchange } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';

const pgBase = process.env.BENCH_PG_URL;
const dir = mkdtempSync(join(tmpdir(), 'oex-bench-ledger-'));
const pgName = `oex_bench_${Date.now()}`;
if (pgBase) {
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pgName}`);
  await admin.end();
}
const databaseUrl = pgBase ? `${pgBase}/${pgName}` : `sqlite:${join(dir, 'bench.db')}`;
const exchange = await startExchange(
  loadConfig(
    {},
    {
      databaseUrl,
      demo: true,
      marketMaker: false,
      evmRpcUrl: undefined,
      logLevel: 'silent',
      host: '127.0.0.1',
      maxConnectionsPerAddress: 0,
    },
  ),
  { port: 0 },
);
const results: Record<string, number | string> = {
  database: exchange.db.dialect,
  date: new Date().toISOString(),
};

try {
  const alice = await exchange.users.resolveUserId('alice@demo.test');

  // In process: many transfers submitted at once, committed in batches.
  const count = 20_000;
  let started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      exchange.ledger.transfer(alice, {
        currencyId: 1,
        amount: '0.01',
        from: i % 2 ? 3 : 1,
        to: i % 2 ? 1 : 3,
      }),
    ),
  );
  let seconds = Number(process.hrtime.bigint() - started) / 1e9;
  results.in_process_transfers_per_s = Math.round(count / seconds);

  // One at a time: the latency of a single durable commit.
  const serial = 300;
  started = process.hrtime.bigint();
  for (let i = 0; i < serial; i += 1) {
    await exchange.ledger.transfer(alice, {
      currencyId: 1,
      amount: '0.01',
      from: i % 2 ? 3 : 1,
      to: i % 2 ? 1 : 3,
    });
  }
  seconds = Number(process.hrtime.bigint() - started) / 1e9;
  results.serial_commit_ms = Number(((seconds * 1000) / serial).toFixed(3));

  // Over HTTP: 50 connections posting transfers, each acknowledged after its batch committed.
  const login = await fetch(`${exchange.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_type: 'email', account: 'alice@demo.test', password: 'demo1234' }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  let flip = 0;
  const http = await autocannon({
    url: `${exchange.url}/api/account/transfer`,
    method: 'POST',
    connections: 50,
    duration: 8,
    headers: { 'content-type': 'application/json', authorization: data.token },
    setupClient(client) {
      client.setBody(JSON.stringify({ currency_id: 1, balance: '0.01', from: 1, to: 3 }));
      client.on('response', () => {
        flip += 1;
        const from = flip % 2 ? 1 : 3;
        client.setBody(JSON.stringify({ currency_id: 1, balance: '0.01', from, to: from === 1 ? 3 : 1 }));
      });
    },
  });
  results.http_transfers_per_s = Math.round(http.requests.average);
  results.http_p50_ms = http.latency.p50;
  results.http_p99_ms = http.latency.p99;
  results.http_failures = http.non2xx + http.errors;
  results.rss_mib = Math.round(process.memoryUsage().rss / 1048576);

  for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(28)} ${value}`);
  mkdirSync(new URL('results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL(`results/ledger-${results.database}.json`, import.meta.url),
    JSON.stringify(results, null, 2) + '\n',
  );
} finally {
  await exchange.close();
  rmSync(dir, { recursive: true, force: true });
  if (pgBase) {
    // Closed connections leave the server a moment after close() returns.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.end();
  }
}
