import {
  averageOver,
  checkMarkRow,
  Decimal,
  markSample,
  windowAverage,
  type LeverPositionView,
  type MarkRule,
  type MicroOrderView,
  type PriceAmount,
  type SpotOrderView,
} from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, BTC, BTC_USDT, LEVER, trader, USDT } from './helpers/ledger.js';
import { MICRO, listOrders } from './helpers/micro.js';
import { budget } from './helpers/budget.js';

/*
 * The pin attack, replayed against the real server with the demo market maker trading: an attacker
 * rests a small order (0.012 BTC, about 800 USDT) one tick inside the spread to drag the mark, opens
 * a contract, drags it the other way, and closes. Under the impact-price rule the pin must barely
 * move the mark (measured against the same seconds recomputed without the attacker's order) and the
 * strategy must not make money after fees. The tape and the maker are driven second by second, so
 * the run is the same every time.
 */

const PIN = '0.012';
const d = Decimal.parse;
let ex: TestExchange;
let attacker: { token: string; id: number };
const moves: Decimal[] = [];
/** The counterfactual samples (without the attacker's orders), one per second, for the window. */
const honestSamples: Decimal[] = [];
/** The counterfactual mark by tape second. */
const honestMarks = new Map<number, Decimal>();
let second = 0;

beforeAll(async () => {
  ex = await startTestExchange(
    {
      marketMaker: true,
      // A short history gives the trade price something to average; the live bot is stepped by hand.
      marketMakerBackfillDays: 0.05,
    },
    { seededMarkRule: true },
  );
  ex.markTape.stop();
  ex.clock.freeze();
  attacker = await trader(ex, [
    [USDT, '100000'],
    [BTC, '2'],
  ]);
  await ex.ledger.credit(attacker.id, LEVER, USDT, '10000');
  await ex.ledger.credit(attacker.id, MICRO, USDT, '10000');
  await ticks(10);
}, budget(120_000));
afterAll(async () => ex?.stop());

const market = () => ex.spot.markets.market(BTC_USDT);

function ruleOf(): MarkRule {
  const row = market().row;
  return {
    notional: d(String(row.mark_impact_notional)),
    window: row.mark_window,
    priceDecimals: market().priceDecimals,
    amountDecimals: market().numberDecimals,
  };
}

/** The book's levels, with the attacker's resting orders taken out when `honest`. */
function levels(side: 'bids' | 'asks', honest: boolean): PriceAmount[] {
  const depth = ex.spot.orders.book(BTC_USDT).depth(200)[side];
  const mine = [...ex.spot.orders.open.values()].filter(
    (order) => honest && order.userId === attacker.id && order.market.id === BTC_USDT,
  );
  return depth
    .map((level) => {
      const resting = mine
        .filter((order) => order.priceTicks === level.price)
        .reduce((sum, order) => sum.add(order.number.sub(order.filled)), Decimal.ZERO);
      return { price: market().price(level.price), amount: market().quantity(level.quantity).sub(resting) };
    })
    .filter((level) => level.amount.isPositive());
}

function sampleNow(honest: boolean): Decimal | null {
  const rule = ruleOf();
  const trades = ex.spot
    .recentTrades(BTC_USDT)
    .map((trade) => ({ price: d(trade.price), amount: d(trade.amount) }));
  return markSample(
    averageOver(levels('bids', honest), rule)?.price ?? null,
    averageOver(levels('asks', honest), rule)?.price ?? null,
    averageOver(trades, rule)?.price ?? null,
    rule,
  );
}

/**
 * One second: the maker steps every other second, the tape samples, and the tape's mark is
 * compared with the mark the same seconds give without the attacker's resting orders.
 */
async function advance(): Promise<void> {
  second += 1;
  if (second % 2 === 0) await ex.marketMaker!.step();
  ex.clock.advance(1000);
  const at = Math.floor(ex.clock.now() / 1000) * 1000;
  const honest = sampleNow(true);
  await ex.markTape.tick();
  if (honest) honestSamples.push(honest);
  const rule = ruleOf();
  if (honestSamples.length < rule.window) return;
  const honestMark = windowAverage(honestSamples.slice(-rule.window), rule);
  honestMarks.set(at, honestMark);
  const mark = ex.markTape.latest(BTC_USDT)!.price;
  const move = mark.sub(honestMark).abs();
  moves.push(move);
}

async function ticks(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await advance();
}

/** Rests the pin one tick inside the spread: an ask above the best bid (drags the mark down) or a bid below the best ask. */
async function pin(direction: 'low' | 'high'): Promise<SpotOrderView[]> {
  const book = ex.spot.orders.book(BTC_USDT);
  const tick = d('0.01');
  const price =
    direction === 'low'
      ? market().price(book.bestBid()!).add(tick)
      : market().price(book.bestAsk()!).sub(tick);
  const path = direction === 'low' ? 'tx_out/add' : 'tx_in/add';
  const placed = await ex.api.post<SpotOrderView>(
    path,
    { currency_match_id: BTC_USDT, type: 0, price: price.toString(), number: PIN },
    { token: attacker.token },
  );
  expect(placed.body.code, placed.body.msg).toBe(1);
  return [placed.body.data!];
}

async function unpin(orders: SpotOrderView[]): Promise<void> {
  for (const order of orders) {
    // A pin the maker's taker already filled is gone: that fill is part of the attack's cost.
    if (!ex.spot.orders.open.has(order.id)) continue;
    const cancelled = await ex.api.post(
      ex.spot.orders.open.get(order.id)!.way === 1 ? 'tx_in/cancel' : 'tx_out/cancel',
      { id: order.id },
      { token: attacker.token },
    );
    expect(cancelled.body.code, cancelled.body.msg).toBe(1);
  }
}

