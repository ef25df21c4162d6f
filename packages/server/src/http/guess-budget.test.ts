import { describe, expect, it } from 'vitest';
import { GuessBudget } from './guess-budget.js';

describe('GuessBudget', () => {
  it('allows the budget per address per minute, then answers the seconds left', () => {
    const budget = new GuessBudget(3);
    expect([0, 1, 2].map(() => budget.spend('a', 1_000))).toEqual([0, 0, 0]);
    expect(budget.spend('a', 31_000)).toBe(30);
    expect(budget.spend('b', 31_000)).toBe(0);
    expect(budget.spend('a', 61_000)).toBe(0);
  });

  it('never lets a spent window refill early', () => {
    const budget = new GuessBudget(1);
    expect(budget.spend('a', 0)).toBe(0);
    expect(budget.spend('a', 59_999)).toBe(1);
    expect(budget.spend('a', 60_000)).toBe(0);
  });
});
