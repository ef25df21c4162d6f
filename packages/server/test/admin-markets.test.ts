import type {
  AdminCurrencyView,
  AdminMarketView,
  AdminMicroOptions,
  LeverPositionView,
  MicroPayableCurrency,
  NewsItem,
  Paged,
  QuoteGroup,
  ScheduledChangeView,
} from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/messages/index.js';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import {
  BTC,
  BTC_USDT,
  DOT,
  DOT_USDT,
  ETH,
  ETH_USDT,
  LEVER,
  USDT,
  trader as traderOf,
} from './helpers/ledger.js';
import { signUp } from './helpers/users.js';
import { operatorSession, type OperatorSession } from './helpers/operators.js';

const HOUR = 3_600_000;
const NOTICES = 22;

let ex: TestExchange;
let admin: OperatorSession;
let viewer: OperatorSession;
let finance: OperatorSession;
async function signIn(): Promise<void> {
  [admin, viewer, finance] = await Promise.all([
    operatorSession(ex, 'admin'),
    operatorSession(ex, 'viewer'),
    operatorSession(ex, 'finance'),
  ]);
}
beforeAll(async () => {
  ex = await startTestExchange();
  await signIn();
});

/** Moves the exchange's clock; operators sign in again (their sessions end after 15 idle minutes). */
async function advance(ms: number): Promise<void> {
  ex.clock.advance(ms);
  await signIn();
}
afterAll(async () => {
  expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
});

const trader = (credits: [number, string][]) => traderOf(ex, credits);
const sell = (token: string, body: Record<string, unknown>) =>
  ex.api.post<{ id: number; status: number }>('tx_out/add', body, { token });
const buy = (token: string, body: Record<string, unknown>) =>
  ex.api.post<{ id: number; status: number }>('tx_in/add', body, { token });

const schedule = (body: Record<string, unknown>, who: OperatorSession = admin) =>
  ex.api.post<ScheduledChangeView>('admin/changes/schedule', body, { headers: who.headers });

const notice = (title: string, extra: Record<string, { title: string; content: string }> = {}) => ({
  en: { title, content: `${title}: details for our users.` },
  ...extra,
});

async function adminMarket(id: number): Promise<AdminMarketView> {
  const answer = await ex.api.get<AdminMarketView[]>('admin/markets', {}, { headers: viewer.headers });
  expect(answer.body.code).toBe(1);
  return answer.body.data!.find((market) => market.id === id)!;
}

async function publicMarket(id: number) {
  const groups = (await ex.api.get<QuoteGroup[]>('market/currency_matches')).body.data!;
  return groups.flatMap((group) => group.matches).find((match) => match.id === id)!;
}

async function notices(lang = 'en'): Promise<NewsItem[]> {
  const answer = await ex.api.get<Paged<NewsItem>>(
    'news/list',
    { category_id: NOTICES, limit: 50 },
    { lang },
  );
  return answer.body.data!.data;
}

async function change(id: number): Promise<ScheduledChangeView> {
  const rows = (
    await ex.api.get<Paged<ScheduledChangeView>>('admin/changes', { limit: 100 }, { headers: viewer.headers })
  ).body.data!.data;
  return rows.find((row) => row.id === id)!;
}

