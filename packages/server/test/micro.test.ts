import type {
  MarkPriceView,
  MicroPayableCurrency,
  MicroPoolCurrency,
  MicroSecondsOption,
  MicroVerification,
  Paged,
} from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, DOT, DOT_USDT, ETH, ETH_USDT, trader, USDT } from './helpers/ledger.js';
import { listOrders, MICRO, microTrader, submit } from './helpers/micro.js';
import { signedIn } from './helpers/ws.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

/** An honest book on DOT/USDT: bid 7, ask 7.5, and a way to print a trade at a price. */
async function dotBook() {
  const maker = await trader(ex, [
    [USDT, '100000'],
    [DOT, '10000'],
  ]);
  const taker = await trader(ex, [[USDT, '100000']]);
  const order = (path: string, token: string, body: Record<string, unknown>) =>
    ex.api.post(path, { currency_match_id: DOT_USDT, ...body }, { token });
  await order('tx_in/add', maker.token, { type: 0, price: '7', number: '100' });
  await order('tx_out/add', maker.token, { type: 0, price: '7.5', number: '100' });
  return {
    /** A trade of 1 DOT at `price`, inside the spread. */
    async trade(price: string) {
      const sell = await order('tx_out/add', maker.token, { type: 0, price, number: '1' });
      expect(sell.body.code, sell.body.msg).toBe(1);
      const buy = await order('tx_in/add', taker.token, { type: 1, number: '1' });
      expect(buy.body.code, buy.body.msg).toBe(1);
    },
  };
}

/** Moves to the next second and samples the tape (the server also does it each second on its own). */
async function tick(): Promise<void> {
  ex.clock.advance(1000);
  await ex.markTape.tick();
}

describe('seconds contracts: terms', () => {
  it('lists the seconds options and the payable currencies, with the caller’s micro balance', async () => {
    const seconds = await ex.api.get<MicroSecondsOption[]>('microtrade/seconds');
    expect(seconds.body.data).toEqual([
      { seconds: 30, profit_ratio: '0.8' },
      { seconds: 60, profit_ratio: '0.85' },
      { seconds: 120, profit_ratio: '0.88' },
      { seconds: 300, profit_ratio: '0.92' },
    ]);
    const user = await microTrader(ex, '123.45');
    const payable = await ex.api.get<MicroPayableCurrency[]>(
      'microtrade/payable_currencies',
      {},
      { token: user.token },
    );
    expect(payable.body.data![0]).toMatchObject({
      id: USDT,
      code: 'USDT',
      decimals: 8,
      micro_account: { balance: '123.45' },
      min: '10',
      max: '1000',
      fee_rate: '0.001',
    });
    expect(payable.body.data![0]!.micro_numbers.map((n) => n.number)).toEqual([
      '10',
      '50',
      '100',
      '500',
      '1000',
    ]);
    const visitor = await ex.api.get<MicroPayableCurrency[]>('microtrade/payable_currencies');
    expect(visitor.body.data![0]!.micro_account.balance).toBe('0');
  });
});

