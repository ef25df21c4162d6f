import { describe, expect, it } from 'vitest';
import { LISTEN_KEY_TTL_MS, ListenKeys } from './listen-keys.js';

describe('ListenKeys', () => {
  it('answers one key per API key, kept alive by keepalive, gone after an hour without one', () => {
    let now = 1_000_000;
    const keys = new ListenKeys({ now: () => now });
    const closed: string[] = [];
    keys.onClose((grant) => closed.push(grant.listenKey));
    const first = keys.open(7, 1);
    expect(keys.open(7, 1).listenKey).toBe(first.listenKey);
    expect(keys.open(7, 2).listenKey).not.toBe(first.listenKey);
    now += LISTEN_KEY_TTL_MS - 1;
    expect(keys.keepalive(first.listenKey, 8)).toBe(false);
    expect(keys.keepalive(first.listenKey, 7)).toBe(true);
    now += LISTEN_KEY_TTL_MS - 1;
    expect(keys.find(first.listenKey)?.userId).toBe(7);
    now += 1;
    expect(keys.find(first.listenKey)).toBeUndefined();
    expect(closed).toContain(first.listenKey);
  });

  it('lets only its user remove a key', () => {
    const keys = new ListenKeys({ now: () => 0 });
    const grant = keys.open(3, 9);
    expect(keys.remove(grant.listenKey, 4)).toBe(false);
    expect(keys.remove(grant.listenKey, 3)).toBe(true);
    expect(keys.find(grant.listenKey)).toBeUndefined();
  });
});