/** Waits (by the real clock) for the applier's next passes to see the test clock. */
async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function counts() {
  const count = async (table: 'scheduled_changes' | 'news') =>
    Number(
      (
        await ex.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { changes: await count('scheduled_changes'), news: await count('news') };
}

describe('a fee change scheduled an hour ahead', () => {
  it('is announced at once, changes nothing before its time, then applies once; an order placed before keeps its fee', async () => {
    const seller = await trader([[BTC, '1']]);
    const buyer = await trader([[USDT, '100000']]);
    // Resting before the change: pays the fee of its placement (0.1 %) whenever it fills.
    const resting = await sell(seller.token, { currency_match_id: BTC_USDT, number: '0.5', price: '60000' });
    expect(resting.body.code).toBe(1);

    const scheduled = await schedule({
      kind: 'market',
      target_id: BTC_USDT,
      changes: { change_fee_rate: '0.002' },
      effective_at: ex.clock.now() + HOUR,
      notice: notice('BTC/USDT trading fee rises to 0.2 %', {
        zh: { title: 'BTC/USDT 交易手续费调整为 0.2%', content: '详情如下。' },
      }),
      reason: 'Fee schedule 2026 Q4',
    });
    expect(scheduled.body, scheduled.body.msg).toMatchObject({
      code: 1,
      data: {
        status: 'pending',
        changes: { change_fee_rate: '0.002' },
        before: null,
        created_by: admin.name,
      },
    });
    const id = scheduled.body.data!.id;
    // While pending, the list shows what it will replace as it is now.
    expect(await change(id)).toMatchObject({ current: { change_fee_rate: '0.001' }, before: null });

    // The notice is public at once, in English and in Chinese, and says what changes and when.
    const english = (await notices()).find((item) => item.id === scheduled.body.data!.notice_id)!;
    expect(english.title).toBe('BTC/USDT trading fee rises to 0.2 %');
    expect(english.content).toContain('BTC/USDT · Trading fee: 0.1 % → 0.2 %');
    expect(english.content).toContain('Takes effect on');
    const chinese = (await notices('zh')).find((item) => item.id === scheduled.body.data!.notice_id)!;
    expect(chinese.title).toBe('BTC/USDT 交易手续费调整为 0.2%');
    expect(chinese.content).toContain('交易手续费');

    // Nothing changes before its time, whatever the applier's passes see.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await publicMarket(BTC_USDT)).change_fee_rate).toBe('0.001');
    expect((await change(id)).status).toBe('pending');

    await advance(HOUR + 1000);
    await until(async () => (await change(id)).status === 'applied');
    expect((await publicMarket(BTC_USDT)).change_fee_rate).toBe('0.002');
    expect(await change(id)).toMatchObject({ before: { change_fee_rate: '0.001' }, current: null });
    // Applied once: another pass finds nothing due.
    expect(await ex.marketsDesk.desk.applyDue()).toBe(0);

    // The buyer's new order pays 0.2 % on the BTC received; the seller's resting order its 0.1 %.
    const taken = await buy(buyer.token, { currency_match_id: BTC_USDT, number: '0.5', price: '60000' });
    expect(taken.body, taken.body.msg).toMatchObject({ code: 1, data: { status: 2 } });
    const trade = await ex.db.kysely
      .selectFrom('trades')
      .selectAll()
      .where('sell_order_id', '=', resting.body.data!.id)
      .executeTakeFirstOrThrow();
    expect(String(trade.buy_fee)).toMatch(/^0\.001(0*)$/); // 0.5 BTC × 0.2 %
    expect(String(trade.sell_fee)).toMatch(/^30(\.0*)?$/); // 30000 USDT × 0.1 %
    const rates = await ex.db.kysely
      .selectFrom('orders')
      .select(['id', 'fee_rate'])
      .where('id', 'in', [resting.body.data!.id, taken.body.data!.id])
      .orderBy('id')
      .execute();
    expect(rates.map((row) => Number(row.fee_rate))).toEqual([0.001, 0.002]);
  });
});

describe('closing a market now', () => {
  it('refuses new orders at once with a clear message, keeps resting orders, shows it closed; it reopens only as scheduled', async () => {
    const seller = await trader([[ETH, '5']]);
    const resting = await sell(seller.token, { currency_match_id: ETH_USDT, number: '1', price: '3500' });
    expect(resting.body.code).toBe(1);

    const closed = await schedule({
      kind: 'market',
      target_id: ETH_USDT,
      changes: { open_change: 0 },
      effective_at: 'now',
      notice: notice('ETH/USDT trading suspended', {
        fr: { title: 'Négociation ETH/USDT suspendue', content: 'Maintenance.' },
      }),
      reason: 'Incident 4411: suspend trading during the investigation',
    });
    // Applied before the answer: no order can slip in after it.
    expect(closed.body, closed.body.msg).toMatchObject({ code: 1, data: { status: 'applied' } });

    const refused = await sell(seller.token, { currency_match_id: ETH_USDT, number: '1', price: '3600' });
    expect(refused.body).toMatchObject({ code: 0, msg: translate('en', 'error.market_closed') });
    expect((await publicMarket(ETH_USDT)).open_change).toBe(0);
    expect((await adminMarket(ETH_USDT)).open_change).toBe(0);
    const french = (await notices('fr')).find((item) => item.id === closed.body.data!.notice_id)!;
    expect(french.title).toBe('Négociation ETH/USDT suspendue');

    // The resting order stays, and its owner may still cancel it.
    const row = await ex.db.kysely
      .selectFrom('orders')
      .select('status')
      .where('id', '=', resting.body.data!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);

    // Reopening is announced ahead: `now` is refused, a time a few seconds on is not.
    const reopenNow = await schedule({
      kind: 'market',
      target_id: ETH_USDT,
      changes: { open_change: 1 },
      effective_at: 'now',
      notice: notice('ETH/USDT reopens'),
      reason: 'Incident 4411 closed',
    });
    expect(reopenNow.body).toMatchObject({ code: 0, msg: translate('en', 'error.admin_effective_now') });
    const reopen = await schedule({
      kind: 'market',
      target_id: ETH_USDT,
      changes: { open_change: 1 },
      effective_at: ex.clock.now() + 60_000,
      notice: notice('ETH/USDT reopens'),
      reason: 'Incident 4411 closed',
    });
    expect(reopen.body.code).toBe(1);
    await advance(61_000);
    await until(async () => (await change(reopen.body.data!.id)).status === 'applied');
    expect((await publicMarket(ETH_USDT)).open_change).toBe(1);
    const again = await sell(seller.token, { currency_match_id: ETH_USDT, number: '1', price: '3600' });
    expect(again.body.code).toBe(1);
    const cancelled = await ex.api.post(
      'tx_out/cancel',
      { id: resting.body.data!.id },
      { token: seller.token },
    );
    expect(cancelled.body.code).toBe(1);
  });
});

describe('refusals', () => {
  it('a price, an unknown field, an out-of-range value, a past time, a missing English notice or a wrong role store nothing', async () => {
    const before = await counts();
    const marketBefore = await adminMarket(BTC_USDT);
    const base = {
      kind: 'market',
      target_id: BTC_USDT,
      effective_at: ex.clock.now() + HOUR,
      notice: notice('Change'),
      reason: 'Testing the refusals',
    };
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...base, changes: { last_price: '1' } },
        translate('en', 'error.admin_change_forbidden', { field: 'last_price' }),
      ],
      [
        { ...base, changes: { price: '65000' } },
        translate('en', 'error.admin_change_forbidden', { field: 'price' }),
      ],
      [
        { ...base, changes: { mark_price: '1' } },
        translate('en', 'error.admin_change_forbidden', { field: 'mark_price' }),
      ],
      [{ ...base, kind: 'micro_seconds', target_id: 60, changes: { outcome: 'win' } }, 'outcome'],
      [
        { ...base, changes: { colour: 'red' } },
        translate('en', 'error.admin_change_unknown', { field: 'colour' }),
      ],
      [{ ...base, changes: { change_fee_rate: '0.5' } }, 'change_fee_rate'],
      [{ ...base, changes: { price_decimals: 40 } }, 'price_decimals'],
      [{ ...base, changes: { open_change: 2 } }, 'open_change'],
      [
        { ...base, changes: { change_fee_rate: '0.0025' }, effective_at: ex.clock.now() - 1000 },
        translate('en', 'error.admin_effective_past'),
      ],
      [
        { ...base, changes: { change_fee_rate: '0.0025' }, effective_at: 'now' },
        translate('en', 'error.admin_effective_now'),
      ],
      [
        { ...base, changes: { change_fee_rate: '0.0025' }, notice: { fr: { title: 'x', content: 'y' } } },
        'notice',
      ],
      [{ ...base, changes: { change_fee_rate: '0.0025' }, reason: '' }, 'reason'],
      [
        { ...base, target_id: 999, changes: { change_fee_rate: '0.0025' } },
        translate('en', 'error.admin_change_target'),
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await schedule(body);
      expect(answer.body.code, JSON.stringify(body.changes)).toBe(0);
      expect(answer.body.msg, JSON.stringify(body.changes)).toContain(message);
    }
    for (const who of [viewer, finance]) {
      const answer = await schedule({ ...base, changes: { change_fee_rate: '0.003' } }, who);
      expect(answer.status).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect(await adminMarket(BTC_USDT)).toEqual(marketBefore);
  });
});

describe('cancelling a change before it applies', () => {
  it('publishes a cancellation notice and the change never applies; a second cancel is refused', async () => {
    const options = async () =>
      (await ex.api.get<AdminMicroOptions>('admin/micro/options', {}, { headers: viewer.headers })).body
        .data!;
    const ratio = (await options()).seconds.find((option) => option.seconds === 60)!.profit_ratio;
    const scheduled = await schedule({
      kind: 'micro_seconds',
      target_id: 60,
      changes: { profit_ratio: '0.7' },
      effective_at: ex.clock.now() + HOUR,
      notice: notice('60-second contracts pay 70 %'),
      reason: 'Pool review',
    });
    expect(scheduled.body.code, scheduled.body.msg).toBe(1);
    const id = scheduled.body.data!.id;
    const refusedRole = await ex.api.post(
      'admin/changes/cancel',
      { id, reason: 'not mine' },
      { headers: viewer.headers },
    );
    expect(refusedRole.status).toBe(403);

    const cancelled = await ex.api.post<ScheduledChangeView>(
      'admin/changes/cancel',
      { id, reason: 'Pool review withdrawn' },
      { headers: admin.headers },
    );
    expect(cancelled.body, cancelled.body.msg).toMatchObject({
      code: 1,
      data: { status: 'cancelled', cancelled_by: admin.name, cancel_reason: 'Pool review withdrawn' },
    });
    const titles = (await notices()).map((item) => item.title);
    expect(titles).toContain('Cancelled: 60-second contracts pay 70 %');

    await advance(HOUR + 1000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await change(id)).status).toBe('cancelled');
    expect((await options()).seconds.find((option) => option.seconds === 60)!.profit_ratio).toBe(ratio);
    const twice = await ex.api.post(
      'admin/changes/cancel',
      { id, reason: 'again' },
      { headers: admin.headers },
    );
    expect(twice.body).toMatchObject({ code: 0, msg: translate('en', 'error.admin_change_not_pending') });
  });
});

