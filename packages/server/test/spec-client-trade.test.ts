import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, BTC_USDT, DOT, DOT_USDT, LEVER, trader, USDT } from './helpers/ledger.js';
import { dateTime, decimal, expectLeverPosition, signedDecimal, specClient } from './helpers/spec-client.js';
import { signUp } from './helpers/users.js';

/**
 * Spot, seconds contracts and financial products of the product spec, replayed as the spec’s
 * own client sends them (names, value types, empty strings), reading the fields it reads.
 */

let ex: TestExchange;
let call: ReturnType<typeof specClient>;
beforeAll(async () => {
  ex = await startTestExchange();
  call = specClient(ex.url);
});
afterAll(async () => ex?.stop());

const MICRO = 4;
const FINANCIAL = 5;

/** Moves to the next second and samples the tape. */
async function tick(): Promise<void> {
  ex.clock.advance(1000);
  await ex.markTape.tick();
}

describe('spot as the spec client calls it', () => {
  it('tx_in/add and tx_out/add with string amounts, the lists, the cancels and account/detail', async () => {
    const buyer = await trader(ex, [[USDT, '10000']]);
    const seller = await trader(ex, [[BTC, '1']]);
    const detail = async (token: string, currency_id: number) => {
      const answer = await call('GET', 'account/detail', { currency_id, account_type_id: 1, id: '' }, token);
      expect(answer.code, answer.msg).toBe(1);
      expect(answer.data.balance).toEqual(expect.any(String));
      return answer.data.balance as string;
    };
    expect(await detail(buyer.token, USDT)).toBe('10000');

    const bid = await call(
      'POST',
      'tx_in/add',
      { currency_match_id: BTC_USDT, number: '0.1', price: '50000' },
      buyer.token,
    );
    expect(bid.code, bid.msg).toBe(1);
    expect(await detail(buyer.token, USDT)).toBe('5000');
    const ask = await call(
      'POST',
      'tx_out/add',
      { currency_match_id: BTC_USDT, number: '0.5', price: '70000' },
      seller.token,
    );
    expect(ask.code, ask.msg).toBe(1);

    // The current-orders view sends the market; each list answers {total, per_page, last_page, data}.
    const page = {
      total: expect.any(Number),
      per_page: 10,
      last_page: expect.any(Number),
      data: expect.any(Array),
    };
    const buys = await call(
      'GET',
      'tx_in/list',
      { currency_match_id: BTC_USDT, page: 1, limit: 10 },
      buyer.token,
    );
    expect(buys.data).toMatchObject({ ...page, total: 1 });
    const open = buys.data.data[0];
    // The spot page compares number with transacted_amount to drop a filled row; the spec’s order fields.
    expect(open).toMatchObject({
      id: expect.any(Number),
      price: '50000',
      number: '0.1',
      transacted_amount: '0',
      transacted_volume: '0',
      way: 1,
      way_name: expect.any(String),
      status_name: expect.any(String),
      updated_at: dateTime(),
      currency_match: { symbol: 'BTC/USDT' },
    });
    expect(open.way_name.length).toBeGreaterThan(0);
    expect(open.status_name.length).toBeGreaterThan(0);
    const sells = await call(
      'GET',
      'tx_out/list',
      { currency_match_id: BTC_USDT, page: 1, limit: 10 },
      seller.token,
    );
    expect(sells.data).toMatchObject({ ...page, total: 1 });

    // A partial fill, then the history (no market sent).
    const taker = await trader(ex, [[BTC, '1']]);
    const hit = await call(
      'POST',
      'tx_out/add',
      { currency_match_id: BTC_USDT, number: '0.04', price: '50000' },
      taker.token,
    );
    expect(hit.code, hit.msg).toBe(1);
    const history = await call('GET', 'tx_history/list', { page: 1, limit: 10 }, buyer.token);
    // The book and the trades as the spot page reads them: levels of price and amount (or number),
    // trades of timestamp, price, amount and way.
    const deal = await call('GET', 'market/deal', { currency_match_id: BTC_USDT });
    expect(deal.data.depth.in).toContainEqual({ price: '50000', amount: '0.06', number: '0.06' });
    expect(deal.data.depth.out).toContainEqual({ price: '70000', amount: '0.5', number: '0.5' });
    for (const level of [...deal.data.depth.in, ...deal.data.depth.out])
      expect(level).toMatchObject({ price: decimal(), amount: decimal(), number: decimal() });
    // The taker sold into the bid: way 2.
    expect(deal.data.tx_completes[0]).toMatchObject({
      price: '50000',
      amount: '0.04',
      way: 2,
      timestamp: expect.any(Number),
    });
    const filled = await call(
      'GET',
      'tx_in/list',
      { currency_match_id: BTC_USDT, page: 1, limit: 10 },
      buyer.token,
    );
    expect(filled.data.data[0]).toMatchObject({
      id: open.id,
      transacted_amount: '0.04',
      transacted_volume: '2000',
    });
    // The all-orders views send the market empty.
    for (const path of ['tx_in/list', 'tx_out/list', 'tx_history/list']) {
      const any = await call('GET', path, { currency_match_id: '', page: 1, limit: 10 }, buyer.token);
      expect(any.code, `${path}: ${any.msg}`).toBe(1);
      expect(any.data, path).toMatchObject(page);
    }
    expect(history.code, history.msg).toBe(1);
    expect(history.data).toMatchObject(page);

    const cancelled = await call('POST', 'tx_in/cancel', { id: open.id }, buyer.token);
    expect(cancelled.code, cancelled.msg).toBe(1);
    expect(
      (await call('GET', 'tx_in/list', { currency_match_id: BTC_USDT, page: 1, limit: 10 }, buyer.token)).data
        .total,
    ).toBe(0);
    // 0.04 BTC bought at 50000 (2000 USDT), the rest of the 5000 held is back.
    expect(await detail(buyer.token, USDT)).toBe('8000');
    const sellId = sells.data.data[0].id;
    expect((await call('POST', 'tx_out/cancel', { id: sellId }, seller.token)).code).toBe(1);
    expect(await detail(seller.token, BTC)).toBe('1');
    // Someone else's order, or one already gone: a refusal the client can show.
    const again = await call('POST', 'tx_out/cancel', { id: sellId }, seller.token);
    expect(again.code).toBe(0);
    expect(again.msg).toEqual(expect.any(String));
    expect(again.msg.length).toBeGreaterThan(0);
  });

  it('market/kline with from and to in seconds, the symbol, each period and the market', async () => {
    const maker = await trader(ex, [[USDT, '10000']]);
    const taker = await trader(ex, [[DOT, '100']]);
    await call('POST', 'tx_in/add', { currency_match_id: DOT_USDT, number: '10', price: '7' }, maker.token);
    const sold = await call(
      'POST',
      'tx_out/add',
      { currency_match_id: DOT_USDT, number: '2', price: '7' },
      taker.token,
    );
    expect(sold.code, sold.msg).toBe(1);
    const to = Math.floor(ex.clock.now() / 1000) + 60;
    for (const period of ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon']) {
      const bars = await call('GET', 'market/kline', {
        from: to - 86_400 * 400,
        to,
        symbol: 'DOT/USDT',
        period,
        currency_match_id: DOT_USDT,
      });
      expect(bars.code, `${period}: ${bars.msg}`).toBe(1);
      expect(Array.isArray(bars.data), period).toBe(true);
      expect(bars.data.length, period).toBeGreaterThan(0);
      expect(bars.data.at(-1), period).toMatchObject({
        open: expect.any(String),
        high: expect.any(String),
        low: expect.any(String),
        close: '7',
        volume: expect.any(String),
        time: expect.any(Number),
      });
    }
  });
});

