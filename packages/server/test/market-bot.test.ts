import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/demo/seed.js';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { budget } from './helpers/budget.js';

/**
 * The demo's live liquidity is a program of its own that trades through the trading API with its
 * own keys, not code inside the server: its orders carry the client order ids the API gives them,
 * its keys are the ones the demo made for it, and it goes when the server goes.
 */
let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange({
    marketMaker: true,
    marketBot: true,
    marketMakerBackfillDays: 0,
    marketMakerStepMs: 200,
  });
}, budget(120_000));
afterAll(async () => ex?.stop());

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the demo market bot', () => {
  it('quotes and takes through /api/v3 with keys of its own, as a separate process', async () => {
    const [makerId, takerId] = await Promise.all([
      ex.users.resolveUserId(DEMO.marketMaker),
      ex.users.resolveUserId(DEMO.marketTaker),
    ]);
    // The seeder's first book has no client order ids; every order placed through the API has one.
    const viaApi = () =>
      ex.db.kysely
        .selectFrom('orders')
        .select(['user_id', 'type'])
        .where('request_id', 'is not', null)
        .execute();
    const orders = await until(viaApi, (rows) => rows.some((row) => row.user_id === takerId));
    expect(orders.some((row) => row.user_id === makerId)).toBe(true);
    expect(orders.some((row) => row.user_id === takerId)).toBe(true);
    expect(new Set(orders.map((row) => row.user_id))).toEqual(new Set([makerId, takerId]));
    // It tells its server each step it finished (over its IPC channel).
    expect(
      await until(
        async () => ex.marketBot!.steps.count,
        (count) => count > 0,
      ),
    ).toBeGreaterThan(0);

    // Its keys: one working trade-only key per account, loopback only, used just now.
    const keys = await ex.db.kysely
      .selectFrom('api_keys')
      .selectAll()
      .where('label', '=', 'demo market bot')
      .where('revoked_at', 'is', null)
      .execute();
    expect(keys.map((key) => key.user_id).sort()).toEqual([makerId, takerId].sort());
    expect(keys.every((key) => key.can_trade === 1 && key.can_withdraw === 0)).toBe(true);
    expect(keys.every((key) => JSON.parse(key.ip_list).includes('127.0.0.1'))).toBe(true);
  });

  it('gets new keys at a restart, the old ones revoked, and the books stay two-sided', async () => {
    const before = await ex.db.kysely.selectFrom('api_keys').select(['id', 'api_key']).execute();
    ex = await ex.restart();
    const after = await ex.db.kysely
      .selectFrom('api_keys')
      .select(['id', 'revoked_at'])
      .where('label', '=', 'demo market bot')
      .execute();
    const old = new Set(before.map((key) => key.id));
    expect(after.filter((key) => old.has(key.id)).every((key) => key.revoked_at !== null)).toBe(true);
    expect(after.filter((key) => !old.has(key.id) && key.revoked_at === null)).toHaveLength(2);
    const depth = await until(
      async () =>
        (await fetch(`${ex.url}/api/v3/depth?symbol=BTCUSDT&limit=20`)).json() as Promise<{
          bids: string[][];
          asks: string[][];
        }>,
      (book) => book.bids.length >= 15 && book.asks.length >= 15,
    );
    expect(Number(depth.bids[0]![0])).toBeLessThan(Number(depth.asks[0]![0]));
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});