describe('other kinds', () => {
  it('a new seconds option, a network closed for withdrawals, a product rate: each at its time', async () => {
    const currencies = (
      await ex.api.get<AdminCurrencyView[]>('admin/currencies', {}, { headers: viewer.headers })
    ).body.data!;
    const network = currencies.find((currency) => currency.id === USDT)!.networks[0]!;
    const products = (
      await ex.api.get<{ id: number; rate: string }[]>('admin/earn/products', {}, { headers: viewer.headers })
    ).body.data!;
    const at = ex.clock.now() + 10 * 60_000;
    const made = await Promise.all([
      schedule({
        kind: 'micro_seconds',
        target_id: 180,
        changes: { profit_ratio: '0.9' },
        effective_at: at,
        notice: notice('New: 3-minute contracts'),
        reason: 'Product launch',
      }),
      schedule({
        kind: 'currency_network',
        target_id: network.id,
        changes: { open_withdraw: 0 },
        effective_at: at,
        notice: notice('USDT withdrawals on one network paused'),
        reason: 'Node upgrade',
      }),
      schedule({
        kind: 'earn_product',
        target_id: products[0]!.id,
        changes: { rate: '0.035' },
        effective_at: at,
        notice: notice('Savings rate rises'),
        reason: 'Rate review',
      }),
    ]);
    for (const answer of made) expect(answer.body.code, answer.body.msg).toBe(1);
    const seconds = async () =>
      (await ex.api.get<{ seconds: number; profit_ratio: string }[]>('microtrade/seconds')).body.data!;
    expect((await seconds()).some((option) => option.seconds === 180)).toBe(false);

    await advance(10 * 60_000 + 1000);
    await until(async () =>
      (await Promise.all(made.map((m) => change(m.body.data!.id)))).every((c) => c.status === 'applied'),
    );
    expect((await seconds()).find((option) => option.seconds === 180)).toMatchObject({ profit_ratio: '0.9' });
    const after = (await ex.api.get<AdminCurrencyView[]>('admin/currencies', {}, { headers: viewer.headers }))
      .body.data!;
    expect(after.find((currency) => currency.id === USDT)!.networks[0]).toMatchObject({ open_withdraw: 0 });
    const user = await trader([[USDT, '100']]);
    const withdrawal = await ex.api.post(
      'account/draw',
      {
        currency_id: USDT,
        currency_protocol_id: network.id,
        address: '0x0000000000000000000000000000000000000001',
        number: '50',
        pay_password: 'x',
      },
      { token: user.token },
    );
    expect(withdrawal.body.msg).toBe(translate('en', 'error.withdraw_closed_network'));
    const productsAfter = (
      await ex.api.get<{ id: number; rate: string }[]>('admin/earn/products', {}, { headers: viewer.headers })
    ).body.data!;
    expect(productsAfter[0]!.rate).toBe('0.035');
  });

  it("a currency's seconds-contract stakes: refused when a preset leaves the bounds or is finer than the currency, applied at its time", async () => {
    const stakes = async () =>
      (await ex.api.get<AdminMicroOptions>('admin/micro/options', {}, { headers: viewer.headers })).body.data!
        .currencies;
    const before = (await stakes()).find((row) => row.currency_id === USDT)!;
    expect(before).toMatchObject({ code: 'USDT', min_number: '10', max_number: '1000' });
    const payable = async () =>
      (await ex.api.get<MicroPayableCurrency[]>('microtrade/payable_currencies')).body.data!.find(
        (row) => row.id === USDT,
      )!;
    const at = ex.clock.now() + 10 * 60_000;
    const base = {
      kind: 'micro_currency',
      target_id: USDT,
      effective_at: at,
      notice: notice('New seconds-contract stakes'),
      reason: 'Stake review',
    };
    const { changes: changesBefore } = await counts();
    const refused: [Record<string, unknown>, string][] = [
      [
        { numbers: ['5', '50'] },
        translate('en', 'error.admin_change_presets_range', { min: '10', max: '1000' }),
      ],
      [{ numbers: ['50', '20'] }, translate('en', 'error.admin_change_list_amounts', { field: 'numbers' })],
      [{ numbers: [20, 50] }, translate('en', 'error.admin_change_amounts', { field: 'numbers', max: 10 })],
      [
        { numbers: ['20.123456789'] },
        translate('en', 'error.admin_change_decimals', { field: 'numbers', decimals: 8 }),
      ],
      [
        { min_number: '2000' },
        translate('en', 'error.admin_change_order', { low: 'min_number', high: 'max_number' }),
      ],
    ];
    for (const [changes, message] of refused) {
      const answer = await schedule({ ...base, changes });
      expect(answer.body.msg, JSON.stringify(changes)).toBe(message);
    }
    expect((await counts()).changes).toBe(changesBefore);

    const made = await schedule({
      ...base,
      changes: { numbers: ['20', '50.5', '200'], min_number: '20', max_number: '2000' },
    });
    expect(made.body.code, made.body.msg).toBe(1);
    expect((await payable()).micro_numbers.map((n) => n.number)).toEqual(['10', '50', '100', '500', '1000']);
    await advance(10 * 60_000 + 1000);
    await until(async () => (await change(made.body.data!.id)).status === 'applied');
    expect(await payable()).toMatchObject({ min: '20', max: '2000' });
    expect((await payable()).micro_numbers.map((n) => n.number)).toEqual(['20', '50.5', '200']);
    expect((await stakes()).find((row) => row.currency_id === USDT)).toMatchObject({
      numbers: ['20', '50.5', '200'],
      min_number: '20',
      max_number: '2000',
    });
    const announced = (await notices()).find((item) => item.title === 'New seconds-contract stakes');
    expect(announced).toBeDefined();
  });

  it('a leverage spread and overnight rate change: an open position keeps its own, a new one takes the new', async () => {
    const maker = await trader([
      [USDT, '1000000'],
      [DOT, '100000'],
    ]);
    for (const [path, price] of [
      ['tx_in/add', '7'],
      ['tx_out/add', '7.5'],
    ] as const) {
      const placed = await ex.api.post(
        path,
        { currency_match_id: DOT_USDT, type: 0, price, number: '1000' },
        { token: maker.token },
      );
      expect(placed.body.code, placed.body.msg).toBe(1);
    }
    ex.clock.advance(1000);
    await ex.markTape.tick(); // mark 7.25
    const leverUser = async () => {
      const user = await signUp(ex.api);
      await ex.ledger.credit(user.id, LEVER, USDT, '1000');
      return user;
    };
    const open = (token: string) =>
      ex.api.post<LeverPositionView>(
        'lever/submit',
        { currency_match_id: DOT_USDT, share: 1, multiple: 10, type: 1, status: 1 },
        { token },
      );
    const alice = await leverUser();
    const before = await open(alice.token);
    // 7.25 + 0.05 % = 7.253625, up to 3 decimals.
    expect(before.body.data, before.body.msg).toMatchObject({ price: '7.254' });

    const scheduled = await schedule({
      kind: 'market',
      target_id: DOT_USDT,
      changes: { lever_point_rate: '1', lever_overnight_rate: '0.001' },
      effective_at: ex.clock.now() + 60_000,
      notice: notice('DOT/USDT leverage spread 1 %'),
      reason: 'Spread review',
    });
    expect(scheduled.body.code, scheduled.body.msg).toBe(1);
    await advance(61_000);
    await until(async () => (await change(scheduled.body.data!.id)).status === 'applied');
    await ex.markTape.tick();

    const bob = await leverUser();
    const after = await open(bob.token);
    // 7.25 + 1 % = 7.3225, up to 3 decimals.
    expect(after.body.data, after.body.msg).toMatchObject({ price: '7.323' });
    // Alice closes at the mark less her own 0.05 % (7.246375, down): not less 1 % (7.177).
    const closed = await ex.api.post<LeverPositionView>(
      'lever/close',
      { id: before.body.data!.id },
      { token: alice.token },
    );
    expect(closed.body.data, closed.body.msg).toMatchObject({ close_price: '7.246' });
    const rows = await ex.db.kysely
      .selectFrom('lever_positions')
      .select(['id', 'point_rate', 'overnight_rate'])
      .where('id', 'in', [before.body.data!.id, after.body.data!.id])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [Number(row.point_rate), Number(row.overnight_rate)])).toEqual([
      [0.05, 0.0008],
      [1, 0.001],
    ]);
  });

  it('a coarser precision that would leave a resting order between ticks is withdrawn at its time, with a notice', async () => {
    const seller = await trader([[BTC, '1']]);
    const resting = await sell(seller.token, {
      currency_match_id: BTC_USDT,
      number: '0.1',
      price: '70000.55',
    });
    expect(resting.body.code, resting.body.msg).toBe(1);
    const scheduled = await schedule({
      kind: 'market',
      target_id: BTC_USDT,
      changes: { price_decimals: 1 },
      effective_at: ex.clock.now() + 60_000,
      notice: notice('BTC/USDT prices tick by 0.1'),
      reason: 'Tick size review',
    });
    expect(scheduled.body.code, scheduled.body.msg).toBe(1);
    await advance(61_000);
    await until(async () => (await change(scheduled.body.data!.id)).status !== 'pending');
    expect(await change(scheduled.body.data!.id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      cancel_reason: translate('en', 'error.admin_precision_open_orders'),
    });
    expect((await adminMarket(BTC_USDT)).price_decimals).toBe(2);
    expect((await notices()).map((item) => item.title)).toContain('Cancelled: BTC/USDT prices tick by 0.1');
    // The resting order is untouched and still trades at its price.
    const order = await ex.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', resting.body.data!.id)
      .executeTakeFirstOrThrow();
    expect(Number(order.price)).toBe(70000.55);
    expect(order.status).toBe(1);
  });
});
