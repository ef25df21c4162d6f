import type { Deal, Paged, QuoteGroup, SpotOrderView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as marketPrecision from '../src/db/migrations/007_market_precision.js';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, BTC_USDT, ETH, ETH_USDT, USDT, balanceOf, trader as traderOf } from './helpers/ledger.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
});

const trader = (credits: [number, string][]) => traderOf(ex, credits);

const buy = (token: string, body: Record<string, unknown>) =>
  ex.api.post<{ id: number; status: number }>('tx_in/add', body, { token });
const sell = (token: string, body: Record<string, unknown>) =>
  ex.api.post<{ id: number; status: number }>('tx_out/add', body, { token });

describe('spot trading over HTTP', () => {
  it('a limit sell filled by a market buy: exact balances and fees, at the maker price', async () => {
    const seller = await trader([[ETH, '2']]);
    const buyer = await trader([[USDT, '10000']]);
    const placed = await sell(seller.token, {
      currency_match_id: ETH_USDT,
      number: '1.5',
      price: '3456.78',
    });
    expect(placed.body).toMatchObject({ code: 1, data: { status: 1 } });
    expect(await balanceOf(ex.api, seller.token, ETH)).toBe('0.5');

    const taken = await buy(buyer.token, { currency_match_id: ETH_USDT, number: '1.0001', type: 1 });
    expect(taken.body).toMatchObject({ code: 1, data: { status: 2 } });
    // 1.0001 ETH x 3456.78 = 3457.125678 USDT; fees 0.1% of what each receives.
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('6542.874322');
    expect(await balanceOf(ex.api, buyer.token, ETH)).toBe('0.9990999');
    expect(await balanceOf(ex.api, seller.token, USDT)).toBe('3453.668552322');
    expect(await balanceOf(ex.api, seller.token, ETH)).toBe('0.5');
    const detail = await ex.api.get<{ lock_balance: string }>(
      'account/detail',
      { currency_id: ETH, account_type_id: 1 },
      { token: seller.token },
    );
    expect(detail.body.data!.lock_balance).toBe('0.4999');

    const open = await ex.api.get<Paged<SpotOrderView>>(
      'tx_out/list',
      { currency_match_id: ETH_USDT },
      { token: seller.token },
    );
    expect(open.body.data!.data[0]).toMatchObject({
      id: placed.body.data!.id,
      way: 2,
      way_name: 'Sell',
      price: '3456.78',
      number: '1.5',
      transacted_amount: '1.0001',
      transacted_volume: '3457.125678',
      status: 1,
      status_name: 'Open',
      currency_match: { symbol: 'ETH/USDT' },
    });
    const history = await ex.api.get<Paged<SpotOrderView>>('tx_history/list', {}, { token: buyer.token });
    expect(history.body.data!.data[0]).toMatchObject({
      way: 1,
      type: 1,
      price: null,
      status: 2,
      transacted_amount: '1.0001',
    });
  });

  it('a limit buy above the best ask fills at the maker price and rests the rest; cancel releases exactly what is left', async () => {
    const seller = await trader([[BTC, '1']]);
    const buyer = await trader([[USDT, '100000']]);
    await sell(seller.token, { currency_match_id: BTC_USDT, number: '0.3', price: '60000' });
    const order = await buy(buyer.token, { currency_match_id: BTC_USDT, number: '0.5', price: '61000' });
    expect(order.body.data!.status).toBe(1);
    // Holds 0.5 x 61000 = 30500; spends 0.3 x 60000 = 18000 and frees the 300 saved at once: 0.2 x
    // 61000 = 12200 stays held (docs/spot.md).
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('69800');
    const deal = await ex.api.get<Deal>('market/deal', { currency_match_id: BTC_USDT });
    expect(deal.body.data!.depth.in[0]).toEqual({ price: '61000', amount: '0.2', number: '0.2' });
    expect(deal.body.data!.tx_completes[0]).toMatchObject({ price: '60000', amount: '0.3', way: 1 });

    const cancelled = await ex.api.post('tx_in/cancel', { id: order.body.data!.id }, { token: buyer.token });
    expect(cancelled.body).toMatchObject({ code: 1, msg: 'Order cancelled' });
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('82000');
    const lock = await ex.api.get<{ lock_balance: string }>(
      'account/detail',
      { currency_id: USDT, account_type_id: 1 },
      { token: buyer.token },
    );
    expect(lock.body.data!.lock_balance).toBe('0');
    const again = await ex.api.post('tx_in/cancel', { id: order.body.data!.id }, { token: buyer.token });
    expect(again).toMatchObject({ status: 200, body: { msg: 'No open order of yours with this id' } });
  });

  it('self-trade: a user buying into their own ask cancels that ask instead of trading', async () => {
    const user = await trader([
      [BTC, '1'],
      [USDT, '100000'],
    ]);
    const ask = await sell(user.token, { currency_match_id: BTC_USDT, number: '0.1', price: '50000' });
    const bid = await buy(user.token, { currency_match_id: BTC_USDT, number: '0.1', price: '50000' });
    expect(bid.body.data!.status).toBe(1);
    const history = await ex.api.get<Paged<SpotOrderView>>('tx_history/list', {}, { token: user.token });
    expect(history.body.data!.data.find((o) => o.id === ask.body.data!.id)).toMatchObject({
      status: 3,
      transacted_amount: '0',
    });
    expect(await balanceOf(ex.api, user.token, BTC)).toBe('1');
    await ex.api.post('tx_in/cancel', { id: bid.body.data!.id }, { token: user.token });
  });

  it('refuses bad orders clearly and changes nothing', async () => {
    const user = await trader([
      [USDT, '100'],
      [BTC, '0.01'],
    ]);
    const other = await trader([[ETH, '1']]);
    const resting = await sell(other.token, { currency_match_id: ETH_USDT, number: '0.1', price: '99999' });
    const cases: [typeof buy, Record<string, unknown>, RegExp][] = [
      [buy, { currency_match_id: BTC_USDT, number: '0.01' }, /^Enter a price for a limit order$/],
      [buy, { currency_match_id: 4, number: '1', type: 1 }, /^There is no best price right now$/],
      [sell, { currency_match_id: 4, number: '1', type: 1 }, /^There is no best price right now$/],
      [
        buy,
        { currency_match_id: BTC_USDT, number: '0', price: '1' },
        /^The amount must be greater than zero$/,
      ],
      [
        buy,
        { currency_match_id: BTC_USDT, number: '-1', price: '1' },
        /^The amount must be greater than zero$/,
      ],
      [buy, { currency_match_id: BTC_USDT, number: 'abc', price: '1' }, /^number: must be a decimal number/],
      [
        buy,
        { currency_match_id: BTC_USDT, number: '0.0000001', price: '1' },
        /^The amount may have at most 6 decimals$/,
      ],
      [
        buy,
        { currency_match_id: BTC_USDT, number: '1', price: '1.001' },
        /^The price may have at most 2 decimals$/,
      ],
      [
        buy,
        { currency_match_id: BTC_USDT, number: '1', price: '0' },
        /^The price must be greater than zero$/,
      ],
      [buy, { currency_match_id: BTC_USDT, number: '1', price: '101' }, /^Insufficient balance$/],
      [sell, { currency_match_id: BTC_USDT, number: '0.02', price: '1' }, /^Insufficient balance$/],
      [buy, { currency_match_id: 999, number: '1', price: '1' }, /^Unknown market$/],
      [buy, { currency_match_id: BTC_USDT, number: '1', price: '1', type: 7 }, /^type: /],
    ];
    for (const [call, body, message] of cases) {
      const answer = await call(user.token, body);
      expect(answer.body.code, JSON.stringify(body)).toBe(0);
      expect(answer.body.msg, JSON.stringify(body)).toMatch(message);
    }
    const foreign = await ex.api.post('tx_out/cancel', { id: resting.body.data!.id }, { token: user.token });
    expect(foreign.body.code).toBe(0);
    const wrongSide = await ex.api.post(
      'tx_in/cancel',
      { id: resting.body.data!.id },
      { token: other.token },
    );
    expect(wrongSide.body.code).toBe(0);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('100');
    expect(await balanceOf(ex.api, user.token, BTC)).toBe('0.01');
    const orders = await ex.api.get<Paged<SpotOrderView>>(
      'tx_in/list',
      { status: 'all' },
      { token: user.token },
    );
    expect(orders.body.data!.total).toBe(0);
    await ex.api.post('tx_out/cancel', { id: resting.body.data!.id }, { token: other.token });
  });

  it('honours a market closed to trading and a sell-disabled market', async () => {
    const user = await trader([
      [USDT, '100'],
      [BTC, '1'],
    ]);
    await ex.db.kysely
      .updateTable('currency_matches')
      .set({ sell_disabled: 1 })
      .where('id', '=', BTC_USDT)
      .execute();
    ex.spot.markets.market(BTC_USDT).row.sell_disabled = 1;
    try {
      const answer = await sell(user.token, { currency_match_id: BTC_USDT, number: '0.1', price: '1' });
      expect(answer.body.msg).toBe('Selling is paused for this pair');
    } finally {
      ex.spot.markets.market(BTC_USDT).row.sell_disabled = 0;
      await ex.db.kysely
        .updateTable('currency_matches')
        .set({ sell_disabled: 0 })
        .where('id', '=', BTC_USDT)
        .execute();
    }
    ex.spot.markets.market(BTC_USDT).row.open_change = 0;
    try {
      const answer = await buy(user.token, { currency_match_id: BTC_USDT, number: '0.1', price: '1' });
      expect(answer.body.msg).toBe('Trading is not supported for this pair for now');
    } finally {
      ex.spot.markets.market(BTC_USDT).row.open_change = 1;
    }
  });

  it('lists the markets by quote group with live 24 h quotations', async () => {
    const answer = await ex.api.get<QuoteGroup[]>('market/currency_matches');
    const usdt = answer.body.data![0]!;
    expect(usdt).toMatchObject({ code: 'USDT', is_quote: 1, usd_price: '1', cny_price: '7.2' });
    const eth = usdt.matches.find((m) => m.symbol === 'ETH/USDT')!;
    expect(eth).toMatchObject({
      base_currency_code: 'ETH',
      quote_currency_code: 'USDT',
      open_change: 1,
      price_decimals: 2,
      number_decimals: 4,
      min_number: '0.001',
      change_fee_rate: '0.001',
    });
    expect(eth.currency_quotation).toMatchObject({ close: '3456.78', volume: '1.0001', change: '0.00' });
  });
});

