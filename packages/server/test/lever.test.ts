import { Decimal, type LeverDeal, type LeverPositionView, type Paged } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, DOT, DOT_USDT, ETH, ETH_USDT, LEVER, trader, USDT } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';
import { signedIn } from './helpers/ws.js';

/*
 * Leveraged contracts on the real path: spot trades move the public mark, and positions open,
 * close, hit their stops and are liquidated on it, with every amount exact.
 */

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

const d = Decimal.parse;

/** Moves to the next second and samples the tape (settling what the mark set off). */
async function tick(): Promise<void> {
  ex.clock.advance(1000);
  await ex.markTape.tick();
}

/** A DOT/USDT book with bid 7 and ask 7.5 (mark 7.25), and trades that move the mark inside it. */
async function dotBook() {
  const maker = await trader(ex, [
    [USDT, '1000000'],
    [DOT, '100000'],
  ]);
  const taker = await trader(ex, [
    [USDT, '1000000'],
    [DOT, '100000'],
  ]);
  const order = async (path: string, token: string, body: Record<string, unknown>) => {
    const answer = await ex.api.post(path, { currency_match_id: DOT_USDT, ...body }, { token });
    expect(answer.body.code, answer.body.msg).toBe(1);
  };
  await order('tx_in/add', maker.token, { type: 0, price: '7', number: '1000' });
  await order('tx_out/add', maker.token, { type: 0, price: '7.5', number: '1000' });
  await tick();
  return {
    /** A trade of 1 DOT at `price` (between the bid and the ask, or beyond after `quote`). */
    async trade(price: string) {
      await order('tx_out/add', maker.token, { type: 0, price, number: '1' });
      await order('tx_in/add', taker.token, { type: 1, number: '1' });
    },
    /** The honest quotes move: a new bid and ask around a price. */
    async quote(bid: string, ask: string) {
      await order('tx_in/add', maker.token, { type: 0, price: bid, number: '1000' });
      await order('tx_out/add', maker.token, { type: 0, price: ask, number: '1000' });
    },
    maker,
    taker,
  };
}

async function leverTrader(amount: string) {
  const user = await signUp(ex.api);
  await ex.ledger.credit(user.id, LEVER, USDT, amount);
  return user;
}

const submit = (token: string, body: Record<string, unknown>) =>
  ex.api.post<LeverPositionView>(
    'lever/submit',
    { currency_match_id: DOT_USDT, share: 1, multiple: 10, type: 1, status: 1, ...body },
    { token },
  );

async function closedList(token: string) {
  return (await ex.api.post<Paged<LeverPositionView>>('lever/my_trade', { status: 3 }, { token })).body.data!
    .data;
}

