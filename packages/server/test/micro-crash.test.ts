import type { ChildProcess } from 'node:child_process';
import type { MarkPriceView, MicroOrderView, Paged, TransferView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.js';
import { DEMO } from '../src/demo/seed.js';
import { auditLedger } from '../src/ledger/audit.js';
import { replayOnScratch } from '../src/ledger/journal-scratch.js';
import { JournalType } from '../src/ledger/journal.js';
import { killHard, startServer } from './helpers/child-server.js';
import type { ApiClient } from './helpers/client.js';
import { freshDatabase } from './helpers/exchange.js';
import { BTC_USDT, USDT } from './helpers/ledger.js';
import { MICRO } from './helpers/micro.js';
import { login } from './helpers/users.js';
import { budget } from './helpers/budget.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  for (const child of children) await killHard(child);
  await database?.drop();
});

async function serve(): Promise<ApiClient> {
  const started = await startServer(database.url, {
    MARKET_MAKER: '1',
    MARKET_MAKER_BACKFILL_DAYS: '0',
    MARKET_MAKER_STEP_MS: '200',
  });
  children.push(started.child);
  return started.api;
}

const DURATION_S = 15;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('seconds contracts survive kill -9', () => {
  it(
    'up to 200 orders whose ends pass while the server is down settle at their own end’s tape price, each once',
    async () => {
      let api = await serve();
      const token = await login(api, DEMO.users[0]!.account, DEMO.users[0]!.password);
      const moved = await api.post<TransferView>(
        'account/transfer',
        { currency_id: USDT, balance: '5000', from: 1, to: MICRO },
        { token },
      );
      expect(moved.body.code, moved.body.msg).toBe(1);
      // An operator offers a 15-second duration (a settings row), so the orders end while the server is down without a long wait.
      const settings = connect(database.url);
      await settings.kysely
        .insertInto('micro_seconds')
        .values({ seconds: DURATION_S, profit_ratio: '0.5', sort: 9 })
        .execute();
      await settings.close();
      // The seeded mark rule averages five seconds: new orders open once the window is full.
      await pause(6500);
      const placed: MicroOrderView[] = [];
      // On a loaded machine placing all 200 can take longer than an order lasts: placing stops while
      // the first order still has time to run, so the kill always comes before every end.
      const placingUntil = () => Math.min(...placed.map((order) => order.ends_at)) - 4000;
      for (let i = 0; i < 200 && Date.now() < placingUntil(); i += 20) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, j) =>
            api.post<MicroOrderView>(
              'microtrade/submit',
              {
                match_id: BTC_USDT,
                currency_id: USDT,
                type: ((i + j) % 2) + 1,
                seconds: DURATION_S,
                number: '10',
              },
              { token },
            ),
          ),
        );
        for (const answer of answers) {
          expect(answer.body.code, answer.body.msg).toBe(1);
          placed.push(answer.body.data!);
        }
        await pause(100);
      }
      expect(placed.length).toBeGreaterThanOrEqual(40);
      await killHard(children.pop()!);
      const killedAt = Date.now();
      expect(Math.min(...placed.map((order) => order.ends_at))).toBeGreaterThan(killedAt);
      // Down until every order has ended, and a little more.
      const lastEnd = Math.max(...placed.map((order) => order.ends_at));
      await pause(Math.max(0, lastEnd - Date.now()) + 2000);
      // Up again, killed once more as it settles, then up for good.
      api = await serve();
      await pause(150);
      await killHard(children.pop()!);
      api = await serve();
      const again = await login(api, DEMO.users[0]!.account, DEMO.users[0]!.password);
      await expect
        .poll(
          async () =>
            (await api.get<Paged<MicroOrderView>>('microtrade/lists', { status: 1 }, { token: again })).body
              .data!.total,
          { timeout: budget(15_000) },
        )
        .toBe(0);

      const from = Math.min(...placed.map((order) => order.open_time)) - 60_000;
      const tape = (
        await api.get<Paged<MarkPriceView>>('market/mark_prices', {
          currency_match_id: BTC_USDT,
          from,
          to: lastEnd,
          limit: 500,
        })
      ).body.data!.data.sort((a, b) => a.time - b.time);
      for (const order of placed) {
        const verify = await api.get<{ order: MicroOrderView; end_entry: MarkPriceView }>(
          'microtrade/verify',
          {
            id: order.id,
          },
        );
        const settled = verify.body.data!.order;
        const inForce = tape.filter((row) => row.time <= order.ends_at).at(-1)!;
        expect(settled.status).toBe(3);
        expect(settled.end_price, `order ${order.id}`).toBe(inForce.price);
        // Settled after the restart, on a row from before the crash.
        expect(inForce.time).toBeLessThan(killedAt);
        expect(settled.settled_at!).toBeGreaterThan(killedAt);
      }
      for (const child of children.splice(0)) await killHard(child);

      const db = connect(database.url);
      try {
        const payouts = await db.kysely
          .selectFrom('account_logs')
          .select(['ref_id'])
          .where('ref_type', '=', 'micro_order')
          .where('type', '=', JournalType.MICRO_PAYOUT)
          .where('user_id', 'is not', null)
          .execute();
        const perOrder = new Map<number, number>();
        for (const row of payouts) perOrder.set(row.ref_id, (perOrder.get(row.ref_id) ?? 0) + 1);
        expect(Math.max(...perOrder.values())).toBe(1);
        const won = placed.filter((order) => perOrder.has(order.id)).length;
        const closed = await db.kysely.selectFrom('micro_orders').select(['id', 'outcome']).execute();
        expect(closed.filter((row) => row.outcome !== 'loss')).toHaveLength(won);
        expect((await auditLedger(db.kysely)).problems).toEqual([]);
        expect((await replayOnScratch(db)).differences).toEqual([]);
      } finally {
        await db.close();
      }
    },
    budget(180_000),
  );
});
