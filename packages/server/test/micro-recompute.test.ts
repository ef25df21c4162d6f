import type {
  MarkPriceView,
  MicroOrderView,
  MicroPayableCurrency,
  MicroSecondsOption,
  Paged,
} from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, USDT } from './helpers/ledger.js';
import { listOrders, MICRO, microTrader, submit } from './helpers/micro.js';
import { budget } from './helpers/budget.js';

/*
 * Honesty, proven from the outside: a thousand random orders while the market maker trades, then
 * every outcome recomputed from the public tape alone, with code written here (bigint arithmetic)
 * that shares nothing with the server's settlement.
 */

let ex: TestExchange;
let stepping: NodeJS.Timeout | undefined;
beforeAll(async () => {
  ex = await startTestExchange({ marketMaker: true, marketMakerBackfillDays: 0 });
  // The liquidity accounts trade on every 40 ms while the users do, as the live bot would.
  stepping = setInterval(() => void ex.marketMaker!.step(), 40);
}, budget(120_000));
afterAll(async () => {
  clearInterval(stepping);
  await ex?.stop();
});

const SCALE = 10n ** 18n;

/** A decimal string as an integer of 10^-18, parsed here without the server's Decimal. */
function units(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * SCALE + BigInt(fraction.padEnd(18, '0'));
  return negative ? -value : value;
}

/** The published mark rule: the median of the inputs present (the mean of two). */
function median(row: MarkPriceView): bigint {
  const inputs = [row.best_bid, row.best_ask, row.last_price]
    .filter((value): value is string => value !== null)
    .map(units)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return inputs.length === 2 ? (inputs[0]! + inputs[1]!) / 2n : inputs[Math.floor(inputs.length / 2)]!;
}

/** The last row at or before `time` (rows sorted by time, ascending). */
function inForce(rows: MarkPriceView[], time: number): MarkPriceView | undefined {
  let found: MarkPriceView | undefined;
  for (const row of rows) {
    if (row.time > time) break;
    found = row;
  }
  return found;
}

async function wholeTape(marketId: number, from: number, to: number): Promise<MarkPriceView[]> {
  const rows: MarkPriceView[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await ex.api.get<Paged<MarkPriceView>>('market/mark_prices', {
      currency_match_id: marketId,
      from,
      to,
      page,
      limit: 500,
    });
    rows.push(...answer.body.data!.data);
    if (page >= answer.body.data!.last_page) break;
  }
  return rows.sort((a, b) => a.time - b.time);
}

async function allClosed(token: string): Promise<MicroOrderView[]> {
  const orders: MicroOrderView[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listOrders(ex.api, token, 3, { page, limit: 50 });
    orders.push(...answer.data);
    if (page >= answer.last_page) break;
  }
  return orders;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('every seconds-contract outcome can be recomputed from the public tape', () => {
  it(
    '1,000 random orders while the market maker trades: outcome, prices and payout all agree',
    async () => {
      const seconds = (await ex.api.get<MicroSecondsOption[]>('microtrade/seconds')).body.data!;
      const usdt = (
        await ex.api.get<MicroPayableCurrency[]>('microtrade/payable_currencies')
      ).body.data!.find((currency) => currency.id === USDT)!;
      const markets = ex.spot.markets
        .all()
        .filter((market) => market.row.open_microtrade === 1)
        .map((m) => m.id);
      const users = await Promise.all(Array.from({ length: 8 }, () => microTrader(ex, '1000000')));
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        // The high bits: this generator's low bits repeat with a short period, which tied each order's
        // side to its market (all ups on one market, downs on another), so a trend decided most outcomes.
        return Math.floor(seed / 2 ** 15) % n;
      };
      const unavailable = 'This market has no current mark price yet; try again in a moment';
      await ex.markTape.tick();
      const placed: MicroOrderView[] = [];
      let refused = 0;
      while (placed.length < 1000) {
        const answers = await Promise.all(
          Array.from({ length: 40 }, () =>
            submit(ex.api, users[random(users.length)]!.token, {
              match_id: markets[random(markets.length)]!,
              currency_id: USDT,
              type: random(2) === 0 ? 1 : 2,
              seconds: seconds[random(seconds.length)]!.seconds,
              number: usdt.micro_numbers[random(usdt.micro_numbers.length)]!.number,
            }),
          ),
        );
        for (const answer of answers) {
          // Refused, rightly, while the tape holds no current mark (a loaded machine may sample the
          // book while the maker replaces its quotes): nothing opens on it, and nothing is to check.
          if (answer.body.code !== 1 && answer.body.msg === unavailable) {
            refused += 1;
            continue;
          }
          expect(answer.body.code, answer.body.msg).toBe(1);
          placed.push(answer.body.data!);
        }
        // The maker trades for a moment; the tape samples a second later.
        await pause(60);
        ex.clock.advance(1000 + random(4000));
        await ex.markTape.tick();
      }
      // The exception, not the rule: a test where most orders were refused would prove little.
      expect(refused).toBeLessThan(250);
      const lastEnd = Math.max(...placed.map((order) => order.ends_at));
      while (ex.clock.now() < lastEnd + 2000) {
        await pause(20);
        ex.clock.advance(5000);
        await ex.markTape.tick();
      }
      await expect.poll(() => ex.micro.service.open.size, { timeout: budget(20_000) }).toBe(0);

      const from = Math.min(...placed.map((order) => order.open_time)) - 3_600_000;
      const tapes = new Map<number, MarkPriceView[]>();
      for (const id of markets) tapes.set(id, await wholeTape(id, from, lastEnd));
      let wins = 0;
      let checked = 0;
      for (const user of users) {
        const closed = await allClosed(user.token);
        let expected = units('1000000');
        for (const order of closed) {
          const tape = tapes.get(order.currency_match_id)!;
          const open = inForce(tape, order.open_time)!;
          const end = inForce(tape, order.ends_at)!;
          expect(median(open), `order ${order.id}: open row`).toBe(units(open.price));
          expect(median(end), `order ${order.id}: end row`).toBe(units(end.price));
          expect(units(order.open_price), `order ${order.id}: open price`).toBe(units(open.price));
          expect(units(order.end_price!), `order ${order.id}: end price`).toBe(units(end.price));
          expect(order.ends_at - order.open_time).toBe(order.seconds * 1000);
          const move = units(end.price) - units(open.price);
          const outcome = move === 0n ? 'tie' : move > 0n === (order.type === 1) ? 'win' : 'loss';
          const stake = units(order.number);
          // Profit: stake × ratio, cut to the currency's 8 decimals.
          const step = 10n ** 10n;
          const profit = ((stake * units(order.profit_ratio)) / SCALE / step) * step;
          const payout = outcome === 'win' ? stake + profit : outcome === 'tie' ? stake : 0n;
          expect(order.outcome, `order ${order.id}`).toBe(outcome);
          expect(units(order.payout!), `order ${order.id}: payout`).toBe(payout);
          expect(units(order.fact_profits!)).toBe(payout - stake);
          expect(units(order.fee)).toBe((stake / 1000n / step) * step);
          expected += payout - stake - units(order.fee);
          if (outcome === 'win') wins += 1;
          checked += 1;
        }
        expect(units(await balanceOf(ex.api, user.token, USDT, MICRO)), user.email).toBe(expected);
      }
      expect(checked).toBe(placed.length);
      // The market moved: real wins and real losses, not one outcome everywhere.
      expect(wins).toBeGreaterThan(100);
      expect(wins).toBeLessThan(900);
      expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
    },
    budget(240_000),
  );
});
