// Savings: 50,000 holdings of 1,000 users bought, then one day's interest paid to all of them when
// the day's instant comes (the payer's pass), and the first start after five days down (every day
// missed paid once). In process, on SQLite. Writes bench/results/earn.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { BenchClock, startInProcess } from './lib/in-process.js';
import { insertBareUsers } from '../packages/server/test/helpers/users.js';

const HOLDINGS = Number(process.env.EARN_HOLDINGS ?? 50_000);
const USERS = 1000;
const DAY = 86_400_000;

const clock = new BenchClock();
const { exchange, stop } = await startInProcess({}, clock);
const results: Record<string, number | string> = { date: new Date().toISOString(), holdings: HOLDINGS };
const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;
const round = (value: number) => Math.round(value * 100) / 100;

try {
  await exchange.earn.payer.stop();
  await exchange.earn.service.fund('USDT', '10000000');
  const users = await insertBareUsers(exchange.db.kysely, USERS, 'saver');
  await Promise.all(users.map((id) => exchange.ledger.credit(id, 5, 1, '100000')));
  const product = (await exchange.earn.service.list(null, 30, 'en')).find(
    (p) => p.currency_code === 'USDT' && p.days === 30,
  )!;
  // Room for every purchase: the operator raises the quota.
  await exchange.db.kysely
    .updateTable('earn_products')
    .set({ total_quota: '100000000' })
    .where('id', '=', product.id)
    .execute();
  let started = process.hrtime.bigint();
  // 500 purchases in flight at a time, as many clients would send them (SQLite's one connection
  // wakes every waiting query on each release, so tens of thousands at once measure only that).
  for (let first = 0; first < HOLDINGS; first += 500) {
    const buys: Promise<unknown>[] = [];
    for (let i = first; i < Math.min(HOLDINGS, first + 500); i += 1) {
      buys.push(exchange.earn.service.buy(users[i % USERS]!, { id: product.id, number: '100' }, 'en'));
    }
    await Promise.all(buys);
  }
  results.buys_per_s = Math.round(HOLDINGS / seconds(started));

  clock.at += DAY;
  started = process.hrtime.bigint();
  const { paid } = await exchange.earn.service.payDue();
  results.paid_one_day = paid.length;
  results.pay_one_day_s = round(seconds(started));
  started = process.hrtime.bigint();
  for (let i = 0; i < 100; i += 1) await exchange.earn.service.payDue();
  results.quiet_pass_ms = round((seconds(started) * 1000) / 100);

  // Five days pass while the server is down; the start pays them before it listens.
  clock.at += 5 * DAY;
  started = process.hrtime.bigint();
  const restart = await exchange.earn.service.payDue();
  results.paid_after_5_days_down = restart.paid.length;
  results.pay_5_days_s = round(seconds(started));
  results.rss_mb = Math.round(process.memoryUsage().rss / 1e6);
} finally {
  await stop();
}

console.table(results);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/earn.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
