import { Decimal, type MarkPriceView, type Paged } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DOT, DOT_USDT, USDT, trader as traderOf } from './helpers/ledger.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

const tape = (query: Record<string, unknown> = {}) =>
  ex.api.get<Paged<MarkPriceView>>('market/mark_prices', { currency_match_id: DOT_USDT, ...query });

/** The published rule, written again from scratch: the median of the inputs that exist. */
function recompute(row: MarkPriceView): string {
  const inputs = [row.best_bid, row.best_ask, row.last_price]
    .filter((value): value is string => value !== null)
    .map((value) => Decimal.parse(value))
    .sort((a, b) => a.cmp(b));
  if (inputs.length === 2) return inputs[0]!.add(inputs[1]!).div(Decimal.fromInt(2)).toString();
  return inputs[Math.floor(inputs.length / 2)]!.toString();
}

async function rowWhere(match: (row: MarkPriceView) => boolean): Promise<MarkPriceView> {
  let found: MarkPriceView | undefined;
  await expect
    .poll(
      async () => {
        found = (await tape()).body.data!.data.find(match);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

describe('the mark-price tape', () => {
  it('records the median of best bid, best ask and last trade each second, with its inputs, for anyone', async () => {
    const maker = await traderOf(ex, [
      [USDT, '1000'],
      [DOT, '100'],
    ]);
    const taker = await traderOf(ex, [[USDT, '1000']]);
    const order = (path: string, token: string, body: Record<string, unknown>) =>
      ex.api.post(path, { currency_match_id: DOT_USDT, ...body }, { token });
    await order('tx_in/add', maker.token, { type: 0, price: '7', number: '5' });
    const onlyBid = await rowWhere((row) => row.best_bid === '7' && row.best_ask === null);
    expect(onlyBid).toMatchObject({ price: '7', last_price: null, last_trade_id: null });

    await order('tx_out/add', maker.token, { type: 0, price: '7.5', number: '5' });
    const bidAsk = await rowWhere((row) => row.best_ask === '7.5' && row.last_price === null);
    expect(bidAsk.price).toBe('7.25');

    // A trade at 7.4 between the bid and the ask: the mark is the middle of the three.
    await order('tx_out/add', maker.token, { type: 0, price: '7.4', number: '1' });
    await order('tx_in/add', taker.token, { type: 1, number: '1' });
    const afterTrade = await rowWhere((row) => row.last_price === '7.4');
    expect(afterTrade).toMatchObject({ best_bid: '7', best_ask: '7.5', price: '7.4' });
    expect(afterTrade.last_trade_id).toBeGreaterThan(0);

    // Every row can be recomputed from the row alone, newest first, one per second at most.
    const rows = (await tape()).body.data!.data;
    for (const row of rows) expect(row.price, JSON.stringify(row)).toBe(recompute(row));
    const times = rows.map((row) => row.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(times).size).toBe(times.length);
    expect(times.every((time) => time % 1000 === 0)).toBe(true);
  });

  it('writes nothing while the price stands still, then a heartbeat a minute on', async () => {
    const before = (await tape()).body.data!.total;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await tape()).body.data!.total).toBe(before);
    ex.clock.advance(61_000);
    await expect
      .poll(async () => (await tape({ to: ex.clock.now() })).body.data!.total, { timeout: 5_000 })
      .toBe(before + 1);
  });

  it('continues after a restart without a second row for one instant', async () => {
    const before = (await tape({ to: ex.clock.now() })).body.data!;
    ex = await ex.restart();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = (await tape({ to: ex.clock.now() })).body.data!;
    // Unchanged price, heartbeat not due: the restart adds nothing, and the old rows are all there.
    expect(after.total).toBe(before.total);
    expect(after.data[0]).toEqual(before.data[0]);
  });

  it('is paged, by id or symbol, and refuses bad queries', async () => {
    const bySymbol = await ex.api.get<Paged<MarkPriceView>>('market/mark_prices', {
      symbol: 'DOT/USDT',
      to: ex.clock.now(),
      limit: 1,
      page: 2,
    });
    expect(bySymbol.body.data).toMatchObject({ per_page: 1, current_page: 2 });
    expect(bySymbol.body.data!.data).toHaveLength(1);
    expect((await ex.api.get('market/mark_prices', { currency_match_id: 999 })).status).toBe(400);
    expect((await tape({ limit: 501 })).status).toBe(400);
    expect((await tape({ from: -1 })).status).toBe(400);
  });

  it('drops rows older than the retention setting', async () => {
    await ex.settings.set('mark_price_retention_days', '1');
    const total = (await tape({ from: 0, to: ex.clock.now() + 3 * 86_400_000 })).body.data!.total;
    expect(total).toBeGreaterThan(0);
    ex.clock.advance(2 * 86_400_000);
    await expect
      .poll(async () => (await tape({ from: 0, to: ex.clock.now() })).body.data!.total, { timeout: 5_000 })
      .toBe(1);
  });
});