describe('seconds contracts as the spec client calls them', () => {
  it('payable_currencies, seconds, submit with string amounts, lists by status', async () => {
    const maker = await trader(ex, [
      [USDT, '100000'],
      [DOT, '10000'],
    ]);
    await call('POST', 'tx_in/add', { currency_match_id: DOT_USDT, number: '100', price: '7' }, maker.token);
    await call(
      'POST',
      'tx_out/add',
      { currency_match_id: DOT_USDT, number: '100', price: '7.5' },
      maker.token,
    );
    await tick();
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, MICRO, USDT, '500');

    const payable = await call('GET', 'microtrade/payable_currencies', {}, user.token);
    const usdt = payable.data.find((c: { code: string }) => c.code === 'USDT');
    expect(usdt).toMatchObject({ id: USDT, code: 'USDT', micro_account: { balance: '500' } });
    expect(usdt.micro_numbers[0]).toMatchObject({ number: expect.anything() });
    const seconds = await call('GET', 'microtrade/seconds', {});
    expect(seconds.data[0]).toMatchObject({ seconds: expect.any(Number), profit_ratio: expect.any(String) });

    const placed = await call(
      'POST',
      'microtrade/submit',
      { match_id: DOT_USDT, currency_id: USDT, type: 1, seconds: seconds.data[0].seconds, number: '100' },
      user.token,
    );
    expect(placed.code, placed.msg).toBe(1);
    for (const [status, total] of [
      [1, 1],
      [3, 0],
    ] as const) {
      const list = await call(
        'GET',
        'microtrade/lists',
        { match_id: DOT_USDT, page: 1, limit: 10, status },
        user.token,
      );
      expect(list.code, list.msg).toBe(1);
      expect(list.data).toMatchObject({ total, per_page: 10, data: expect.any(Array) });
    }
    // Every pair: the pair sent empty.
    const everyPair = await call(
      'GET',
      'microtrade/lists',
      { match_id: '', page: 1, limit: 10, status: 1 },
      user.token,
    );
    expect(everyPair.code, everyPair.msg).toBe(1);
    expect(everyPair.data.total).toBe(1);
    const list = await call(
      'GET',
      'microtrade/lists',
      { match_id: DOT_USDT, page: 1, limit: 10, status: 1 },
      user.token,
    );
    expect(list.data.data[0]).toMatchObject({
      id: expect.any(Number),
      symbol_name: 'DOT/USDT',
      seconds: seconds.data[0].seconds,
      number: '100',
      currency_name: 'USDT',
      open_price: expect.any(String),
      type: 1,
      status: 1,
      profit_ratio: expect.any(String),
      fee: expect.any(String),
      remain_milli_seconds: expect.any(Number),
    });
    expect(list.data.data[0]).toHaveProperty('end_price');
    expect(list.data.data[0]).toHaveProperty('fact_profits');
  });
});

