import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../src/decimal.js';
import {
  averageOver,
  checkMarkRow,
  markSample,
  windowAverage,
  type MarkRowFigures,
  type MarkRule,
  type PriceAmount,
} from '../src/mark.js';

const d = (text: string) => Decimal.parse(text);
const level = (price: string, amount: string): PriceAmount => ({ price: d(price), amount: d(amount) });
const rule: MarkRule = { notional: d('1000'), window: 5, priceDecimals: 2, amountDecimals: 4 };

describe('averageOver: the impact price of a notional', () => {
  it('takes whole levels, the last in part (amount rounded up to a lot), and averages value over amount', () => {
    // 5 × 100 = 500, then 500 more at 99: 500 / 99 = 5.0505… → 5.0506 (rounded up to the lot).
    const walk = averageOver([level('100', '5'), level('99', '10'), level('98', '10')], rule)!;
    expect(walk.consumed.map((fill) => [fill.price.toString(), fill.amount.toString()])).toEqual([
      ['100', '5'],
      ['99', '5.0506'],
    ]);
    // (500 + 99 × 5.0506) / 10.0506 = 99.4974… to 4 decimals.
    expect(walk.price.toString()).toBe('99.4975');
  });

  it('is null when the levels are worth less than the notional (a thin side)', () => {
    expect(averageOver([level('100', '5'), level('99', '5')], rule)).toBeNull();
    expect(averageOver([], rule)).toBeNull();
  });
});

describe('markSample', () => {
  it('is the median of impact bid, impact ask and trade price; a trade outside the impact spread is clipped', () => {
    expect(markSample(d('99'), d('101'), d('100.5'), rule)!.toString()).toBe('100.5');
    expect(markSample(d('99'), d('101'), d('250'), rule)!.toString()).toBe('101');
    expect(markSample(d('99'), d('101'), d('1'), rule)!.toString()).toBe('99');
  });

  it('is the mean of the impact prices without enough trades, and nothing on a thin book', () => {
    expect(markSample(d('99'), d('100.01'), null, rule)!.toString()).toBe('99.505');
    expect(markSample(null, d('101'), d('100'), rule)).toBeNull();
    expect(markSample(d('99'), null, d('100'), rule)).toBeNull();
  });

  it('averages the window half-up at two decimals past the price', () => {
    expect(windowAverage([d('100'), d('100.01'), d('100.01')], rule).toString()).toBe('100.0067');
  });
});

/** A random book: levels on a tick grid below (bids) or above (asks) a centre price. */
const bookSide = (side: 1 | -1) =>
  fc
    .array(fc.record({ ticks: fc.integer({ min: 1, max: 400 }), lots: fc.integer({ min: 1, max: 5000 }) }), {
      minLength: 1,
      maxLength: 40,
    })
    .map((levels) => {
      const seen = new Set<number>();
      return levels
        .filter((entry) => !seen.has(entry.ticks) && seen.add(entry.ticks))
        .sort((a, b) => a.ticks - b.ticks)
        .map((entry) =>
          level(
            Decimal.fromInt(10_000 + side * entry.ticks)
              .div(d('100'), 2)
              .toString(),
            Decimal.fromInt(entry.lots).div(d('1000'), 4).toString(),
          ),
        );
    });

