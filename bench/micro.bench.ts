// Seconds contracts: 10,000 orders ending in the same second, settled and pushed (MICRO_CLOSED to
// live sockets), and the mark-price tape's cost per market and second. In process, on SQLite.
// Writes bench/results/micro.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { BenchClock, startInProcess } from './lib/in-process.js';
import WebSocket from 'ws';
import { insertBareUsers } from '../packages/server/test/helpers/users.js';

const ORDERS = 10_000;
const USERS = 1000;
const SOCKETS = 200;

const clock = new BenchClock();
const { exchange, stop } = await startInProcess({}, clock);
exchange.markTape.stop();
const results: Record<string, number | string> = { date: new Date().toISOString(), orders: ORDERS };
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const round = (value: number) => Math.round(value * 10) / 10;

try {
  // A book on every market, so the tape has prices.
  const maker = (await insertBareUsers(exchange.db.kysely, 1, 'maker'))[0]!;
  for (const market of exchange.spot.markets.all()) {
    for (const [code, amount] of [
      [market.quoteCode, '100000000'],
      [market.baseCode, '100000000'],
    ] as const) {
      await exchange.ledger.credit(maker, 1, exchange.currencies.byCode(code).id, amount);
    }
  }
  const book = async (marketId: number, bid: string, ask: string) => {
    await exchange.spot.place(maker, 1, { marketId, number: '1', price: bid, type: 0 });
    await exchange.spot.place(maker, 2, { marketId, number: '1', price: ask, type: 0 });
  };
  await book(4, '6', '8');

  // The tape's cost: every market sampled each second, the price changing every time.
  const markets = exchange.spot.markets.all().length;
  let started = process.hrtime.bigint();
  const TICKS = 300;
  for (let i = 0; i < TICKS; i += 1) {
    await book(4, (6 + (i % 100) / 100).toFixed(2), '8');
    clock.at += 1000;
    await exchange.markTape.tick();
  }
  const perTickMs = Number(process.hrtime.bigint() - started) / 1e6 / TICKS;
  results.tape_tick_ms = round(perTickMs);
  results.tape_markets = markets;
  results.tape_ms_per_market_second = Math.round((perTickMs / markets) * 1000) / 1000;

  // 10,000 orders of 1,000 users, all opened on the same tape second and so ending together.
  const users = await insertBareUsers(exchange.db.kysely, USERS, 'micro');
  await Promise.all(users.map((id) => exchange.ledger.credit(id, 4, 1, '1000')));
  const sockets: WebSocket[] = [];
  let received = 0;
  const pushLatencies: number[] = [];
  let endWall = 0;
  for (const id of users.slice(0, SOCKETS)) {
    const token = await exchange.sessions.open(id);
    const socket = new WebSocket(`${exchange.url.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string };
      if (frame.type !== 'MICRO_CLOSED') return;
      received += 1;
      pushLatencies.push(performance.now() - endWall);
    });
    socket.send(JSON.stringify({ type: 'login', params: { token } }));
    socket.send(JSON.stringify({ type: 'sub', params: 'MICRO_CLOSED' }));
    sockets.push(socket);
  }
  clock.at += 1000;
  await exchange.markTape.tick();
  started = process.hrtime.bigint();
  const submits: Promise<unknown>[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    submits.push(
      exchange.micro.service.submit(users[i % USERS]!, {
        match_id: 4,
        currency_id: 1,
        type: i % 2 === 0 ? 1 : 2,
        seconds: 30,
        number: '10',
      }),
    );
  }
  await Promise.all(submits);
  results.submits_per_s = Math.round(ORDERS / (Number(process.hrtime.bigint() - started) / 1e9));
  await book(4, '7.5', '8');
  clock.at += 1000;
  await exchange.markTape.tick();

  // The end: the tape samples the second they end in (5 ms in, as the live sampler does).
  const settled: number[] = [];
  exchange.micro.settler.onClosed(() => settled.push(performance.now() - endWall));
  clock.at += 29_000 + 5;
  endWall = performance.now() - 5;
  await exchange.markTape.tick();
  const deadline = Date.now() + 10_000;
  while (received < Math.floor((ORDERS * SOCKETS) / USERS) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  settled.sort((a, b) => a - b);
  pushLatencies.sort((a, b) => a - b);
  results.settled = settled.length;
  results.settle_ms_p50 = round(percentile(settled, 0.5));
  results.settle_ms_p95 = round(percentile(settled, 0.95));
  results.settle_ms_p99 = round(percentile(settled, 0.99));
  results.settle_ms_max = round(settled.at(-1)!);
  results.pushed_to_sockets = received;
  results.push_ms_p50 = round(percentile(pushLatencies, 0.5));
  results.push_ms_max = round(pushLatencies.at(-1)!);
  for (const socket of sockets) socket.close();
} finally {
  await stop();
}

console.table(results);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/micro.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