describe('seconds contracts: submit and settle on the tape', () => {
  it('an up order opens at the tape price, wins when the tape at its end is higher, and is paid stake × (1 + ratio)', async () => {
    const book = await dotBook();
    await tick();
    const user = await microTrader(ex, '1000');
    const live = await signedIn(ex.url, user.token, ['MICRO_CLOSED']);
    const placed = await submit(ex.api, user.token, {
      match_id: DOT_USDT,
      currency_id: USDT,
      type: 1,
      seconds: 30,
      number: '100',
    });
    expect(placed.body.code, placed.body.msg).toBe(1);
    const order = placed.body.data!;
    expect(order).toMatchObject({
      status: 1,
      open_price: '7.25',
      number: '100',
      fee: '0.1',
      profit_ratio: '0.8',
    });
    expect(order.ends_at - order.open_time).toBe(30_000);
    expect(order.remain_milli_seconds).toBeGreaterThan(25_000);
    expect(await balanceOf(ex.api, user.token, USDT, MICRO)).toBe('899.9');
    expect((await listOrders(ex.api, user.token, 1)).data.map((o) => o.id)).toEqual([order.id]);

    // The market trades at 7.4 within the spread: the mark is the median of 7, 7.5 and 7.4.
    await book.trade('7.4');
    ex.clock.advance(1000);
    await tick();
    ex.clock.advance(30_000);
    await tick();

    const closed = await live.next('MICRO_CLOSED');
    expect(closed.raw).toMatchObject({ type: 'MICRO_CLOSED', order: { id: order.id } });
    expect(closed.params.order).toMatchObject({
      id: order.id,
      status: 3,
      end_price: '7.4',
      outcome: 'win',
      payout: '180',
      fact_profits: '80',
    });
    live.socket.close();
    expect(await balanceOf(ex.api, user.token, USDT, MICRO)).toBe('1079.9');
    expect((await listOrders(ex.api, user.token, 1)).total).toBe(0);
    expect((await listOrders(ex.api, user.token, 3)).data[0]).toMatchObject({ id: order.id, outcome: 'win' });

    const verify = await ex.api.get<MicroVerification>('microtrade/verify', { id: order.id });
    expect(verify.body.data!.open_entry).toMatchObject({ price: '7.25', best_bid: '7', best_ask: '7.5' });
    expect(verify.body.data!.open_entry.time).toBeLessThanOrEqual(order.open_time);
    expect(verify.body.data!.end_entry).toMatchObject({ price: '7.4', last_price: '7.4' });
    expect(verify.body.data!.end_entry!.time).toBeLessThanOrEqual(order.ends_at);
    expect(verify.body.data!.rule).toContain('180');
  });

  it('a down order loses when the price rises, and an unchanged price is a tie that returns the stake', async () => {
    const book = await dotBook();
    await tick();
    const user = await microTrader(ex, '500');
    const place = (type: 1 | 2, seconds: number, number: string) =>
      submit(ex.api, user.token, { match_id: DOT_USDT, currency_id: USDT, type, seconds, number });
    const placed = [await place(2, 30, '50'), await place(2, 60, '50'), await place(1, 60, '10')];
    expect(
      placed.map((a) => a.body.code),
      placed.map((a) => a.body.msg).join(),
    ).toEqual([1, 1, 1]);
    const [down30, down60, up60] = placed.map((a) => a.body.data!);
    const open = down30!.open_price;
    expect(Number(open)).toBeLessThan(7.45);
    await book.trade('7.45');
    ex.clock.advance(1000);
    await tick();
    ex.clock.advance(30_000);
    await tick();
    // Back to the price they opened at before the 60 s orders end: the mark at their end equals the open.
    await book.trade(open);
    ex.clock.advance(1000);
    await tick();
    ex.clock.advance(30_000);
    await tick();
    const closed = new Map((await listOrders(ex.api, user.token, 3)).data.map((o) => [o.id, o]));
    expect(closed.get(down30!.id)).toMatchObject({
      end_price: '7.45',
      outcome: 'loss',
      payout: '0',
      fact_profits: '-50',
    });
    expect(closed.get(down60!.id)).toMatchObject({
      end_price: open,
      outcome: 'tie',
      payout: '50',
      fact_profits: '0',
    });
    expect(closed.get(up60!.id)).toMatchObject({
      end_price: open,
      outcome: 'tie',
      payout: '10',
      fact_profits: '0',
    });
    // 500 − (50 + 0.05) × 2 − 10.01 + 50 + 10.
    expect(await balanceOf(ex.api, user.token, USDT, MICRO)).toBe('449.89');
  });

  it('refuses what is not on offer, too little money and a closed market with a clear error, changing nothing', async () => {
    await dotBook();
    await tick();
    const user = await microTrader(ex, '60');
    const base = { match_id: DOT_USDT, currency_id: USDT, type: 1, seconds: 30, number: '50' } as const;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ match_id: 999 }, /market/i],
      [{ match_id: 5 }, /not open on this market/],
      [{ seconds: 45 }, /duration is not offered/],
      [{ number: '20' }, /not offered/],
      [{ number: '-50' }, /./],
      [{ number: '1e3' }, /./],
      [{ currency_id: DOT }, /cannot be paid in this currency/],
      [{ type: 3 }, /1 \(up\) or 2 \(down\)/],
      [{ number: '100' }, /insufficient|not enough/i],
    ];
    for (const [change, message] of cases) {
      const answer = await submit(ex.api, user.token, { ...base, ...change } as never);
      expect(answer.body.code, JSON.stringify(change)).toBe(0);
      expect(answer.body.msg, JSON.stringify(change)).toMatch(message);
    }
    expect(await balanceOf(ex.api, user.token, USDT, MICRO)).toBe('60');
    expect((await listOrders(ex.api, user.token, 1)).total).toBe(0);
    // Within the bounds but outside min/max once an operator lowers the maximum.
    await ex.db.kysely
      .updateTable('micro_currencies')
      .set({ max_number: '40' })
      .where('currency_id', '=', USDT)
      .execute();
    ex.clock.advance(1500);
    const tooBig = await submit(ex.api, user.token, base);
    expect(tooBig.body.msg).toMatch(/minimum and maximum/);
    await ex.db.kysely
      .updateTable('micro_currencies')
      .set({ max_number: '1000' })
      .where('currency_id', '=', USDT)
      .execute();
    ex.clock.advance(1500);
    await tick();
    const visitor = await ex.api.post('microtrade/submit', base);
    expect(visitor.body.code).toBe(999);
  });

  it('a request id makes a submit safe to repeat: twins at once and a retry place one order', async () => {
    await dotBook();
    await tick();
    const user = await microTrader(ex, '100');
    const body = {
      match_id: DOT_USDT,
      currency_id: USDT,
      type: 1,
      seconds: 30,
      number: '10',
      request_id: 'micro-1',
    } as const;
    const twins = await Promise.all([submit(ex.api, user.token, body), submit(ex.api, user.token, body)]);
    expect(twins.map((a) => a.body.code)).toEqual([1, 1]);
    expect(twins[0]!.body.data!.id).toBe(twins[1]!.body.data!.id);
    const retry = await submit(ex.api, user.token, body);
    expect(retry.body.data!.id).toBe(twins[0]!.body.data!.id);
    const reused = await submit(ex.api, user.token, { ...body, number: '50' });
    expect(reused.body.code).toBe(0);
    expect(await balanceOf(ex.api, user.token, USDT, MICRO)).toBe('89.99');
  });

  it('settles orders that ended during a restart at the tape price of their own end, once', async () => {
    const book = await dotBook();
    await tick();
    const user = await microTrader(ex, '100');
    const placed = await submit(ex.api, user.token, {
      match_id: DOT_USDT,
      currency_id: USDT,
      type: 1,
      seconds: 30,
      number: '10',
    });
    expect(placed.body.code, placed.body.msg).toBe(1);
    expect(Number(placed.body.data!.open_price)).toBeLessThan(7.49);
    await book.trade('7.49');
    ex.clock.advance(1000);
    await tick();
    ex = await ex.restart();
    // Down for 90 s; then the price falls before the first second is sampled after the restart.
    ex.clock.advance(90_000);
    const after = await dotBook();
    await after.trade('7.1');
    await tick();
    const closed = await listOrders(ex.api, user.token, 3);
    expect(closed.data[0]).toMatchObject({
      id: placed.body.data!.id,
      end_price: '7.49',
      outcome: 'win',
      payout: '18',
    });
    const logs = await ex.db.kysely
      .selectFrom('account_logs')
      .select('type')
      .where('ref_type', '=', 'micro_order')
      .where('ref_id', '=', placed.body.data!.id)
      .execute();
    expect(logs.filter((log) => log.type === 15)).toHaveLength(2); // one payout: the user's leg and the pool's
    expect(await balanceOf(ex.api, user.token, USDT, MICRO)).toBe('107.99');
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});

