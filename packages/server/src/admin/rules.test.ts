import { describe, expect, it } from 'vitest';
import {
  addressAllowed,
  canonicalJson,
  checkChain,
  entryHash,
  GENESIS_HASH,
  type ChainedEntry,
} from './rules.js';

function chain(count: number): (ChainedEntry & { hash: string })[] {
  const rows: (ChainedEntry & { hash: string })[] = [];
  let prev = GENESIS_HASH;
  for (let id = 1; id <= count; id += 1) {
    const entry: ChainedEntry = {
      id,
      at: 1_700_000_000_000 + id,
      operator_id: 1,
      operator_name: 'alice',
      ip: '10.0.0.1',
      action: 'admin/users/freeze',
      target: `user:${id}`,
      reason: 'case 42',
      request: '{"user_id":7}',
      before: '{"frozen":false}',
      after: '{"frozen":true}',
      outcome: 'ok',
      prev_hash: prev,
    };
    const hash = entryHash(entry);
    rows.push({ ...entry, hash });
    prev = hash;
  }
  return rows;
}

describe('addressAllowed', () => {
  it('allows any address with an empty list', () => {
    expect(addressAllowed('203.0.113.9', '')).toBe(true);
    expect(addressAllowed('::1', '  ')).toBe(true);
  });
  it('matches exact addresses and IPv4 networks', () => {
    const list = '127.0.0.1, 10.1.0.0/16 192.168.1.7';
    expect(addressAllowed('127.0.0.1', list)).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', list)).toBe(true);
    expect(addressAllowed('10.1.255.3', list)).toBe(true);
    expect(addressAllowed('10.2.0.1', list)).toBe(false);
    expect(addressAllowed('192.168.1.7', list)).toBe(true);
    expect(addressAllowed('192.168.1.8', list)).toBe(false);
    expect(addressAllowed('::1', list)).toBe(false);
  });
  it('matches everything with /0 and refuses a malformed prefix', () => {
    expect(addressAllowed('8.8.8.8', '0.0.0.0/0')).toBe(true);
    expect(addressAllowed('8.8.8.8', '8.8.8.0/33')).toBe(false);
    expect(addressAllowed('8.8.8.8', '8.8.8.0/x')).toBe(false);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson(undefined)).toBe('null');
  });
});

describe('checkChain', () => {
  it('accepts an untouched chain and names its head', () => {
    const rows = chain(5);
    expect(checkChain(rows)).toEqual({ ok: true, entries: 5, head: { id: 5, hash: rows[4]!.hash } });
    expect(checkChain([])).toEqual({ ok: true, entries: 0, head: null });
  });
  it('names an edited entry', () => {
    const rows = chain(5);
    rows[2] = { ...rows[2]!, reason: 'nothing to see' };
    expect(checkChain(rows)).toMatchObject({ ok: false, broken_at: 3, head: { id: 2 } });
  });
  it('names the entry after a deleted one', () => {
    const rows = chain(5);
    rows.splice(1, 1);
    expect(checkChain(rows)).toMatchObject({ ok: false, broken_at: 3 });
  });
  it('names an entry whose hash was recomputed without relinking the next', () => {
    const rows = chain(4);
    const edited = { ...rows[1]!, after: '{"frozen":false}' };
    rows[1] = { ...edited, hash: entryHash(edited) };
    expect(checkChain(rows)).toMatchObject({ ok: false, broken_at: 3 });
  });
  it('detects a deleted last entry only against a published head', () => {
    const rows = chain(4);
    const published = { id: 4, hash: rows[3]!.hash };
    const cut = checkChain(rows.slice(0, 3));
    expect(cut.ok).toBe(true);
    expect(cut.head).not.toEqual(published);
  });
  it('continues from a known entry', () => {
    const rows = chain(6);
    expect(checkChain(rows.slice(3), { id: 3, hash: rows[2]!.hash })).toMatchObject({ ok: true, entries: 3 });
  });
});
