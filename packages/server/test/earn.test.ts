import {
  Decimal,
  type EarnHoldingView,
  type EarnProductView,
  type EarnReserveView,
  type Paged,
} from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { bucketStart } from '../src/spot/periods.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, BTC, USDT } from './helpers/ledger.js';
import { login, signUp } from './helpers/users.js';

const FINANCIAL = 5;
const DAY = 86_400_000;
const d = Decimal.parse;

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

async function saver(amount: string, currencyId = USDT) {
  const user = await signUp(ex.api);
  await ex.ledger.credit(user.id, FINANCIAL, currencyId, amount);
  return user;
}

async function products(token?: string): Promise<EarnProductView[]> {
  const answer = await ex.api.get<EarnProductView[]>('ieo/list', { limit: 30 }, token ? { token } : {});
  expect(answer.body.code).toBe(1);
  return answer.body.data!;
}

const productOf = async (code: string, days: number) =>
  (await products()).find((p) => p.currency_code === code && p.days === days)!;

function buy(token: string, id: number, number: string, requestId?: string) {
  return ex.api.post<EarnHoldingView>(
    'ieo/addIeo',
    { id, number, ...(requestId ? { request_id: requestId } : {}) },
    { token },
  );
}

async function mine(token: string): Promise<Paged<EarnHoldingView>> {
  const answer = await ex.api.get<Paged<EarnHoldingView>>('ieo/my', { page: 1 }, { token });
  expect(answer.body.code).toBe(1);
  return answer.body.data!;
}

const financial = (token: string, currencyId = USDT) => balanceOf(ex.api, token, currencyId, FINANCIAL);