describe('leveraged contracts as the spec client calls them', () => {
  it('lever/submit at a fixed price and at market, lever/cancel, lever/setstop with a blank side, lever/batch_close', async () => {
    const maker = await trader(ex, [
      [USDT, '100000'],
      [DOT, '10000'],
    ]);
    await call('POST', 'tx_in/add', { currency_match_id: DOT_USDT, number: '100', price: '7' }, maker.token);
    await call(
      'POST',
      'tx_out/add',
      { currency_match_id: DOT_USDT, number: '100', price: '7.5' },
      maker.token,
    );
    await tick();
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, LEVER, USDT, '1000');
    const deal = await call('POST', 'lever/deal', { currency_match_id: DOT_USDT }, user.token);
    const multiple = deal.data.multiple.muit[0].value;
    const share = deal.data.multiple.share[0].value;
    const order = { share, multiple, currency_match_id: DOT_USDT, type: 1, password: '' };
    const pending = await call(
      'POST',
      'lever/submit',
      { ...order, status: 0, target_price: '6.5' },
      user.token,
    );
    expect(pending.code, pending.msg).toBe(1);
    const cancelled = await call('POST', 'lever/cancel', { id: pending.data.id }, user.token);
    expect(cancelled.code, cancelled.msg).toBe(1);
    const opened = await call('POST', 'lever/submit', { ...order, status: 1, target_price: '' }, user.token);
    expect(opened.code, opened.msg).toBe(1);
    const stop = await call(
      'POST',
      'lever/setstop',
      { id: opened.data.id, target_profit_price: '9', stop_loss_price: '' },
      user.token,
    );
    expect(stop.code, stop.msg).toBe(1);
    const open = await call('POST', 'lever/my_trade', { status: 1, page: 1 }, user.token);
    expect(open.data.data[0]).toMatchObject({
      id: opened.data.id,
      type: 1,
      type_name: expect.any(String),
      symbol: 'DOT/USDT',
      target_profit_price: '9',
      price: expect.any(String),
      caution_money: expect.any(String),
      trade_fee: expect.any(String),
    });
    for (const field of [
      'share',
      'origin_price',
      'update_price',
      'stop_loss_price',
      'profits',
      'number',
      'time',
    ])
      expect(open.data.data[0], field).toHaveProperty(field);
    // The side's name is in the reader's language.
    const zh = await ex.api.post<{ data: { type_name: string }[] }>(
      'lever/my_trade',
      { status: 1, page: 1 },
      { token: user.token, lang: 'zh' },
    );
    expect(zh.body.data!.data[0]!.type_name).toBe('做多');
    const all = await call('POST', 'lever/batch_close', { type: 0, currency_match_id: DOT_USDT }, user.token);
    expect(all.code, all.msg).toBe(1);
    expect((await call('POST', 'lever/my_trade', { status: 1, page: 1 }, user.token)).data.total).toBe(0);
  });
});

