import { describe, expect, it } from 'vitest';
import { firstSeqOf, holderName, leaseTiming, mayTake, pidOnHost, SEQS_PER_EPOCH } from './lease-rules.js';

describe('lease rules', () => {
  it('renews three times per life and polls six times', () => {
    expect(leaseTiming(3000)).toEqual({ ttlMs: 3000, renewEveryMs: 1000, pollEveryMs: 500 });
    expect(leaseTiming(500).pollEveryMs).toBe(100);
  });

  it('refuses a lease too short or not whole', () => {
    expect(() => leaseTiming(499)).toThrow(/at least 500/);
    expect(() => leaseTiming(1000.5)).toThrow();
    expect(() => leaseTiming(Number.NaN)).toThrow();
  });

  it('takes a lease only when it expired or is already mine', () => {
    const row = { holder: 'a', epoch: 4, expiresAt: 10_000 };
    expect(mayTake(row, 'b', 9_999)).toBe(false);
    expect(mayTake(row, 'b', 10_000)).toBe(true);
    expect(mayTake(row, 'a', 0)).toBe(true);
    expect(mayTake(row, 'b', 0, true)).toBe(true);
  });

  it("reads a holder's process id only on its own host", () => {
    expect(pidOnHost(holderName('box', 42, 'ab12'), 'box')).toBe(42);
    expect(pidOnHost(holderName('box', 42, 'ab12'), 'other')).toBeUndefined();
    // Host names with colons (an IPv6 literal) still split at the last two.
    expect(pidOnHost(holderName('fe80::1', 7, 'cd'), 'fe80::1')).toBe(7);
    expect(pidOnHost('', 'box')).toBeUndefined();
    expect(pidOnHost('box:x:y', 'box')).toBeUndefined();
  });

  it("numbers a leader's live channels past every earlier leader's, below 2**53", () => {
    expect(firstSeqOf(0)).toBe(0);
    expect(firstSeqOf(1)).toBe(2 ** 32);
    expect(firstSeqOf(7)).toBe(7 * 2 ** 32);
    // The next epoch's first seq is past the last an earlier leader could number.
    expect(firstSeqOf(8) + 1).toBeGreaterThan(firstSeqOf(7) + SEQS_PER_EPOCH - 1);
    const last = 2 ** 21 - 1;
    expect(firstSeqOf(last) + SEQS_PER_EPOCH - 1).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => firstSeqOf(last + 1)).toThrow(/2\*\*53/);
    expect(() => firstSeqOf(-1)).toThrow();
    expect(() => firstSeqOf(1.5)).toThrow();
  });
});
