import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIRST_WAIT_MS,
  FORGET_AFTER_MS,
  FREE_TRIES,
  MAX_WAIT_MS,
  retryAt,
  sourceOf,
  throttleKey,
  waitAfter,
} from './sign-in-throttle.js';

describe('operator sign-in throttling', () => {
  it('lets the first few wrong tries through, then doubles the wait up to the longest', () => {
    expect(FREE_TRIES).toBe(3);
    expect([0, 1, 2].map(waitAfter)).toEqual([0, 0, 0]);
    expect(waitAfter(3)).toBe(FIRST_WAIT_MS);
    expect(waitAfter(4)).toBe(2 * FIRST_WAIT_MS);
    expect(waitAfter(5)).toBe(4 * FIRST_WAIT_MS);
    expect(waitAfter(11)).toBe(256 * FIRST_WAIT_MS);
    expect(waitAfter(12)).toBe(MAX_WAIT_MS);
    expect(waitAfter(1_000_000)).toBe(MAX_WAIT_MS);
  });

  it('never waits less after more wrong tries, nor longer than the longest wait', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (a, b) => {
        const [few, many] = a <= b ? [a, b] : [b, a];
        expect(waitAfter(few)).toBeLessThanOrEqual(waitAfter(many));
        expect(waitAfter(many)).toBeLessThanOrEqual(MAX_WAIT_MS);
      }),
    );
  });

  it('counts the wait from the last wrong try, and forgets tries a day old', () => {
    const now = 10 * FORGET_AFTER_MS;
    expect(retryAt([], now)).toBeNull();
    expect(retryAt([now - 3, now - 2, now - 1].slice(0, 2), now)).toBeNull();
    const three = [now - 3000, now - 2000, now - 1000];
    expect(retryAt(three, now)).toBe(now - 1000 + FIRST_WAIT_MS);
    expect(retryAt(three, now + FIRST_WAIT_MS)).toBeNull();
    const old = [now - FORGET_AFTER_MS - 5, now - FORGET_AFTER_MS, now - 10];
    expect(retryAt(old, now)).toBeNull();
  });

  it('is never shut for longer than the longest wait after the last try, however many tries', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(FORGET_AFTER_MS - 1), { maxLength: 200 }), (ago) => {
        const now = 2 * FORGET_AFTER_MS;
        const failures = ago.map((a) => now - a);
        const at = retryAt(failures, now);
        if (at !== null) expect(at - Math.max(...failures)).toBeLessThanOrEqual(MAX_WAIT_MS);
      }),
    );
  });

  it('keys by name and source address together; an IPv6 source by its /64', () => {
    expect(throttleKey(' Alice ', '10.0.0.7')).toBe('operator:alice@10.0.0.7');
    expect(throttleKey('alice', '10.0.0.7')).not.toBe(throttleKey('alice', '10.0.0.8'));
    expect(throttleKey('alice', '10.0.0.7')).not.toBe(throttleKey('bob', '10.0.0.7'));
    expect(sourceOf('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(sourceOf('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(sourceOf('2001:0db8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64');
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
  });
});
