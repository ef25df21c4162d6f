// Leveraged contracts: the risk engine's pass over 100,000 open positions of 10,000 users, on a
// mark move that sets nothing off, and on a crash that liquidates about 10 % of them. In process,
// SQLite. Writes bench/results/lever.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { BenchClock, startInProcess } from './lib/in-process.js';
import { Decimal } from '@oex/protocol';
import { insertBareUsers } from '../packages/server/test/helpers/users.js';

const USERS = 10_000;
const PER_USER = 10;
const MARKET = 4; // DOT/USDT
const USDT = 1;

const clock = new BenchClock();
const { exchange, stop } = await startInProcess({}, clock);
exchange.markTape.stop();
const results: Record<string, number | string> = { date: new Date().toISOString() };
const ms = (started: bigint) => Math.round((Number(process.hrtime.bigint() - started) / 1e6) * 10) / 10;

try {
  const maker = (await insertBareUsers(exchange.db.kysely, 1, 'maker'))[0]!;
  await exchange.ledger.credit(maker, 1, USDT, '100000000');
  await exchange.ledger.credit(maker, 1, 5, '100000000');
  const quote = async (bid: string, ask: string) => {
    await exchange.spot.place(maker, 1, { marketId: MARKET, number: '1', price: bid, type: 0 });
    await exchange.spot.place(maker, 2, { marketId: MARKET, number: '1', price: ask, type: 0 });
  };
  await quote('7', '7.5');
  clock.at += 1000;
  await exchange.markTape.tick();

  // 100,000 positions: 10 per user, half long and half short, margins of 7.25 × 10 ÷ 10.
  const users: number[] = [];
  for (let chunk = 0; chunk < USERS / 1000; chunk += 1) {
    users.push(...(await insertBareUsers(exchange.db.kysely, 1000, `lever${chunk}x`)));
  }
  // Users 0-999 hold little beyond their margin: a crash liquidates their longs.
  await Promise.all(
    users.map((id, i) => exchange.ledger.credit(id, 3, USDT, i < USERS / 10 ? '80' : '100000')),
  );
  const lever = exchange.lever.service;
  let started = process.hrtime.bigint();
  const placing: Promise<unknown>[] = [];
  for (const [i, userId] of users.entries()) {
    for (let j = 0; j < PER_USER; j += 1) {
      const side = i < USERS / 10 ? 1 : (((j % 2) + 1) as 1 | 2);
      placing.push(
        exchange.sequencer.submit(
          lever.commands.place({
            userId,
            marketId: MARKET,
            quoteId: USDT,
            side,
            status: 1,
            share: 1,
            multiple: 10,
            number: Decimal.parse('10'),
            price: Decimal.parse('7.25'),
            target: null,
            originPrice: Decimal.parse('7.25'),
            openMarkTime: null,
            margin: Decimal.parse('7.25'),
            originMargin: Decimal.parse('7.25'),
            fee: Decimal.ZERO,
            pointRate: Decimal.parse('0.05'),
            overnightRate: Decimal.ZERO,
            overnight: Decimal.ZERO,
            takeProfit: Decimal.ZERO,
            stopLoss: Decimal.ZERO,
            createdAt: clock.at,
            openedAt: clock.at,
            lastOvernightAt: clock.at,
            requestId: null,
            requestHash: null,
          }),
        ),
      );
    }
  }
  await Promise.all(placing);
  results.positions = lever.book.size;
  results.place_per_s = Math.round(lever.book.size / (Number(process.hrtime.bigint() - started) / 1e9));

  // A small move: nothing triggers. The engine's pass after the tape's second, timed alone.
  await quote('7.01', '7.49');
  clock.at += 1000;
  await exchange.markTape.tick();
  const quiet: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    started = process.hrtime.bigint();
    await exchange.lever.risk.evaluate(clock.at);
    quiet.push(ms(started));
  }
  results.quiet_tick_ms = Math.min(...quiet);
  results.quiet_tick_ms_max = Math.max(...quiet);

  // A crash: the mark falls to 6.3; the thin users' ten longs each are liquidated.
  await exchange.spot.place(maker, 1, { marketId: MARKET, number: '1', price: '6.2', type: 0 });
  await exchange.spot.place(maker, 2, { marketId: MARKET, number: '1', price: '6.4', type: 0 });
  clock.at += 1000;
  const before = lever.book.size;
  started = process.hrtime.bigint();
  await exchange.markTape.tick();
  const crash = ms(started);
  const liquidated = before - lever.book.size;
  results.crash_liquidated = liquidated;
  results.crash_tick_ms = crash;
  results.liquidations_per_s = Math.round(liquidated / (crash / 1000));
} finally {
  await stop();
}

console.table(results);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/lever.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
