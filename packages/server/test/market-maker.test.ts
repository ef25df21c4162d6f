import { Decimal, type Deal, type KlineBar } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/demo/seed.js';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf } from './helpers/ledger.js';
import { login } from './helpers/users.js';
import { budget } from './helpers/budget.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange({
    marketMaker: true,
    marketMakerBackfillDays: 1,
  });
}, budget(120_000));
afterAll(async () => ex?.stop());

describe('the demo market maker', () => {
  it('leaves live books on both sides of every market, quoted by its own account', async () => {
    const maker = await ex.users.resolveUserId(DEMO.marketMaker);
    for (const market of ex.spot.markets.all()) {
      const deal = (await ex.api.get<Deal>('market/deal', { currency_match_id: market.id })).body.data!;
      expect(deal.depth.in.length, market.symbol).toBeGreaterThan(3);
      expect(deal.depth.out.length, market.symbol).toBeGreaterThan(3);
      expect(Number(deal.depth.in[0]!.price)).toBeLessThan(Number(deal.depth.out[0]!.price));
      expect(deal.tx_completes.length).toBe(30);
    }
    const owners = await ex.db.kysely.selectFrom('orders').select('user_id').distinct().execute();
    const taker = await ex.users.resolveUserId(DEMO.marketTaker);
    expect(owners.map((row) => row.user_id).sort()).toEqual([maker, taker].sort());
  });

  it("quotes and trades within each market's precision and minimum order", async () => {
    const rows = await ex.db.kysely
      .selectFrom('orders')
      .select(['currency_match_id', 'price', 'number'])
      .execute();
    expect(rows.length).toBeGreaterThan(100);
    for (const market of ex.spot.markets.all()) {
      const mine = rows.filter((row) => row.currency_match_id === market.id);
      expect(mine.length, market.symbol).toBeGreaterThan(10);
      for (const row of mine) {
        const number = Decimal.parse(String(row.number));
        expect(number.decimalPlaces(), market.symbol).toBeLessThanOrEqual(market.numberDecimals);
        expect(number.gte(market.minNumber), `${market.symbol} ${number}`).toBe(true);
        if (row.price !== null) {
          expect(Decimal.parse(String(row.price)).decimalPlaces(), market.symbol).toBeLessThanOrEqual(
            market.priceDecimals,
          );
        }
      }
    }
    // The reference markets really have their own precision (BTC/USDT 2 and 6, TRX/USDT 5 and 1).
    expect([ex.spot.markets.market(1).priceDecimals, ex.spot.markets.market(3).numberDecimals]).toEqual([
      2, 1,
    ]);
  });

  it('backfilled a day of trades, and the klines agree with them', async () => {
    const dayAgo = ex.clock.now() - 24 * 3_600_000;
    const trades = await ex.db.kysely
      .selectFrom('trades')
      .select(['currency_match_id', 'number', 'created_at'])
      .where('currency_match_id', '=', 1)
      .execute();
    expect(trades.filter((t) => t.created_at < dayAgo + 3_600_000).length).toBeGreaterThan(30);
    const total = trades.reduce((sum, t) => sum + Number(t.number) * 1e6, 0);
    for (const period of ['5min', '60min', '1day'] as const) {
      const bars = (
        await ex.api.get<KlineBar[]>('market/kline', {
          currency_match_id: 1,
          period,
          from: dayAgo - 2 * 86_400_000,
        })
      ).body.data!;
      const volume = bars.reduce((sum, bar) => sum + Number(bar.volume) * 1e6, 0);
      expect(Math.round(volume), period).toBe(Math.round(total));
    }
  });

  it('trades live through the same engine and ledger: the audit stays clean', async () => {
    const before = await ex.db.kysely
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i += 1) await ex.marketMaker!.step();
    const after = await ex.db.kysely
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBeGreaterThan(Number(before.n));
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});

describe('the demo users', () => {
  it('trade against the market maker and against each other over HTTP', async () => {
    const alice = await login(ex.api, 'alice@demo.test', 'demo1234');
    const bob = await login(ex.api, 'bob@demo.test', 'demo1234');
    const beforeBtc = Number(await balanceOf(ex.api, alice, 2));
    const bought = await ex.api.post<{ status: number; trades: number }>(
      'tx_in/add',
      { currency_match_id: 1, number: '0.01', type: 1 },
      { token: alice },
    );
    expect(bought.body.data).toMatchObject({ status: 2 });
    expect(bought.body.data!.trades).toBeGreaterThan(0);
    expect(Number(await balanceOf(ex.api, alice, 2))).toBeCloseTo(beforeBtc + 0.01 * 0.999, 8);

    // Bob bids one tick above the maker's best bid, inside the spread; Alice sells at that price,
    // so the best bid she meets is Bob's.
    const depth = (await ex.api.get<Deal>('market/deal', { currency_match_id: 5 })).body.data!.depth;
    const price = (Number(depth.in[0]!.price) + 0.0001).toFixed(4);
    expect(Number(price)).toBeLessThan(Number(depth.out[0]!.price));
    const bid = await ex.api.post<{ id: number; status: number }>(
      'tx_in/add',
      { currency_match_id: 5, number: '10', price },
      { token: bob },
    );
    expect(bid.body.data!.status).toBe(1);
    const ask = await ex.api.post<{ id: number; status: number }>(
      'tx_out/add',
      { currency_match_id: 5, number: '10', price },
      { token: alice },
    );
    expect(ask.body.data!.status).toBe(2);
    const trade = await ex.db.kysely
      .selectFrom('trades')
      .selectAll()
      .where('sell_order_id', '=', ask.body.data!.id)
      .executeTakeFirstOrThrow();
    expect(trade.buy_order_id).toBe(bid.body.data!.id);
    expect(Decimal.parse(String(trade.number)).toString()).toBe('10');
    expect(Decimal.parse(String(trade.price)).toString()).toBe(Decimal.parse(price).toString());
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});

describe('MARKET_MAKER=0', () => {
  it('places no order at all', async () => {
    const quiet = await startTestExchange({ marketMaker: false });
    try {
      const orders = await quiet.db.kysely.selectFrom('orders').selectAll().execute();
      expect(orders).toHaveLength(0);
      const deal = (await quiet.api.get<Deal>('market/deal', { currency_match_id: 1 })).body.data!;
      expect(deal.depth).toEqual({ in: [], out: [] });
    } finally {
      await quiet.stop();
    }
  });
});