describe('savings products', () => {
  it('lists the seeded products to a visitor, named in the caller’s language', async () => {
    const list = await products();
    expect(list.length).toBeGreaterThanOrEqual(5);
    const usdt30 = list.find((p) => p.currency_code === 'USDT' && p.days === 30)!;
    expect(usdt30).toMatchObject({ name: 'USDT 30-day saver', rate: '0.05', min_number: '100', is_open: 1 });
    expect(usdt30.my_number).toBe('0');
    const zh = await ex.api.get<EarnProductView[]>('ieo/list', {}, { headers: { lang: 'zh' } });
    expect(zh.body.data!.find((p) => p.id === usdt30.id)!.name).toBe('USDT 30天定期');
  });

  it('holds the principal, and refuses what breaks a rule with nothing changed', async () => {
    const alice = await saver('100000');
    const usdt30 = await productOf('USDT', 30);
    const bought = await buy(alice.token, usdt30.id, '1000');
    expect(bought.body.code, bought.body.msg).toBe(1);
    expect(bought.body.data).toMatchObject({
      number: '1000',
      daily_interest: '0.5',
      days: 30,
      paid_days: 0,
      status: 1,
    });
    expect(bought.body.data!.days_remaining).toBe(30);
    expect(await financial(alice.token)).toBe('99000');
    expect((await products(alice.token)).find((p) => p.id === usdt30.id)!.my_number).toBe('1000');

    const refusals: [string, string, RegExp][] = [
      ['99.99', 'USDT', /minimum of 100/],
      ['49000.000001', 'USDT', /at most 50000.*49000/],
      ['100.000000001', 'USDT', /decimals/],
      ['0', 'USDT', /greater than zero|positive|must be/],
    ];
    for (const [amount, , message] of refusals) {
      const answer = await buy(alice.token, usdt30.id, amount);
      expect(answer.body.code, amount).toBe(0);
      expect(answer.body.msg).toMatch(message);
    }
    const poor = await saver('50');
    const short = await buy(poor.token, usdt30.id, '100');
    expect(short.body.msg).toMatch(/insufficient|not enough/i);
    expect(await financial(poor.token)).toBe('50');
    const unknown = await buy(alice.token, 99999, '100');
    expect(unknown.body.code).toBe(0);

    // The operator closes one product and ends another's sale (settings rows, until the console).
    const usdt7 = await productOf('USDT', 7);
    await ex.db.kysely.updateTable('earn_products').set({ is_open: 0 }).where('id', '=', usdt7.id).execute();
    expect((await buy(alice.token, usdt7.id, '100')).body.msg).toMatch(/closed/);
    const usdt90 = await productOf('USDT', 90);
    await ex.db.kysely
      .updateTable('earn_products')
      .set({ sale_ends_at: ex.clock.now() - 1 })
      .where('id', '=', usdt90.id)
      .execute();
    expect((await buy(alice.token, usdt90.id, '1000')).body.msg).toMatch(/ended/);
    await ex.db.kysely
      .updateTable('earn_products')
      .set({ is_open: 1, sale_ends_at: null })
      .where('id', 'in', [usdt7.id, usdt90.id])
      .execute();

    expect(await financial(alice.token)).toBe('99000');
    expect((await mine(alice.token)).total).toBe(1);
  });

  it('checks the quota in the same command: two buyers racing for the last of it get one holding', async () => {
    const btc = await productOf('BTC', 30);
    await ex.db.kysely
      .updateTable('earn_products')
      .set({ total_quota: d(btc.total_quota).sub(d(btc.remaining)).add(d('0.5')).toString() })
      .where('id', '=', btc.id)
      .execute();
    const [a, b] = [await saver('1', BTC), await saver('1', BTC)];
    const answers = await Promise.all([buy(a.token, btc.id, '0.4'), buy(b.token, btc.id, '0.4')]);
    expect(answers.map((x) => x.body.code).sort()).toEqual([0, 1]);
    expect(answers.find((x) => x.body.code === 0)!.body.msg).toMatch(/quota.*0\.1/);
    expect((await productOf('BTC', 30)).remaining).toBe('0.1');
  });

  it('answers the same request id with the first holding, and refuses it with other terms', async () => {
    const bob = await saver('1000');
    const usdt30 = await productOf('USDT', 30);
    const [first, again] = await Promise.all([
      buy(bob.token, usdt30.id, '200', 'earn-1'),
      buy(bob.token, usdt30.id, '200', 'earn-1'),
    ]);
    expect(first.body.data!.id).toBe(again.body.data!.id);
    expect((await buy(bob.token, usdt30.id, '300', 'earn-1')).body.code).toBe(0);
    expect(await financial(bob.token)).toBe('800');
  });

  it('refuses purchases the interest account could not pay, until it is funded', async () => {
    // An operator's new DOT product; nobody has funded DOT interest yet.
    const DOT = 5;
    const { id } = await ex.db.kysely
      .insertInto('earn_products')
      .values({
        names: JSON.stringify({ en: 'DOT 10-day saver' }),
        currency_id: DOT,
        days: 10,
        is_open: 1,
        sale_ends_at: null,
        sort: 9,
        created_at: ex.clock.now(),
        rate: '0.1',
        min_number: '1',
        max_number: '1000',
        total_quota: '100000',
        sold: '0',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const carol = await saver('1000', DOT);
    const refused = await buy(carol.token, id, '100');
    expect(refused.body.code).toBe(0);
    expect(refused.body.msg).toMatch(/interest account cannot cover/);
    expect(await financial(carol.token, DOT)).toBe('1000');
    // 100 DOT × 0.1 % × 10 days = 1 DOT promised: exactly what the funding covers.
    const funded = await ex.api.post(
      'admin/earn/fund',
      { currency: 'DOT', amount: '1' },
      { headers: { 'x-admin-token': ex.adminToken } },
    );
    expect(funded.body.code).toBe(1);
    // Without an operator: asked to sign in, nothing funded.
    expect((await ex.api.post('admin/earn/fund', { currency: 'DOT', amount: '1' })).body.code).toBe(999);
    expect((await buy(carol.token, id, '100')).body.code).toBe(1);
    expect((await buy(carol.token, id, '1')).body.msg).toMatch(/interest account cannot cover/);
    const reserve = (await ex.api.get<EarnReserveView[]>('ieo/interest_account')).body.data!.find(
      (r) => r.currency_code === 'DOT',
    )!;
    expect(reserve).toMatchObject({ balance: '1', promised: '1' });
  });
});

describe('daily interest', () => {
  it('pays each of 30 days exactly once, as of its own instant, across restarts and days missed while down', async () => {
    const dave = await saver('10000');
    const usdt30 = await productOf('USDT', 30);
    const bought = (await buy(dave.token, usdt30.id, '3333.333333')).body.data!;
    expect(bought.daily_interest).toBe('1.66666666');
    const boughtAt = bought.bought_at;
    const dayStart = (t: number) => bucketStart(t, '1day', ex.config.exchangeTz);

    for (let day = 1; day <= 34; day += 1) {
      ex.clock.advance(DAY);
      if (day % 7 === 0) ex = await ex.restart();
      // Days 20-24 pass while the server is down; the restart pays them.
      if (day === 20) {
        const stopped = ex;
        ex.clock.advance(4 * DAY);
        day += 4;
        ex = await stopped.restart();
      }
      await ex.earn.payer.tick();
      await ex.earn.payer.tick();
    }
    // A month on, the session has expired: sign in again.
    dave.token = await login(ex.api, dave.email, 'Secret-Harbor-91');
    const holding = (await mine(dave.token)).data.find((h) => h.id === bought.id)!;
    expect(holding).toMatchObject({ status: 2, paid_days: 30, days_remaining: 0, income: '49.9999998' });
    expect(await financial(dave.token)).toBe(d('10000').add(d('49.9999998')).toString());

    const days = await ex.db.kysely
      .selectFrom('earn_interest')
      .selectAll()
      .where('holding_id', '=', bought.id)
      .orderBy('day')
      .execute();
    expect(days.map((row) => row.day)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // Each day as of its instant: midnight in the exchange's zone, one local day apart.
    expect(Number(days[0]!.pay_at)).toBe(dayStart(boughtAt + DAY));
    for (const row of days) expect(dayStart(Number(row.pay_at))).toBe(Number(row.pay_at));
    const logs = await ex.db.kysely
      .selectFrom('account_logs')
      .select(['created_at', 'type'])
      .where('ref_type', '=', 'earn_holding')
      .where('ref_id', '=', bought.id)
      .where('type', '=', 24)
      .orderBy('created_at')
      .execute();
    // Two rows a day (the interest account's and the user's), both as of the day's instant.
    expect(logs.map((l) => Number(l.created_at))).toEqual(
      days.flatMap((row) => [Number(row.pay_at), Number(row.pay_at)]),
    );

    // The key (holding, day) refuses a second payment of a day whatever the code does.
    await expect(
      ex.db.kysely
        .insertInto('earn_interest')
        .values({ holding_id: bought.id, day: 7, pay_at: 0, amount: '1.66666666' })
        .execute(),
    ).rejects.toThrow();
    const records = await ex.api.get<{ data: { memo: string }[] }>(
      'account_log/financial',
      { currency_id: USDT, page: 1 },
      { token: dave.token },
    );
    expect(records.body.data!.data.some((row) => row.memo === 'Savings interest')).toBe(true);
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });

  it('never skips a day the interest account cannot pay: it stays due and is paid, as of its day, once funded', async () => {
    const erin = await saver('1', BTC);
    const btc = await productOf('BTC', 30);
    await ex.db.kysely
      .updateTable('earn_products')
      .set({ total_quota: '1000' })
      .where('id', '=', btc.id)
      .execute();
    const bought = (await buy(erin.token, btc.id, '0.5')).body.data!;
    // Take the interest account's balance away (no route can: the test moves it as a bug would).
    const reserve = ex.sequencer.books.find({ system: 'interest' }, 0, BTC)!;
    const held = reserve.balance;
    await ex.sequencer.submit(({ books }) => {
      books.post(
        [
          { account: reserve, available: -held, locked: 0n },
          { account: books.ensure({ system: 'external_deposits' }, 0, BTC), available: held, locked: 0n },
        ],
        { type: 16, memo: 'journal.pool_funding', refType: 'test', refId: 0, notes: '' },
      );
    });
    ex.clock.advance(2 * DAY);
    expect((await ex.earn.service.payDue()).unpaid).toBeGreaterThan(0);
    expect((await mine(erin.token)).data[0]!.paid_days).toBe(0);
    await ex.earn.service.fund('BTC', Decimal.fromUnits(held).toString());
    // Twice: a first tick may join the payer's own pass, begun before the funding committed.
    await ex.earn.payer.tick();
    await ex.earn.payer.tick();
    const holding = (await mine(erin.token)).data.find((h) => h.id === bought.id)!;
    expect(holding.paid_days).toBe(2);
    const rows = await ex.db.kysely
      .selectFrom('earn_interest')
      .selectAll()
      .where('holding_id', '=', bought.id)
      .execute();
    expect(rows.map((r) => Number(r.pay_at))).toEqual(
      [holding.bought_at, holding.bought_at].map((t, i) =>
        bucketStart(t + (i + 1) * DAY, '1day', ex.config.exchangeTz),
      ),
    );
  });
});
