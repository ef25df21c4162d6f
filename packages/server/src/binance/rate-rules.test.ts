import { describe, expect, it } from 'vitest';
import { requestWeight, WindowCounter } from './rate-rules.js';

describe('WindowCounter', () => {
  it('counts weight per caller in fixed windows, refusing past the limit until the next window', () => {
    const counter = new WindowCounter(60_000, 50);
    expect(counter.take('ip:a', 20, 120_000)).toEqual({ used: 20, allowed: true, retryAfterSeconds: 60 });
    expect(counter.take('ip:a', 30, 150_000)).toMatchObject({ used: 50, allowed: true });
    expect(counter.take('ip:a', 1, 170_500)).toEqual({ used: 51, allowed: false, retryAfterSeconds: 10 });
    expect(counter.take('ip:b', 1, 170_500)).toMatchObject({ used: 1, allowed: true });
    expect(counter.peek('ip:a', 179_999)).toBe(51);
    expect(counter.take('ip:a', 1, 180_000)).toMatchObject({ used: 1, allowed: true });
  });
});

describe('requestWeight', () => {
  it('weighs calls as Binance does: by the depth asked, one symbol or all', () => {
    expect(requestWeight('ping', 'GET')).toBe(1);
    expect(requestWeight('exchangeInfo', 'GET')).toBe(20);
    expect(requestWeight('depth', 'GET', { limit: 100 })).toBe(5);
    expect(requestWeight('depth', 'GET', { limit: 101 })).toBe(25);
    expect(requestWeight('depth', 'GET', { limit: 5000 })).toBe(250);
    expect(requestWeight('ticker/24hr', 'GET', { whole: false })).toBe(2);
    expect(requestWeight('ticker/24hr', 'GET', { whole: true })).toBe(80);
    expect(requestWeight('order', 'GET')).toBe(4);
    expect(requestWeight('order', 'POST')).toBe(1);
    expect(requestWeight('nosuch', 'GET')).toBe(1);
  });
});