/** The attacker's USDT in the contract accounts (lever and micro). */
async function holdings(): Promise<{ usdt: Decimal }> {
  const usdt = async (type: number) => d(await balanceOf(ex.api, attacker.token, USDT, type));
  return { usdt: (await usdt(LEVER)).add(await usdt(MICRO)) };
}

/**
 * The strategy's result: what its contracts made after fees (the lever and micro accounts). What
 * the pins cost when the maker's taker filled them is left out, so the figure favours the attacker.
 */
async function resultSince(before: { usdt: Decimal }): Promise<Decimal> {
  return (await holdings()).usdt.sub(before.usdt);
}

describe('the pin attack on the impact-price mark', () => {
  it(
    '20 rounds of pin low, 100× long, pin high, close: the pins barely move the mark and the strategy loses',
    async () => {
      const window = ruleOf().window;
      const before = await holdings();
      for (let round = 0; round < 20; round += 1) {
        const low = await pin('low');
        await ticks(window);
        const opened = await ex.api.post<LeverPositionView>(
          'lever/submit',
          { currency_match_id: BTC_USDT, share: 20, multiple: 100, type: 1, status: 1 },
          { token: attacker.token },
        );
        expect(opened.body.code, opened.body.msg).toBe(1);
        await unpin(low);
        const high = await pin('high');
        await ticks(window);
        const closed = await ex.api.post(
          'lever/close',
          { id: opened.body.data!.id },
          { token: attacker.token },
        );
        expect(closed.body.code, closed.body.msg).toBe(1);
        await unpin(high);
      }
      const result = await resultSince(before);
      report('lever', result);
      // A 0.012 BTC pin is about 3 % of the 25,000 USDT impact notional: it may move the mark by
      // about 3 % of the walk's span, a basis point or so on the demo's book, never more than two.
      expect(largestMoveBps().lt(d('2')), `largest move ${largestMoveBps().toString()} bp`).toBe(true);
      expect(result.isPositive(), `lever strategy result ${result.toString()}`).toBe(false);
    },
    budget(240_000),
  );

  it(
    '20 seconds contracts, each opened on a pin one way and ended on a pin the other way: the pins decide no outcome, and the strategy loses',
    async () => {
      const window = ruleOf().window;
      const before = await holdings();
      for (let round = 0; round < 20; round += 1) {
        // Up contracts open on a low pin and end on a high one; down contracts the other way round.
        const up = round % 2 === 0;
        const opening = await pin(up ? 'low' : 'high');
        await ticks(window);
        const placed = await ex.api.post<MicroOrderView>(
          'microtrade/submit',
          { match_id: BTC_USDT, currency_id: USDT, type: up ? 1 : 2, seconds: 30, number: '100' },
          { token: attacker.token },
        );
        expect(placed.body.code, placed.body.msg).toBe(1);
        await unpin(opening);
        await ticks(30 - window);
        const ending = await pin(up ? 'high' : 'low');
        await ticks(window + 1);
        await unpin(ending);
      }
      await ticks(2);
      const settled = (await listOrders(ex.api, attacker.token, 3, { limit: 50 })).data;
      expect(settled).toHaveLength(20);
      const honestAt = (time: number) =>
        honestMarks.get(Math.max(...[...honestMarks.keys()].filter((second) => second <= time)))!;
      const flipped = settled.filter((order) => {
        const open = honestAt(order.open_time);
        const end = honestAt(order.ends_at);
        const honest = end.eq(open) ? 'tie' : end.gt(open) === (order.type === 1) ? 'win' : 'loss';
        return honest !== order.outcome;
      });
      const won = settled.filter((order) => order.outcome === 'win').length;
      const result = await resultSince(before);
      report(`micro (${won} of 20 won, ${flipped.length} outcomes differ from the pin-free mark)`, result);
      expect(flipped).toEqual([]);
      expect(result.isPositive(), `seconds strategy result ${result.toString()}`).toBe(false);
    },
    budget(240_000),
  );

  it('every row of the attack recomputes from itself, and the ledger audits clean', async () => {
    const rows = await ex.markTape.list(BTC_USDT, 0, ex.clock.now(), 1, 500);
    expect(rows.data.length).toBeGreaterThan(100);
    const ordered = [...rows.data].reverse();
    for (const [index, row] of ordered.entries()) {
      expect(row.figures).not.toBeNull();
      const previous = index === 0 ? null : ordered[index - 1]!.price;
      if (index > 0) expect(checkMarkRow(row.figures!, previous), `row ${row.time}`).toEqual([]);
    }
    const audit = await auditLedger(ex.db.kysely);
    expect(audit.problems).toEqual([]);
  });
});

function largestMoveBps(): Decimal {
  const largest = moves.reduce((max, move) => Decimal.max(max, move), Decimal.ZERO);
  return largest.mul(d('10000')).div(ex.markTape.latest(BTC_USDT)!.price, 3, 'up');
}

function report(label: string, result: Decimal): void {
  const largest = moves.reduce((max, move) => Decimal.max(max, move), Decimal.ZERO);
  const mark = ex.markTape.latest(BTC_USDT)!.price;
  const bps = largestMoveBps();
  // The figures the note reports: printed, not asserted beyond the bounds above.
  console.warn(
    `mark attack, ${label}: strategy result ${result.toString()} USDT after fees; largest move of the mark by the pins ${largest.toString()} USDT (${bps.toString()} bp of ${mark.toString()})`,
  );
}
