import type { BalancePush, OrderPush, Paged, SpotOrderView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DOT, DOT_USDT, SPOT, USDT, trader as traderOf } from './helpers/ledger.js';
import { login } from './helpers/users.js';
import { connect, signedIn, type Frame } from './helpers/ws.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
});

const PASSWORD = 'Secret-Harbor-91';

/** A signed-in socket subscribed to the given channels. */
const session = (token: string, channels: string[]) => signedIn(ex.url, token, channels);

const orderOf = (frame: Frame) => (frame.params as unknown as OrderPush).order;
const usdtOf = (frame: Frame) =>
  (frame.params as unknown as BalancePush).accounts.find(
    (account) => account.currency_id === USDT && account.account_type_id === SPOT,
  );

describe('every change of your orders and balances reaches every session of yours', () => {
  it('a resting order and its cancel in one session show in the other, balances too', async () => {
    const user = await traderOf(ex, [[USDT, '1000']]);
    const secondToken = await login(ex.api, user.email, PASSWORD);
    const first = await session(user.token, ['ORDER', 'BALANCE']);
    const second = await session(secondToken, ['ORDER', 'BALANCE']);

    const placed = await ex.api.post<{ id: number }>(
      'tx_in/add',
      { currency_match_id: DOT_USDT, type: 0, price: '1.5', number: '10' },
      { token: user.token },
    );
    expect(placed.body).toMatchObject({ code: 1, msg: 'Order placed' });
    for (const client of [first, second]) {
      expect(orderOf(await client.next('ORDER'))).toMatchObject({ id: placed.body.data!.id, status: 1 });
      expect(usdtOf(await client.next('BALANCE'))).toMatchObject({ balance: '985', lock_balance: '15' });
    }

    const cancelled = await ex.api.post('tx_in/cancel', { id: placed.body.data!.id }, { token: secondToken });
    expect(cancelled.body.code).toBe(1);
    for (const client of [first, second]) {
      expect(orderOf(await client.next('ORDER'))).toMatchObject({ id: placed.body.data!.id, status: 3 });
      expect(usdtOf(await client.next('BALANCE'))).toMatchObject({ balance: '1000', lock_balance: '0' });
    }
    first.socket.close();
    second.socket.close();
  });

  it('an order cancelled by self-trade prevention is told as cancelled', async () => {
    const user = await traderOf(ex, [
      [USDT, '1000'],
      [DOT, '50'],
    ]);
    const client = await session(user.token, ['ORDER']);
    const ask = await ex.api.post<{ id: number }>(
      'tx_out/add',
      { currency_match_id: DOT_USDT, type: 0, price: '9.5', number: '5' },
      { token: user.token },
    );
    expect(orderOf(await client.next('ORDER'))).toMatchObject({ id: ask.body.data!.id, status: 1 });
    const bid = await ex.api.post<{ id: number }>(
      'tx_in/add',
      { currency_match_id: DOT_USDT, type: 0, price: '9.5', number: '5' },
      { token: user.token },
    );
    const pushes = [orderOf(await client.next('ORDER')), orderOf(await client.next('ORDER'))];
    expect(pushes.find((order) => order.id === ask.body.data!.id)).toMatchObject({ status: 3 });
    // The bid rests; it goes, so later tests meet an empty book.
    await ex.api.post('tx_in/cancel', { id: bid.body.data!.id }, { token: user.token });
    client.socket.close();
  });

  it('a credit outside trading changes the balance live', async () => {
    const user = await traderOf(ex, []);
    const client = await session(user.token, ['BALANCE']);
    await ex.ledger.credit(user.id, SPOT, USDT, '12.5');
    expect(usdtOf(await client.next('BALANCE'))).toMatchObject({ balance: '12.5' });
    client.socket.close();
  });

  it('nobody else hears of them', async () => {
    const user = await traderOf(ex, [[USDT, '100']]);
    const stranger = await traderOf(ex, []);
    const client = await session(stranger.token, ['ORDER', 'BALANCE']);
    await ex.api.post(
      'tx_in/add',
      { currency_match_id: DOT_USDT, type: 0, price: '1.5', number: '1' },
      { token: user.token },
    );
    client.send('ping');
    await client.next('pong');
    expect(client.frames.filter((frame) => frame.type === 'ORDER' || frame.type === 'BALANCE')).toEqual([]);
    client.socket.close();
  });
});

