import { checkMarkRow, Decimal, type MarkPriceView, type Paged } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DOT, DOT_USDT, LEVER, USDT, trader as traderOf } from './helpers/ledger.js';
import { MICRO } from './helpers/micro.js';
import { signUp } from './helpers/users.js';

let ex: TestExchange;
beforeAll(async () => {
  // The seeded rule: a 25,000 USDT impact notional and a five-second window.
  ex = await startTestExchange({}, { seededMarkRule: true });
  ex.markTape.stop();
  ex.clock.freeze();
});
afterAll(async () => ex?.stop());

const d = Decimal.parse;
const tape = (query: Record<string, unknown> = {}) =>
  ex.api.get<Paged<MarkPriceView>>('market/mark_prices', {
    currency_match_id: DOT_USDT,
    to: ex.clock.now(),
    ...query,
  });

async function tick(seconds = 1): Promise<void> {
  for (let i = 0; i < seconds; i += 1) {
    ex.clock.advance(1000);
    await ex.markTape.tick();
  }
}

/** The tape's rows oldest first, each checked against the rule from its own inputs. */
async function checkedRows(): Promise<MarkPriceView[]> {
  const rows = [...(await tape({ from: 0, limit: 500 })).body.data!.data].reverse();
  rows.forEach((row, index) => {
    expect(row.figures, JSON.stringify(row)).not.toBeNull();
    expect(
      checkMarkRow(row.figures!, index === 0 ? null : rows[index - 1]!.price),
      JSON.stringify(row),
    ).toEqual([]);
  });
  return rows;
}

let maker: { token: string; id: number };
const order = (path: string, token: string, body: Record<string, unknown>) =>
  ex.api.post<{ id: number }>(path, { currency_match_id: DOT_USDT, ...body }, { token });

