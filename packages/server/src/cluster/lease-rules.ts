/**
 * The leader's lease (docs/cluster.md): one process at a time applies commands to the books, the
 * one holding the lease row. Pure timing rules; the row lives in PostgreSQL (lease.ts).
 *
 * - The holder renews well inside the lease's life, so a few slow renewals never lose it.
 * - A standby checks often enough that taking over costs little more than the lease's life.
 * - Each taking over raises the epoch; a batch commits only under the epoch it was started under.
 */

/** The shortest lease: below it a GC pause or a slow disk would hand the lead over for nothing. */
export const MIN_LEASE_MS = 500;

export interface LeaseTiming {
  /** How long a lease lives without renewal. */
  ttlMs: number;
  /** How often the holder renews it. */
  renewEveryMs: number;
  /** How often a standby looks whether it expired. */
  pollEveryMs: number;
}

export function leaseTiming(ttlMs: number): LeaseTiming {
  if (!Number.isInteger(ttlMs) || ttlMs < MIN_LEASE_MS) {
    throw new Error(`LEADER_LEASE_MS must be a whole number of at least ${MIN_LEASE_MS}`);
  }
  return { ttlMs, renewEveryMs: Math.floor(ttlMs / 3), pollEveryMs: Math.max(100, Math.floor(ttlMs / 6)) };
}

/** The lease row as the database holds it; times are the database's clock, in ms. */
export interface LeaseRow {
  holder: string;
  epoch: number;
  expiresAt: number;
}

/** A holder is named `<host>:<pid>:<nonce>`, unique per process start. */
export function holderName(host: string, pid: number, nonce: string): string {
  return `${host}:${pid}:${nonce}`;
}

/** The holder's process id when it runs on `host`, else undefined. */
export function pidOnHost(holder: string, host: string): number | undefined {
  const parts = holder.split(':');
  if (parts.length < 3 || parts.slice(0, -2).join(':') !== host) return undefined;
  const pid = Number(parts[parts.length - 2]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Whether `me` may take the lease now: it is free (expired), already mine, or its holder is known
 * gone (a process of this host that no longer runs: a restart after a crash needs not wait out
 * the lease). A live lease of another is otherwise never taken, however close to its end. Taking
 * one too early can cost a flap, never a double write: the epoch fences the old holder.
 */
export function mayTake(row: LeaseRow, me: string, now: number, holderGone = false): boolean {
  return row.holder === me || row.expiresAt <= now || holderGone;
}

/** How many pushes one leader may number on a channel before its range would meet the next's. */
export const SEQS_PER_EPOCH = 2 ** 32;

/**
 * The seq a leader under lease `epoch` numbers each live channel after: `epoch * 2**32`, so a new
 * leader's first seq is past anything an earlier one sent and a client sees a jump it treats as a
 * gap, never the same seq again for different content. A process without a lease (SQLite) has
 * epoch 0 and numbers from 0 as before. Seqs stay exact JSON numbers (below 2**53), so epochs
 * stop at 2**21 - 1.
 */
export function firstSeqOf(epoch: number): number {
  if (!Number.isInteger(epoch) || epoch < 0 || (epoch + 1) * SEQS_PER_EPOCH > Number.MAX_SAFE_INTEGER + 1) {
    throw new Error(`lease epoch ${epoch} has no range of live sequence numbers below 2**53`);
  }
  return epoch * SEQS_PER_EPOCH;
}
