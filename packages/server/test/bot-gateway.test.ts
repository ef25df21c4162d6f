import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../src/cluster/gateway.js';
import { botKeys } from '../src/demo/bot-process.js';
import { auditLedger } from '../src/ledger/audit.js';
import { serverPath } from '../src/lib/paths.js';
import { budget } from './helpers/budget.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { NATS_URL, natsForTests } from './helpers/nats.js';

const natsUp = await natsForTests('bot-gateway.test.ts');
const prefix = `oex-bot-${randomBytes(4).toString('hex')}`;

let core: TestExchange;
let gateway: Gateway;
let bot: ChildProcess | undefined;

beforeAll(async () => {
  if (!natsUp) return;
  // The demo's two liquidity accounts, seeded with a first book; no bot of the core's own.
  core = await startTestExchange({
    natsUrl: NATS_URL,
    natsPrefix: prefix,
    marketMaker: true,
    marketBot: false,
    marketMakerBackfillDays: 1,
  });
  gateway = await startGateway({
    natsUrl: NATS_URL,
    prefix,
    port: 0,
    host: '127.0.0.1',
    id: 'gw-bot',
    logLevel: 'silent',
  });
}, budget(120_000));

afterAll(async () => {
  if (bot && bot.exitCode === null) {
    const gone = new Promise((resolve) => bot!.once('exit', resolve));
    bot.kill('SIGKILL');
    await gone;
  }
  await gateway?.close();
  await core?.stop();
}, budget(30_000));

describe.skipIf(!natsUp)('the market bot as a process of its own, through a gateway', () => {
  it(
    'quotes and trades through the trading API of a gateway, which forwards it to the core over NATS',
    async () => {
      const maker = core.marketMaker!;
      const keys = await botKeys(core.apiKeys, maker.makerId, maker.takerId);
      const lastId = async (table: 'orders' | 'trades') =>
        Number(
          (
            await core.db.kysely
              .selectFrom(table)
              .select((eb) => eb.fn.max<number>('id').as('id'))
              .executeTakeFirstOrThrow()
          ).id ?? 0,
        );
      // What the seeder made before the bot started is not the bot's.
      const seeded = { orders: await lastId('orders'), trades: await lastId('trades') };
      const ordersOf = async (userId: number) =>
        Number(
          (
            await core.db.kysely
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('user_id', '=', userId)
              .where('id', '>', seeded.orders)
              .executeTakeFirstOrThrow()
          ).n,
        );
      let said = '';
      // The program `node packages/server/dist/demo-bot.js` runs, from its sources; it knows only
      // the gateway's address and the two keys.
      bot = spawn(process.execPath, ['--import', 'tsx', serverPath('src/demo/bot/main.ts')], {
        env: {
          PATH: process.env.PATH ?? '',
          BOT_URL: gateway.url,
          BOT_MAKER_KEY: keys.maker.apiKey,
          BOT_MAKER_SECRET: keys.maker.secret,
          BOT_TAKER_KEY: keys.taker.apiKey,
          BOT_TAKER_SECRET: keys.taker.secret,
          BOT_STEP_MS: '300',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      bot.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      bot.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      for (const started = Date.now(); Date.now() - started < budget(45_000);) {
        if ((await ordersOf(maker.makerId)) > 0 && (await ordersOf(maker.takerId)) > 0) break;
        if (bot.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(bot.exitCode, said).toBeNull();
      // The maker's quotes and the taker's market orders, made since the bot started.
      expect(await ordersOf(maker.makerId), said).toBeGreaterThan(0);
      expect(await ordersOf(maker.takerId), said).toBeGreaterThan(0);
      const trades = await core.db.kysely
        .selectFrom('trades')
        .select('id')
        .where('id', '>', seeded.trades)
        .where((eb) => eb.or([eb('buyer_id', '=', maker.takerId), eb('seller_id', '=', maker.takerId)]))
        .execute();
      expect(trades.length, said).toBeGreaterThan(0);
      expect((await auditLedger(core.db.kysely)).problems).toEqual([]);
    },
    budget(90_000),
  );
});
