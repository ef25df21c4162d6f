import { describe, expect, it } from 'vitest';
import { ladder, seededRandom, walk } from './maker-rules.js';

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
