import { describe, expect, it } from 'vitest';
import { DEMO_LIQUIDITY, ladder, planStep, seededRandom, walk } from './maker-rules.js';

describe('market maker rules', () => {
  it('replays the same walk from the same seed', () => {
    const run = (seed: number) => {
      const random = seededRandom(seed);
      let price = 680_000_000;
      const path: number[] = [];
      for (let i = 0; i < 100; i += 1) path.push((price = walk(price, 0.001, random)));
      return path;
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
    expect(run(7).every((p) => Number.isSafeInteger(p) && p > 0)).toBe(true);
  });

  it('moves about as much as the volatility says', () => {
    const random = seededRandom(1);
    let price = 1_000_000;
    const steps: number[] = [];
    for (let i = 0; i < 5000; i += 1) {
      const next = walk(price, 0.002, random);
      steps.push(next / price - 1);
      price = next;
    }
    const deviation = Math.sqrt(steps.reduce((sum, s) => sum + s * s, 0) / steps.length);
    expect(deviation).toBeGreaterThan(0.0015);
    expect(deviation).toBeLessThan(0.0025);
  });

  it('quotes bids below and asks above the reference, whole ticks and lots', () => {
    const quotes = ladder(
      10_000,
      { levels: 5, spread: 0.001, step: 0.0005, minLots: 1, maxLots: 10 },
      seededRandom(3),
    );
    const bids = quotes.filter((q) => q.side === 1);
    const asks = quotes.filter((q) => q.side === 2);
    expect(bids).toHaveLength(5);
    expect(asks).toHaveLength(5);
    expect(Math.max(...bids.map((q) => q.price))).toBeLessThan(10_000);
    expect(Math.min(...asks.map((q) => q.price))).toBeGreaterThan(10_000);
    expect(new Set(asks.map((q) => q.price)).size).toBe(5);
    expect(quotes.every((q) => Number.isInteger(q.price) && q.lots >= 1 && q.lots <= 10)).toBe(true);
  });

  it('never quotes a bid at or below zero for a tiny price', () => {
    const quotes = ladder(
      3,
      { levels: 5, spread: 0.01, step: 0.01, minLots: 1, maxLots: 1 },
      seededRandom(4),
    );
    expect(quotes.filter((q) => q.side === 1).every((q) => q.price >= 1)).toBe(true);
  });
});

describe('a step of the demo liquidity', () => {
  const rules = { ...DEMO_LIQUIDITY, lotsFor: (_ticks: number, usd: number) => Math.floor(usd / 100) };

  it('fills an empty book with a full ladder on both sides, never crossing the reference', () => {
    const plan = planStep(100_000, [], rules, seededRandom(3));
    expect(plan.cancels).toEqual([]);
    const bids = plan.quotes.filter((quote) => quote.side === 1);
    const asks = plan.quotes.filter((quote) => quote.side === 2);
    expect([bids.length, asks.length]).toEqual([20, 20]);
    expect(Math.max(...bids.map((quote) => quote.price))).toBeLessThan(100_000);
    expect(Math.min(...asks.map((quote) => quote.price))).toBeGreaterThan(100_000);
    expect(plan.quotes.every((quote) => quote.lots >= 10 && quote.lots <= 90)).toBe(true);
  });

  it('withdraws quotes on the wrong side or too far, keeps the rest and fills only gaps', () => {
    const first = planStep(100_000, [], rules, seededRandom(3));
    const resting = first.quotes.map((quote, id) => ({ id, side: quote.side, price: quote.price }));
    // The reference moved up by 0.1%: the best asks are now below it, and one far quote is stale.
    resting.push({ id: 99, side: 1, price: 98_000 });
    const plan = planStep(100_100, resting, rules, seededRandom(4));
    const cancelled = new Set(plan.cancels.map((order) => order.id));
    expect(cancelled.has(99)).toBe(true);
    for (const order of resting) {
      const wrong = order.side === 2 ? order.price <= 100_100 : order.price >= 100_100;
      if (wrong) expect(cancelled.has(order.id)).toBe(true);
    }
    const kept = resting.filter((order) => !cancelled.has(order.id)).map((order) => order.price);
    expect(plan.quotes.some((quote) => kept.includes(quote.price))).toBe(false);
    expect(plan.quotes.length).toBeLessThan(first.quotes.length);
  });

  it('replays the same plan from the same seed', () => {
    expect(planStep(5000, [], rules, seededRandom(9))).toEqual(planStep(5000, [], rules, seededRandom(9)));
  });
});