describe('restart', () => {
  it('rebuilds the same books from the database', async () => {
    const user = await trader([
      [USDT, '100000'],
      [BTC, '2'],
    ]);
    await sell(user.token, { currency_match_id: BTC_USDT, number: '0.25', price: '70000' });
    await sell(user.token, { currency_match_id: BTC_USDT, number: '0.5', price: '70000.5' });
    await buy(user.token, { currency_match_id: BTC_USDT, number: '0.1', price: '40000' });
    const before = (await ex.api.get<Deal>('market/deal', { currency_match_id: BTC_USDT })).body.data!.depth;
    expect(before.out.length).toBeGreaterThanOrEqual(2);

    ex = await ex.restart();
    const after = (await ex.api.get<Deal>('market/deal', { currency_match_id: BTC_USDT })).body.data!.depth;
    expect(after).toEqual(before);
    // And the books still trade after the restart.
    const taker = await trader([[USDT, '20000']]);
    const fill = await buy(taker.token, { currency_match_id: BTC_USDT, number: '0.25', type: 1 });
    expect(fill.body.data!.status).toBe(2);
  });
});

describe('per-market precision', () => {
  it('forms and the server share the fields of market/currency_matches: decimals and minimum order', async () => {
    const markets = (await ex.api.get<QuoteGroup[]>('market/currency_matches')).body.data![0]!.matches;
    const precision = Object.fromEntries(
      markets.map((m) => [m.symbol, [m.price_decimals, m.number_decimals, m.min_number]]),
    );
    expect(precision).toEqual({
      'BTC/USDT': [2, 6, '0.00001'],
      'ETH/USDT': [2, 4, '0.001'],
      'TRX/USDT': [5, 1, '1'],
      'DOT/USDT': [3, 2, '0.1'],
      'FAIR/USDT': [4, 2, '1'],
    });
    const user = await trader([[USDT, '1000']]);
    // Exactly what the market says is taken; one decimal more or below the minimum is refused.
    const at = (market: number, number: string, price: string) =>
      buy(user.token, { currency_match_id: market, number, price });
    expect((await at(3, '1', '0.00001')).body).toMatchObject({ code: 1 });
    expect((await at(3, '1', '0.000001')).body.msg).toBe('The price may have at most 5 decimals');
    expect((await at(3, '1.5', '0.01')).body).toMatchObject({ code: 1 });
    expect((await at(3, '1.55', '0.01')).body.msg).toBe('The amount may have at most 1 decimals');
    expect((await at(3, '0.9', '0.01')).body.msg).toBe('The amount is below the minimum order of 1');
    expect((await at(BTC_USDT, '0.00001', '10.01')).body).toMatchObject({ code: 1 });
    expect((await at(BTC_USDT, '0.000009', '10')).body.msg).toBe(
      'The amount is below the minimum order of 0.00001',
    );
  });

  it('the migration moves an older database to the new precision only where open orders fit', async () => {
    const old = await startTestExchange();
    try {
      const kysely = old.db.kysely;
      // An exchange from before the migration: every market at 4 and 6 decimals.
      await kysely.updateTable('currency_matches').set({ price_decimals: 4, number_decimals: 6 }).execute();
      let exchange = await old.restart();
      const user = await traderOf(exchange, [[USDT, '100000']]);
      const resting = await exchange.api.post<{ id: number; status: number }>(
        'tx_in/add',
        { currency_match_id: BTC_USDT, number: '0.001', price: '64402.1404' },
        { token: user.token },
      );
      expect(resting.body.data!.status).toBe(1);
      // Back to before the migration (no min_number), then the migration itself, then a start.
      await exchange.db.kysely.schema.alterTable('currency_matches').dropColumn('min_number').execute();
      await marketPrecision.up(exchange.db.kysely, exchange.db.dialect);
      exchange = await exchange.restart();
      const markets = (await exchange.api.get<QuoteGroup[]>('market/currency_matches')).body.data![0]!
        .matches;
      const bySymbol = (symbol: string) => markets.find((m) => m.symbol === symbol)!;
      // BTC/USDT holds a bid at 64402.1404, which 2 decimals cannot name: it keeps 4 and 6.
      expect(bySymbol('BTC/USDT')).toMatchObject({
        price_decimals: 4,
        number_decimals: 6,
        min_number: '0.00001',
      });
      expect(bySymbol('ETH/USDT')).toMatchObject({
        price_decimals: 2,
        number_decimals: 4,
        min_number: '0.001',
      });
      expect(bySymbol('TRX/USDT')).toMatchObject({ price_decimals: 5, number_decimals: 1, min_number: '1' });
      const depth = (await exchange.api.get<Deal>('market/deal', { currency_match_id: BTC_USDT })).body.data!
        .depth;
      expect(depth.in).toEqual([{ price: '64402.1404', amount: '0.001', number: '0.001' }]);
      await exchange.stop();
    } catch (error) {
      await old.stop().catch(() => undefined);
      throw error;
    }
  });
});
