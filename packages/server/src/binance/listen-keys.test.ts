import { describe, expect, it } from 'vitest';
import { LISTEN_KEY_TTL_MS, ListenKeys, type ListenKeyStore, type StoredListenKey } from './listen-keys.js';

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

  it('writes every change through to its store, and a new instance knows the live keys by their hashes', async () => {
    let now = 5_000_000;
    const rows = new Map<string, StoredListenKey>();
    const store: ListenKeyStore = {
      save: async (grant) => void rows.set(grant.keyHash, { ...grant }),
      remove: async (keyHash) => void rows.delete(keyHash),
      live: async (at) => [...rows.values()].filter((row) => row.expiresAt > at),
    };
    const clock = { now: () => now };
    const before = new ListenKeys(clock, store);
    const kept = before.open(7, 1);
    const dropped = before.open(8, 2);
    const expiring = before.open(9, 3);
    before.remove(dropped.listenKey, 8);
    await before.flushed();
    // Only hashes are stored: no row holds a key.
    expect(JSON.stringify([...rows.values()])).not.toContain(kept.listenKey);
    expect(rows.size).toBe(2);

    now += LISTEN_KEY_TTL_MS / 2;
    before.keepalive(kept.listenKey, 7);
    await before.flushed();
    now += LISTEN_KEY_TTL_MS / 2;
    const after = new ListenKeys(clock, store);
    await after.load();
    expect(after.find(expiring.listenKey)).toBeUndefined();
    expect(after.find(dropped.listenKey)).toBeUndefined();
    // Asked before the key was presented, open cannot answer it again: a new key for that API key.
    const closed: string[] = [];
    after.onClose((grant) => closed.push(grant.listenKey));
    const fresh = after.open(7, 1);
    expect(fresh.listenKey).not.toBe(kept.listenKey);
    // The old key still works until it ends; once presented, it is known.
    expect(after.find(kept.listenKey)).toMatchObject({ userId: 7, apiKeyId: 1 });
    expect(after.keepalive(kept.listenKey, 7)).toBe(true);
    expect(after.remove(kept.listenKey, 7)).toBe(true);
    expect(closed).toEqual([kept.listenKey]);
  });
  it('applies its writes to the store in the order made, however long each takes', async () => {
    const rows = new Map<string, StoredListenKey>();
    // A save that takes longer than the remove after it, as two connections of a pool may.
    const store: ListenKeyStore = {
      save: async (grant) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        rows.set(grant.keyHash, { ...grant });
      },
      remove: async (keyHash) => void rows.delete(keyHash),
      live: async () => [...rows.values()],
    };
    const keys = new ListenKeys({ now: () => 5_000_000 }, store);
    const grant = keys.open(7, 1);
    keys.remove(grant.listenKey, 7);
    await keys.flushed();
    // Past the slow save's end, had it been left to run beside the remove.
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(rows.size).toBe(0);
  });
});