describe('the mark-price tape', () => {
  it('each second: impact bid and ask walk the book for the notional, the trades give the trade price, and the mark is the window average', async () => {
    maker = await traderOf(ex, [
      [USDT, '1000000'],
      [DOT, '100000'],
    ]);
    // Bids: 14,000 USDT at 7, 20,700 at 6.9. Asks: 15,000 at 7.5, 22,800 at 7.6.
    await order('tx_in/add', maker.token, { type: 0, price: '7', number: '2000' });
    await order('tx_in/add', maker.token, { type: 0, price: '6.9', number: '3000' });
    await order('tx_out/add', maker.token, { type: 0, price: '7.5', number: '2000' });
    await order('tx_out/add', maker.token, { type: 0, price: '7.6', number: '3000' });
    // Four seconds fill four fifths of the window: no mark yet, nothing on the tape.
    await tick(4);
    expect((await tape()).body.data!.total).toBe(0);
    await tick();
    const [first] = await checkedRows();
    // Bid walk: 2,000 at 7 (14,000), then 11,000 / 6.9 = 1,594.2028… → 1,594.21 DOT at 6.9.
    expect(first!.figures!.inputs.bids).toEqual([
      ['7', '2000'],
      ['6.9', '1594.21'],
    ]);
    // (14,000 + 11,000.049) / 3,594.21 = 6.955645…; ask: (15,000 + 10,000.004) / 3,315.79 = 7.539682…
    expect(first!.figures).toMatchObject({
      impact_bid: '6.95565',
      impact_ask: '7.53968',
      trade_price: null,
      impact_notional: '25000',
      window_size: 5,
    });
    // No trades worth the notional yet: the sample is the mean of the two impact prices.
    expect(first!.figures!.sample).toBe('7.24767');
    expect(first!.price).toBe('7.24767');
    expect(first!.figures!.window).toHaveLength(5);
  });

  it('a tiny order inside the spread moves the mark by its share of the notional, not to its price', async () => {
    const pin = await order('tx_in/add', maker.token, { type: 0, price: '7.49', number: '10' });
    await tick();
    const rows = await checkedRows();
    const pinned = rows.at(-1)!;
    expect(pinned.best_bid).toBe('7.49');
    // The best bid jumped by 0.49; the impact bid by under a hundredth, the mark by a fifth of that.
    const moved = d(pinned.price).sub(d(rows.at(-2)!.price));
    expect(moved.isPositive()).toBe(true);
    expect(moved.lt(d('0.002'))).toBe(true);
    await ex.api.post('tx_in/cancel', { id: pin.body.data!.id }, { token: maker.token });
  });

  it('trades worth the notional give the trade price, clipped to the impact spread by the median', async () => {
    const taker = await traderOf(ex, [[USDT, '1000000']]);
    // 4,000 DOT bought: 2,000 at 7.5 and 2,000 at 7.6 (30,200 USDT of trades).
    await order('tx_in/add', taker.token, { type: 1, number: '4000' });
    await order('tx_out/add', maker.token, { type: 0, price: '7.5', number: '2000' });
    await order('tx_out/add', maker.token, { type: 0, price: '7.6', number: '3000' });
    await tick();
    const row = (await checkedRows()).at(-1)!;
    // Newest first: 2,000 at 7.6 (15,200), then 9,800 / 7.5 → 1,306.67 at 7.5.
    expect(row.figures!.inputs.trades.map(([, price, amount]) => [price, amount])).toEqual([
      ['7.6', '2000'],
      ['7.5', '1306.67'],
    ]);
    expect(row.figures!.trade_price).toBe('7.56048');
    // Above the impact ask: the median is the impact ask.
    expect(row.figures!.sample).toBe(row.figures!.impact_ask);
  });

  it('a book too thin for the notional: no sample, the mark held, and new contracts refused in the reader’s language', async () => {
    const asks = (
      await ex.api.get<{ data: { id: number; price: string }[] }>(
        'tx_out/list',
        { currency_match_id: DOT_USDT, limit: 50 },
        { token: maker.token },
      )
    ).body.data!.data;
    for (const ask of asks) await ex.api.post('tx_out/cancel', { id: ask.id }, { token: maker.token });
    const held = (await checkedRows()).at(-1)!.price;
    await tick();
    const thin = (await checkedRows()).at(-1)!;
    expect(thin.figures).toMatchObject({ impact_ask: null, sample: null, window: [] });
    expect(thin.price).toBe(held);
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, LEVER, USDT, '1000');
    await ex.ledger.credit(user.id, MICRO, USDT, '1000');
    const lever = await ex.api.post(
      'lever/submit',
      { currency_match_id: DOT_USDT, share: 1, multiple: 10, type: 1, status: 1 },
      { token: user.token, lang: 'fr' },
    );
    expect(lever.body.code).toBe(0);
    expect(lever.body.msg).toMatch(/trop mince/);
    const micro = await ex.api.post(
      'microtrade/submit',
      { match_id: DOT_USDT, currency_id: USDT, type: 1, seconds: 30, number: '100' },
      { token: user.token },
    );
    expect(micro.body.code).toBe(0);
    expect(micro.body.msg).toMatch(/too thin/);
    // The book fills again: the window must fill again (five full seconds) before contracts open.
    await order('tx_out/add', maker.token, { type: 0, price: '7.5', number: '4000' });
    await tick(4);
    const warming = await ex.api.post(
      'microtrade/submit',
      { match_id: DOT_USDT, currency_id: USDT, type: 1, seconds: 30, number: '100' },
      { token: user.token },
    );
    expect(warming.body.code).toBe(0);
    await tick();
    const open = await ex.api.post(
      'microtrade/submit',
      { match_id: DOT_USDT, currency_id: USDT, type: 1, seconds: 30, number: '100' },
      { token: user.token },
    );
    expect(open.body.code, open.body.msg).toBe(1);
    await checkedRows();
  });

  it('writes nothing while the mark and the sample stand still, then a heartbeat a minute on', async () => {
    await tick(6);
    const before = (await tape()).body.data!.total;
    await tick(3);
    expect((await tape()).body.data!.total).toBe(before);
    ex.clock.advance(60_000);
    await tick();
    expect((await tape()).body.data!.total).toBe(before + 1);
  });

  it('continues after a restart without a second row for one instant', async () => {
    const before = (await tape({ to: ex.clock.now() })).body.data!;
    ex = await ex.restart();
    ex.markTape.stop();
    await tick();
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
    expect((await ex.api.get('market/mark_prices', { currency_match_id: 999 })).body.code).toBe(0);
    expect((await tape({ limit: 501 })).body.code).toBe(0);
    expect((await tape({ from: -1 })).body.code).toBe(0);
  });

  it('drops rows older than the retention setting', async () => {
    await ex.settings.set('mark_price_retention_days', '1');
    const total = (await tape({ from: 0, to: ex.clock.now() + 3 * 86_400_000 })).body.data!.total;
    expect(total).toBeGreaterThan(0);
    ex.clock.advance(2 * 86_400_000);
    await tick();
    expect((await tape({ from: 0 })).body.data!.total).toBe(1);
  });
});