describe('lever positions and lists as the spec client reads them', () => {
  /** Books on DOT/USDT (bid 7, ask 7.5) and BTC/USDT (bid 50000, ask 50100), sampled by the tape. */
  async function leverBooks(): Promise<void> {
    const maker = await trader(ex, [
      [USDT, '1000000'],
      [DOT, '10000'],
      [BTC, '10'],
    ]);
    for (const [path, currency_match_id, number, price] of [
      ['tx_in/add', DOT_USDT, '100', '7'],
      ['tx_out/add', DOT_USDT, '100', '7.5'],
      ['tx_in/add', BTC_USDT, '1', '50000'],
      ['tx_out/add', BTC_USDT, '1', '50100'],
    ] as const) {
      const placed = await call('POST', path, { currency_match_id, number, price }, maker.token);
      expect(placed.code, placed.msg).toBe(1);
    }
    await tick();
  }

  /** A user with 10000 USDT of lever margin, and how they place an order as the lever page does. */
  async function leverUser() {
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, LEVER, USDT, '10000');
    const place = async (currency_match_id: number, type: 1 | 2, fixed?: string) => {
      const deal = await call('POST', 'lever/deal', { currency_match_id }, user.token);
      const placed = await call(
        'POST',
        'lever/submit',
        {
          share: deal.data.multiple.share[0].value,
          multiple: deal.data.multiple.muit[0].value,
          currency_match_id,
          type,
          status: fixed ? 0 : 1,
          target_price: fixed ?? '',
          password: '',
        },
        user.token,
      );
      expect(placed.code, placed.msg).toBe(1);
      return placed.data.id as number;
    };
    const open = async () => {
      const mine = await call('POST', 'lever/my_trade', { status: 1, page: 1 }, user.token);
      expect(mine.code, mine.msg).toBe(1);
      return (mine.data.data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
    };
    return { user, place, open };
  }

  it('lever/deal gives user_lever and my_transaction rows; lever/dealall one market, or all with ""', async () => {
    await leverBooks();
    const { user, place } = await leverUser();
    const dotLong = await place(DOT_USDT, 1);
    const btcShort = await place(BTC_USDT, 2);
    const dotPending = await place(DOT_USDT, 1, '6.5');

    const deal = await call('POST', 'lever/deal', { currency_match_id: DOT_USDT }, user.token);
    expect(deal.code, deal.msg).toBe(1);
    expect(deal.data.user_lever).toEqual(decimal());
    expect(Number(deal.data.user_lever)).toBeLessThan(10000);
    // my_transaction: this market's positions and orders, each a whole row the page shows.
    const mine = deal.data.my_transaction as { id: number; status: number }[];
    expect(mine.map((row) => row.id).sort((a, b) => a - b)).toEqual([dotLong, dotPending]);
    for (const row of mine) {
      expectLeverPosition(row, `my_transaction ${row.id}`);
      expect(row).toMatchObject({ symbol: 'DOT/USDT', base_currency_id: DOT, quote_currency_id: USDT });
    }
    expect(mine.find((row) => row.id === dotPending)).toMatchObject({ status: 0, price: null });
    // The side's name in the reader's language, as lever/my_trade gives it.
    const zh = await ex.api.post<{ my_transaction: { id: number; type_name: string }[] }>(
      'lever/deal',
      { currency_match_id: DOT_USDT },
      { token: user.token, lang: 'zh' },
    );
    expect(zh.body.data!.my_transaction.find((row) => row.id === dotLong)!.type_name).toBe('做多');

    const page = { total: expect.any(Number), per_page: 10, data: expect.any(Array) };
    const one = await call('POST', 'lever/dealall', { currency_match_id: DOT_USDT, page: 1 }, user.token);
    expect(one.code, one.msg).toBe(1);
    expect(one.data.order).toMatchObject({ ...page, total: 2 });
    // Newest first.
    expect(one.data.order.data.map((row: { id: number }) => row.id)).toEqual([dotPending, dotLong]);
    const all = await call('POST', 'lever/dealall', { currency_match_id: '', page: 1 }, user.token);
    expect(all.code, all.msg).toBe(1);
    expect(all.data.order).toMatchObject({ ...page, total: 3 });
    expect(all.data.order.data.map((row: { id: number }) => row.id)).toEqual([dotPending, btcShort, dotLong]);
    for (const row of all.data.order.data) expectLeverPosition(row, `dealall ${row.id}`);
    expect(all.data.order.data[1]).toMatchObject({
      type: 2,
      symbol: 'BTC/USDT',
      base_currency_id: BTC,
      quote_currency_id: USDT,
      price: decimal(),
      profits: signedDecimal(),
    });
    // The margin held, as placed: origin_caution_money equals caution_money until a night's fee.
    const btc = all.data.order.data[1];
    expect(btc.origin_caution_money).toBe(btc.caution_money);
    expect(btc.overnight_money).toBe('0');

    const positions = await call('POST', 'lever/my_trade', { status: 1, page: 1 }, user.token);
    for (const row of positions.data.data) expectLeverPosition(row, `my_trade ${row.id}`);
    const pending = await call('POST', 'lever/my_trade', { status: 0, page: 1 }, user.token);
    expect(pending.data.data.map((row: { id: number }) => row.id)).toEqual([dotPending]);
    expectLeverPosition(pending.data.data[0], 'pending');
  });

  it('lever/batch_close type 1 closes the longs, type 2 the shorts, of the market sent; "" is every market', async () => {
    await leverBooks();
    const { user, place, open } = await leverUser();
    const dotLong = await place(DOT_USDT, 1);
    const dotShort = await place(DOT_USDT, 2);
    const btcLong = await place(BTC_USDT, 1);
    expect(await open()).toEqual([dotLong, dotShort, btcLong]);

    const longs = await call(
      'POST',
      'lever/batch_close',
      { type: 1, currency_match_id: DOT_USDT },
      user.token,
    );
    expect(longs.code, longs.msg).toBe(1);
    expect(await open()).toEqual([dotShort, btcLong]);
    const shorts = await call(
      'POST',
      'lever/batch_close',
      { type: 2, currency_match_id: DOT_USDT },
      user.token,
    );
    expect(shorts.code, shorts.msg).toBe(1);
    expect(await open()).toEqual([btcLong]);
    // Shorts everywhere: none left, nothing closes.
    const none = await call('POST', 'lever/batch_close', { type: 2, currency_match_id: '' }, user.token);
    expect(none.code, none.msg).toBe(1);
    expect(await open()).toEqual([btcLong]);
    const everywhere = await call(
      'POST',
      'lever/batch_close',
      { type: 1, currency_match_id: '' },
      user.token,
    );
    expect(everywhere.code, everywhere.msg).toBe(1);
    expect(await open()).toEqual([]);
    const closed = await call('POST', 'lever/my_trade', { status: 3, page: 1 }, user.token);
    expect(
      closed.data.data.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b),
    ).toEqual([dotLong, dotShort, btcLong]);
    for (const row of closed.data.data) expectLeverPosition(row, `closed ${row.id}`);
  });
});

describe('financial products as the spec client calls them', () => {
  it('ieo/list limit 30 gives id, name, days, rate, min_number; ieo/addIeo', async () => {
    const list = await call('GET', 'ieo/list', { limit: 30 });
    expect(list.code, list.msg).toBe(1);
    const product = list.data[0];
    expect(product).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      days: expect.any(Number),
      rate: expect.any(String),
      min_number: expect.any(String),
    });
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, FINANCIAL, product.currency_id, '100000');
    const bought = await call(
      'POST',
      'ieo/addIeo',
      { id: product.id, number: product.min_number },
      user.token,
    );
    expect(bought.code, bought.msg).toBe(1);
    // The spec’s client sends only the id: refused with a message it can show, not a server error.
    const idOnly = await call('POST', 'ieo/addIeo', { id: product.id }, user.token);
    expect(idOnly.code).toBe(0);
    // Our decision (docs/savings.md): the principal is needed, and the refusal names it.
    expect(idOnly.msg).toMatch(/^number: /);
  });
});
