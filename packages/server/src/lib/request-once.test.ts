import { describe, expect, it } from 'vitest';
import { RecentRequests, RequestOnce } from './request-once.js';

class HandClock {
  at = 1_000_000;
  now(): number {
    return this.at;
  }
}

describe('RecentRequests', () => {
  it('answers a retry inside its time with the first answer, and forgets it once the time has passed', () => {
    const clock = new HandClock();
    const recent = new RecentRequests<{ id: number }>(60_000, 100, clock);
    recent.set('7|transfer-1', { id: 41 });
    clock.at += 59_999;
    expect(recent.get('7|transfer-1')).toEqual({ id: 41 });
    clock.at += 1;
    expect(recent.get('7|transfer-1')).toBeUndefined();
    expect(recent.size).toBe(0);
  });

  it('drops expired entries as new ones arrive, without being asked for them', () => {
    const clock = new HandClock();
    const recent = new RecentRequests<number>(1_000, 100, clock);
    for (let i = 0; i < 50; i += 1) recent.set(`old-${i}`, i);
    clock.at += 1_000;
    recent.set('new', 1);
    expect(recent.size).toBe(1);
    expect(recent.get('new')).toBe(1);
  });

  it('never holds more than its size: the oldest go first, and the newest are all kept', () => {
    const clock = new HandClock();
    const recent = new RecentRequests<number>(60_000, 1_000, clock);
    let largest = 0;
    for (let i = 0; i < 25_000; i += 1) {
      recent.set(`u|${i}`, i);
      clock.at += 1;
      largest = Math.max(largest, recent.size);
    }
    expect(largest).toBe(1_000);
    expect(recent.size).toBe(1_000);
    expect(recent.get('u|23999')).toBeUndefined();
    expect(recent.get('u|24000')).toBe(24_000);
    expect(recent.get('u|24999')).toBe(24_999);
  });

  it('a key set again counts from its new time; a deleted key (an undone command) is gone', () => {
    const clock = new HandClock();
    const recent = new RecentRequests<number>(1_000, 2, clock);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('a', 3);
    recent.set('c', 4);
    expect([recent.get('a'), recent.get('b'), recent.get('c')]).toEqual([3, undefined, 4]);
    recent.delete('a');
    expect(recent.get('a')).toBeUndefined();
    expect(() => new RecentRequests<number>(1_000, 0)).toThrow();
  });
});

describe('RequestOnce', () => {
  it('a twin in flight waits for the first, and holds nothing once both are answered', async () => {
    const once = new RequestOnce<number>();
    let runs = 0;
    const first = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 5));
    const [a, b] = await Promise.all([
      once.run('k', async () => undefined, first),
      once.run('k', async () => undefined, first),
    ]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect((once as unknown as { inFlight: Map<string, unknown> }).inFlight.size).toBe(0);
  });
});