describe('the mark price under a self-cross', () => {
  it('two colluding accounts printing 1 ETH at 9000 cannot move the mark beyond the best bid and ask', async () => {
    // The tape samples only when told, so each row below stands for one known state of the book.
    ex.markTape.stop();
    try {
      const honest = await trader(ex, [
        [USDT, '100000'],
        [ETH, '100'],
      ]);
      const [seller, buyer] = [await trader(ex, [[ETH, '1']]), await trader(ex, [[USDT, '20000']])];
      const order = async (path: string, token: string, body: Record<string, unknown>) => {
        const answer = await ex.api.post(
          path,
          { currency_match_id: ETH_USDT, type: 0, number: '1', ...body },
          { token },
        );
        expect(answer.body.code, answer.body.msg).toBe(1);
      };
      await order('tx_in/add', honest.token, { price: '3000' });
      await order('tx_out/add', honest.token, { price: '3010' });
      ex.clock.advance(1000);
      await tick();
      const user = await microTrader(ex, '100');
      const bet = await submit(ex.api, user.token, {
        match_id: ETH_USDT,
        currency_id: USDT,
        type: 1,
        seconds: 30,
        number: '10',
      });
      expect(bet.body.data!.open_price).toBe('3005');

      // The colluders cross at 9000; the engine fills the buy at the honest ask first.
      await order('tx_out/add', seller.token, { price: '9000' });
      await order('tx_in/add', buyer.token, { price: '9000' });
      // Again: now it meets the colluding ask and prints 9000; the honest maker quotes again.
      await order('tx_in/add', buyer.token, { price: '9000' });
      await order('tx_out/add', honest.token, { price: '3010' });
      ex.clock.advance(1000);
      await tick();
      const rows = (
        await ex.api.get<Paged<MarkPriceView>>('market/mark_prices', { currency_match_id: ETH_USDT })
      ).body.data!.data;
      expect(rows[0]).toMatchObject({
        best_bid: '3000',
        best_ask: '3010',
        last_price: '9000',
        price: '3010',
      });
      for (const row of rows.filter((r) => r.best_bid !== null && r.best_ask !== null)) {
        expect(Number(row.price)).toBeGreaterThanOrEqual(Number(row.best_bid));
        expect(Number(row.price)).toBeLessThanOrEqual(Number(row.best_ask));
      }
      ex.clock.advance(30_000);
      await tick();
      const closed = await listOrders(ex.api, user.token, 3);
      expect(closed.data[0]).toMatchObject({ id: bet.body.data!.id, end_price: '3010' });
    } finally {
      ex.markTape.start();
    }
  });
});