describe('fills say what happened', () => {
  it('a market buy answers the filled amount, average price and fee, and lists them', async () => {
    const seller = await traderOf(ex, [[DOT, '100']]);
    const buyer = await traderOf(ex, [[USDT, '1000']]);
    for (const price of ['8.1', '8.2']) {
      await ex.api.post(
        'tx_out/add',
        { currency_match_id: DOT_USDT, type: 0, price, number: '3' },
        { token: seller.token },
      );
    }
    const bought = await ex.api.post(
      'tx_in/add',
      { currency_match_id: DOT_USDT, type: 1, number: '4' },
      { token: buyer.token },
    );
    const orders = await ex.api.get<Paged<SpotOrderView>>(
      'tx_in/list',
      { status: 'all' },
      { token: buyer.token },
    );
    const order = orders.body.data!.data[0]!;
    // 3 at 8.1 and 1 at 8.2: 32.5 for 4, an average of 8.125.
    expect(order).toMatchObject({
      transacted_amount: '4',
      transacted_volume: '32.5',
      avg_price: '8.125',
      fee_currency: 'DOT',
    });
    expect(bought.body.msg).toBe(`Order filled: 4 DOT at an average price of 8.125, fee ${order.fee} DOT`);
    const sold = await ex.api.get<Paged<SpotOrderView>>(
      'tx_out/list',
      { status: 'all' },
      { token: seller.token },
    );
    expect(sold.body.data!.data.map((row) => row.fee_currency)).toEqual(['USDT', 'USDT']);
    expect(sold.body.data!.data[0]).toMatchObject({ avg_price: '8.2', transacted_amount: '1' });
  });
});

describe('the names in the spec’s calls', () => {
  it('KLINE.<symbol> carries every period with its period field', async () => {
    const seller = await traderOf(ex, [[DOT, '10']]);
    const buyer = await traderOf(ex, [[USDT, '100']]);
    const watcher = await connect(ex.url);
    watcher.send('sub', 'KLINE.DOT/USDT');
    await watcher.next('sub');
    await ex.api.post(
      'tx_out/add',
      { currency_match_id: DOT_USDT, type: 0, price: '7.5', number: '1' },
      { token: seller.token },
    );
    await ex.api.post(
      'tx_in/add',
      { currency_match_id: DOT_USDT, type: 1, number: '1' },
      { token: buyer.token },
    );
    // A bar of an earlier test's trade may still be on its way when the subscription starts (bars
    // go out on a short timer): those are passed over; this trade's bar must come in every period.
    const periods = new Set<string>();
    for (let i = 0; i < 24 && periods.size < 8; i += 1) {
      const push = await watcher.next('KLINE.DOT/USDT');
      expect(push.params).toMatchObject({ currency_match_id: DOT_USDT });
      const kline = push.params.kline as { close: string };
      if (kline.close === '7.5') periods.add(push.params.period as string);
    }
    expect([...periods].sort()).toEqual(['15min', '1day', '1min', '1mon', '1week', '30min', '5min', '60min']);
    watcher.socket.close();
  });

  it('tx_in/list without a market lists every order of that side, any status, newest first', async () => {
    const user = await traderOf(ex, [[USDT, '100']]);
    const ids: number[] = [];
    for (const price of ['1.1', '1.2', '1.3']) {
      const placed = await ex.api.post<{ id: number }>(
        'tx_in/add',
        { currency_match_id: DOT_USDT, type: 0, price, number: '1' },
        { token: user.token },
      );
      ids.push(placed.body.data!.id);
    }
    await ex.api.post('tx_in/cancel', { id: ids[1] }, { token: user.token });
    const all = await ex.api.get<Paged<SpotOrderView>>('tx_in/list', {}, { token: user.token });
    expect(all.body.data!.data.map((order) => [order.id, order.status])).toEqual([
      [ids[2], 1],
      [ids[1], 3],
      [ids[0], 1],
    ]);
    const current = await ex.api.get<Paged<SpotOrderView>>(
      'tx_in/list',
      { currency_match_id: DOT_USDT },
      { token: user.token },
    );
    expect(current.body.data!.data.map((order) => order.id)).toEqual([ids[2], ids[0]]);
  });
});