describe('property: one small order cannot move the sample', () => {
  const notional = d('5000');
  const propertyRule: MarkRule = { notional, window: 5, priceDecimals: 2, amountDecimals: 4 };
  const tenth = notional.div(d('10'));

  // The stated bound: an order worth v moves its side's impact price by at most v / notional times the
  // span of that walk (from the far end of the walk to the other side's best price, where the order
  // can sit at most); the sample, a median with the other inputs fixed, moves no more than that.
  it('an order worth under a tenth of the impact notional, placed anywhere a resting order can be, moves the sample by under a tenth of its walk’s span', () => {
    fc.assert(
      fc.property(
        bookSide(-1),
        bookSide(1),
        fc.option(fc.integer({ min: 9_500, max: 10_500 })),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000 }),
        (bids, asks, tradeTicks, fraction, onBid, placeAt) => {
          const before = sampleOf(bids, asks, tradeTicks, propertyRule);
          if (!before) return;
          const { value, farBid, farAsk } = before;
          // A bid can rest anywhere below the best ask (above it, it would trade); an ask above the best bid.
          const bestAsk = asks[0]!.price;
          const bestBid = bids[0]!.price;
          const low = onBid ? d('0.01') : bestBid.add(d('0.01'));
          const high = onBid ? bestAsk.sub(d('0.01')) : d('200');
          if (high.lt(low)) return;
          const price = low.add(high.sub(low).mul(Decimal.fromInt(placeAt)).div(d('10000'), 2, 'down'));
          // Worth less than a tenth of the notional: amount < tenth / price.
          const amount = tenth
            .mul(Decimal.fromInt(fraction))
            .div(Decimal.fromInt(1_000_000))
            .div(price, 4, 'down');
          if (!amount.isPositive() || !price.mul(amount).lt(tenth)) return;
          const pinned = { price, amount };
          const after = onBid
            ? sampleOf(insert(bids, pinned, true), asks, tradeTicks, propertyRule)
            : sampleOf(bids, insert(asks, pinned, false), tradeTicks, propertyRule);
          expect(after).not.toBeNull();
          const span = onBid ? bestAsk.sub(farBid) : farAsk.sub(bestBid);
          const bound = price.mul(amount).div(notional).mul(span, 4, 'up').add(d('0.0002'));
          expect(bound.lte(span.div(d('10'), 4, 'up').add(d('0.0002')))).toBe(true);
          expect(
            after!.value.sub(value).abs().lte(bound),
            `moved ${value} → ${after!.value}, bound ${bound}`,
          ).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});

function insert(levels: PriceAmount[], order: PriceAmount, bids: boolean): PriceAmount[] {
  const merged = levels.map((entry) => ({ ...entry }));
  const same = merged.find((entry) => entry.price.eq(order.price));
  if (same) same.amount = same.amount.add(order.amount);
  else merged.push(order);
  return merged.sort((a, b) => (bids ? b.price.cmp(a.price) : a.price.cmp(b.price)));
}

function sampleOf(bids: PriceAmount[], asks: PriceAmount[], tradeTicks: number | null, rule: MarkRule) {
  const bid = averageOver(bids, rule);
  const ask = averageOver(asks, rule);
  const trade = tradeTicks === null ? null : Decimal.fromInt(tradeTicks).div(d('100'), 2);
  const value = markSample(bid?.price ?? null, ask?.price ?? null, trade, rule);
  return bid && ask && value
    ? { value, farBid: bid.consumed.at(-1)!.price, farAsk: ask.consumed.at(-1)!.price }
    : null;
}

describe('checkMarkRow: anyone recomputes a row from itself', () => {
  const row: MarkRowFigures = {
    time: 10_000,
    impact_notional: '1000',
    window_size: 2,
    price_decimals: 2,
    number_decimals: 4,
    impact_bid: '99.4975',
    impact_ask: '101',
    trade_price: '100.2',
    sample: '100.2',
    window: [
      [9_000, '100.4'],
      [10_000, '100.2'],
    ],
    price: '100.3',
    inputs: {
      bids: [
        ['100', '5'],
        ['99', '5.0506'],
      ],
      asks: [['101', '9.901']],
      trades: [[7, '100.2', '9.9801']],
    },
  };

  it('finds a true row true', () => {
    expect(checkMarkRow(row, '100')).toEqual([]);
  });

  it('names each figure that does not follow from the inputs', () => {
    expect(checkMarkRow({ ...row, price: '100.31' }, null).map((p) => p.field)).toEqual(['price']);
    expect(checkMarkRow({ ...row, impact_bid: '99.5' }, null).map((p) => p.field)).toEqual(['impact_bid']);
    const padded = {
      ...row,
      inputs: {
        ...row.inputs,
        asks: [
          ['101', '9.901'],
          ['102', '1'],
        ] as [string, string][],
      },
    };
    expect(checkMarkRow(padded, null).map((p) => p.field)).toContain('impact_ask');
    const stale = { ...row, window: [[1_000, '90'], ...row.window] as [number, string][] };
    expect(checkMarkRow(stale, null).map((p) => p.field)).toContain('window');
  });

  it('a held mark (window not full) must equal the mark before it', () => {
    const warming = { ...row, window: [[10_000, '100.2']] as [number, string][], price: '99' };
    expect(checkMarkRow(warming, '99')).toEqual([]);
    expect(checkMarkRow(warming, '98').map((p) => p.field)).toEqual(['price']);
  });
});