describe('leveraged positions', () => {
  it('opens at the mark with the spread, holds exact margin and fee, and a close settles the profit exactly', async () => {
    const book = await dotBook();
    const alice = await leverTrader('1000');
    const deal = await ex.api.post<LeverDeal>(
      'lever/deal',
      { currency_match_id: DOT_USDT },
      { token: alice.token },
    );
    expect(deal.body.data).toMatchObject({
      user_lever: '1000',
      last_price: '7.25',
      lever_point_rate: '0.05',
      lever_share_num: '10',
      multiple: { muit: [{ value: 5 }, { value: 10 }, { value: 20 }] },
      hazard_rate: null,
    });
    expect(deal.body.data!.quotation.currency_match_id).toBe(DOT_USDT);
    expect(deal.body.data!.all_levers).toEqual([
      { currency_id: USDT, code: 'USDT', balance: '1000', lock_balance: '0' },
    ]);
    const opened = await submit(alice.token, { share: 2 });
    expect(opened.body.code, opened.body.msg).toBe(1);
    // Entry 7.25 + 0.05 % = 7.253625, rounded up to 3 decimals: 7.254. 20 DOT × 7.254 = 145.08.
    expect(opened.body.data).toMatchObject({
      status: 1,
      price: '7.254',
      number: '20',
      caution_money: '14.508',
      trade_fee: '0.07254',
    });
    expect(await balanceOf(ex.api, alice.token, USDT, LEVER)).toBe('985.41946');
    const live = await signedIn(ex.url, alice.token, ['LEVER_TRADE', 'LEVER_CLOSED']);
    await book.trade('7.4');
    await tick();
    // The tape also samples each real second: pushes at the marks on the way (7.25, or 7.2 while the
    // new ask rests before the trade) may come first. The one at 7.4 must come within the wait.
    const pushed = await live.nextMatching('LEVER_TRADE', (frame) => frame.params.profits_all === '2.92');
    expect(pushed.params).toMatchObject({ currency_match_id: DOT_USDT, profits_all: '2.92' });
    // Close at the mark less the spread: 7.4 − 0.0037 = 7.3963, down to 7.396; profit (7.396 − 7.254) × 20.
    const closed = await ex.api.post<LeverPositionView>(
      'lever/close',
      { id: opened.body.data!.id },
      { token: alice.token },
    );
    expect(closed.body.data).toMatchObject({
      status: 3,
      closed_type: 1,
      close_price: '7.396',
      profits: '2.84',
    });
    expect((await live.next('LEVER_CLOSED')).params).toEqual({ id: [opened.body.data!.id] });
    live.socket.close();
    expect(await balanceOf(ex.api, alice.token, USDT, LEVER)).toBe(
      d('1000').sub(d('0.07254')).add(d('2.84')).toString(),
    );
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });

  it('a long hits its take-profit and a short its stop-loss at the mark that reached them', async () => {
    const book = await dotBook();
    // Back to 7.25, the middle of the book.
    await book.trade('7.25');
    await tick();
    const bob = await leverTrader('1000');
    const long = (await submit(bob.token, { type: 1 })).body.data!;
    const short = (await submit(bob.token, { type: 2 })).body.data!;
    const wrong = await ex.api.post(
      'lever/setstop',
      { id: long.id, target_profit_price: '7', stop_loss_price: '0' },
      { token: bob.token },
    );
    expect(wrong.body.msg).toMatch(/profitable side/);
    const set = await ex.api.post<LeverPositionView>(
      'lever/setstop',
      { id: long.id, target_profit_price: '7.4', stop_loss_price: '7.01' },
      { token: bob.token },
    );
    expect(set.body.data).toMatchObject({ target_profit_price: '7.4', stop_loss_price: '7.01' });
    await ex.api.post(
      'lever/setstop',
      { id: short.id, target_profit_price: '0', stop_loss_price: '7.4' },
      { token: bob.token },
    );
    await book.trade('7.45');
    await tick();
    const closed = new Map((await closedList(bob.token)).map((p) => [p.id, p]));
    expect(closed.get(long.id)).toMatchObject({ closed_type: 3, close_price: '7.45', update_price: '7.45' });
    expect(closed.get(short.id)).toMatchObject({ closed_type: 4, close_price: '7.45' });
    // Long: (7.45 − entry) × 10; short: (entry − 7.45) × 10.
    expect(d(closed.get(long.id)!.profits).toString()).toBe(
      d('7.45').sub(d(long.price!)).mul(d('10')).toString(),
    );
    expect(d(closed.get(short.id)!.profits).toString()).toBe(
      d(short.price!).sub(d('7.45')).mul(d('10')).toString(),
    );
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });

  it('a fixed-price long opens when the mark falls to its target; a pending order can be cancelled', async () => {
    const book = await dotBook();
    const carol = await leverTrader('100');
    const fixed = await submit(carol.token, { status: 0, target_price: '7.2' });
    expect(fixed.body.data).toMatchObject({ status: 0, price: null, target_price: '7.2' });
    const other = await submit(carol.token, { status: 0, target_price: '7.1' });
    // Both held: margin and fee of each at its target (7.2 → 7.204 entry, 70 × … for 10 DOT).
    const held = d('100').sub(d(fixed.body.data!.caution_money)).sub(d(fixed.body.data!.trade_fee));
    expect(await balanceOf(ex.api, carol.token, USDT, LEVER)).toBe(
      held.sub(d(other.body.data!.caution_money)).sub(d(other.body.data!.trade_fee)).toString(),
    );
    const cancelled = await ex.api.post('lever/cancel', { id: other.body.data!.id }, { token: carol.token });
    expect(cancelled.body.code, cancelled.body.msg).toBe(1);
    expect(await balanceOf(ex.api, carol.token, USDT, LEVER)).toBe(held.toString());
    await book.quote('7.1', '7.2');
    await book.trade('7.15');
    await tick();
    const open = (
      await ex.api.post<Paged<LeverPositionView>>('lever/my_trade', { status: 1 }, { token: carol.token })
    ).body.data!.data;
    expect(open.find((p) => p.id === fixed.body.data!.id)).toMatchObject({ status: 1, price: '7.204' });
  });

  it('liquidates a 50× long at the mark of the instant its hazard rate falls to the setting; insurance covers a loss past the balance', async () => {
    const maker = await trader(ex, [
      [USDT, '1000000'],
      [ETH, '1000'],
    ]);
    const taker = await trader(ex, [[ETH, '10']]);
    const eth = async (path: string, token: string, body: Record<string, unknown>) => {
      const answer = await ex.api.post(path, { currency_match_id: ETH_USDT, type: 0, ...body }, { token });
      expect(answer.body.code, answer.body.msg).toBe(1);
    };
    await eth('tx_in/add', maker.token, { price: '3000', number: '0.1' });
    await eth('tx_out/add', maker.token, { price: '3010', number: '5' });
    await tick();
    const dan = await leverTrader('16');
    const risky = await submit(dan.token, { currency_match_id: ETH_USDT, multiple: 50, share: 1 });
    expect(risky.body.code, risky.body.msg).toBe(1);
    expect(risky.body.data!.price).toBe('3006.51');
    const insuranceBefore = ex.sequencer.books.find({ system: 'insurance' }, 0, USDT)!.balance;
    // The bid is taken and the market gaps down to 2800/2810, trading at 2805.
    await eth('tx_out/add', taker.token, { type: 1, number: '0.1' });
    await eth('tx_in/add', maker.token, { price: '2800', number: '5' });
    await eth('tx_out/add', taker.token, { price: '2805', number: '0.1' });
    await eth('tx_in/add', maker.token, { type: 1, number: '0.1' });
    await tick();
    const closed = await closedList(dan.token);
    expect(closed[0]).toMatchObject({
      id: risky.body.data!.id,
      closed_type: 2,
      close_price: '2805',
      update_price: '2805',
    });
    // The loss (3006.51 − mark) × 0.1 is more than margin and balance: the user ends at zero, never below.
    expect(await balanceOf(ex.api, dan.token, USDT, LEVER)).toBe('0');
    const insuranceAfter = ex.sequencer.books.find({ system: 'insurance' }, 0, USDT)!.balance;
    expect(insuranceAfter).toBeLessThan(insuranceBefore);
    // The view says it apart: what the user lost (all they had left) and what insurance covered,
    // to the unit of the ledger, adding up to the loss.
    const view = closed[0]!;
    const covered = Decimal.fromUnits(insuranceBefore - insuranceAfter);
    expect(Decimal.parse(view.insurance_cover).eq(covered)).toBe(true);
    expect(covered.isPositive()).toBe(true);
    expect(
      Decimal.parse(view.user_loss).add(covered).eq(Decimal.parse(view.profits).neg()),
      `${view.user_loss} + ${view.insurance_cover} = -${view.profits}`,
    ).toBe(true);
    // The user lost their margin and the rest of their balance: what went in, less the opening fee.
    expect(
      Decimal.parse(view.user_loss).eq(Decimal.parse('16').sub(Decimal.parse(risky.body.data!.trade_fee))),
    ).toBe(true);
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    await dotBook();
    const erin = await leverTrader('10');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ currency_match_id: 3 }, /not open on this market/],
      [{ multiple: 7 }, /multiple is not offered/],
      [{ share: 500 }, /between 1 and 200/],
      [{ status: 0, target_price: '0' }, /fixed price above zero/],
      [{ status: 0 }, /fixed price above zero/],
      [{ status: 0, target_price: '7.1234' }, /more than 3 decimals/],
      [{ share: 20, multiple: 5 }, /Not enough/],
      [{ type: 3 }, /1 \(long\) or 2 \(short\)/],
    ];
    for (const [change, message] of cases) {
      const answer = await submit(erin.token, change);
      expect(answer.body.code, JSON.stringify(change)).toBe(0);
      expect(answer.body.msg, JSON.stringify(change)).toMatch(message);
    }
    const other = await leverTrader('100');
    const theirs = (await submit(other.token, {})).body.data!;
    const steal = await ex.api.post('lever/close', { id: theirs.id }, { token: erin.token });
    expect(steal.body.msg).toMatch(/No such open position/);
    expect(await balanceOf(ex.api, erin.token, USDT, LEVER)).toBe('10');
  });

  it('charges an overnight fee once per day, across a restart, from the margin', async () => {
    await dotBook();
    const frank = await leverTrader('100');
    const position = (await submit(frank.token, {})).body.data!;
    // Two days and a bit later, with a restart in between.
    ex.clock.advance(86_400_000);
    await tick();
    ex = await ex.restart();
    ex.clock.advance(86_400_000 + 3_600_000);
    await tick();
    await tick();
    const charges = await ex.db.kysely
      .selectFrom('lever_overnight')
      .selectAll()
      .where('position_id', '=', position.id)
      .execute();
    expect(charges.length).toBeGreaterThanOrEqual(2);
    expect(charges.length).toBeLessThanOrEqual(3);
    const each = d(position.price!).mul(d(position.number)).mul(d('0.0008'), 8, 'up');
    for (const charge of charges) expect(d(String(charge.charged)).toString()).toBe(each.toString());
    const open = (
      await ex.api.post<Paged<LeverPositionView>>('lever/my_trade', { status: 1 }, { token: frank.token })
    ).body.data!.data;
    const now = open.find((p) => p.id === position.id)!;
    expect(d(now.overnight_money).toString()).toBe(each.mul(Decimal.fromInt(charges.length)).toString());
    expect(d(now.caution_money).toString()).toBe(
      d(position.caution_money).sub(d(now.overnight_money)).toString(),
    );
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});
