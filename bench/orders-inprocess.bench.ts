// Order placement through the sequencer in process (no HTTP), 64 orders in flight as 64 clients
// would keep, on SQLite: the cost of the command and its durable commit alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { auditLedger } from '../packages/server/src/ledger/audit.js';
import { startInProcess } from './lib/in-process.js';

const { exchange, stop } = await startInProcess();
try {
  const alice = await exchange.users.resolveUserId('alice@demo.test');
  const bob = await exchange.users.resolveUserId('bob@demo.test');
  for (const user of [alice, bob]) {
    await exchange.ledger.credit(user, 1, 1, '100000000');
    await exchange.ledger.credit(user, 1, 5, '10000000');
  }
  const count = 30_000;
  const started = process.hrtime.bigint();
  let inFlight: Promise<unknown>[] = [];
  for (let i = 0; i < count; i += 1) {
    const buy = i % 2 === 0;
    const cents = (buy ? 690 : 696) + (i % 15);
    inFlight.push(
      exchange.spot.place(buy ? alice : bob, buy ? 1 : 2, {
        marketId: 4,
        number: String(1 + (i % 5)),
        price: (cents / 100).toFixed(2),
        type: 0,
      }),
    );
    if (inFlight.length >= 64) {
      await Promise.all(inFlight);
      inFlight = [];
    }
  }
  await Promise.all(inFlight);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const report = await auditLedger(exchange.db.kysely);
  const results = {
    date: new Date().toISOString(),
    orders: count,
    orders_per_s: Math.round(count / seconds),
    audit: report.ok ? 'clean' : `${report.problems.length} problems`,
  };
  for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(16)} ${value}`);
  mkdirSync(new URL('results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('results/orders-inprocess-sqlite.json', import.meta.url),
    JSON.stringify(results, null, 2) + '\n',
  );
} finally {
  await stop();
}