describe('the pool', () => {
  let pool: TestExchange;
  beforeAll(async () => {
    pool = await startTestExchange();
  });
  afterAll(async () => pool?.stop());

  it('takes an order only if it could then pay every open order a win, to the last unit', async () => {
    const maker = await trader(pool, [
      [USDT, '100000'],
      [DOT, '1000'],
    ]);
    // Both sides of the book: a mark needs an impact bid and an impact ask.
    await pool.api.post(
      'tx_in/add',
      { currency_match_id: DOT_USDT, type: 0, price: '7', number: '10' },
      { token: maker.token },
    );
    await pool.api.post(
      'tx_out/add',
      { currency_match_id: DOT_USDT, type: 0, price: '7.5', number: '10' },
      { token: maker.token },
    );
    pool.clock.advance(1000);
    await pool.markTape.tick();
    const rows = await pool.api.get<MicroPoolCurrency[]>('microtrade/pool');
    const usdt = rows.body.data!.find((row) => row.code === 'USDT')!;
    expect(usdt).toMatchObject({ balance: '1000000', funded_total: '1000000', open_worst_case: '0' });
    // 1,000,000 + 1,250,000 = 1.8 × 1,250,000 exactly: the largest order the pool can take.
    await pool.db.kysely
      .updateTable('micro_currencies')
      .set({ numbers: JSON.stringify(['10', '1250000']), max_number: '2000000' })
      .where('currency_id', '=', USDT)
      .execute();
    pool.clock.advance(1500);
    await pool.markTape.tick();
    const whale = await microTrader(pool, '2000000');
    const body = { match_id: DOT_USDT, currency_id: USDT, type: 1, seconds: 30, number: '1250000' } as const;
    const first = await submit(pool.api, whale.token, body);
    expect(first.body.code, first.body.msg).toBe(1);
    const second = await submit(pool.api, whale.token, { ...body, number: '10' });
    expect(second.body.msg).toMatch(/pool cannot cover/);
    const after = (await pool.api.get<MicroPoolCurrency[]>('microtrade/pool')).body.data!.find(
      (r) => r.code === 'USDT',
    )!;
    expect(after).toMatchObject({
      balance: '2250000',
      open_stakes: '1250000',
      open_worst_case: '2250000',
      staked_total: '1250000',
      fees_total: '1250',
    });
    // An operator funds the pool in the open; then the small order fits.
    const funded = await pool.api.post<MicroPoolCurrency>(
      'admin/micro_pool/fund',
      { currency: 'USDT', amount: '8' },
      { headers: { 'x-admin-token': pool.adminToken } },
    );
    expect(funded.body.data).toMatchObject({ funded_total: '1000008', balance: '2250008' });
    const third = await submit(pool.api, whale.token, { ...body, number: '10' });
    expect(third.body.code, third.body.msg).toBe(1);
    expect(await balanceOf(pool.api, whale.token, USDT, MICRO)).toBe('748739.99');
    // Without an operator: asked to sign in, nothing funded.
    const refused = await pool.api.post('admin/micro_pool/fund', { currency: 'USDT', amount: '1' });
    expect(refused.body.code).toBe(999);
  });
});
