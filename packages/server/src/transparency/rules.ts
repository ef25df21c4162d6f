import { createHash } from 'node:crypto';
import { Decimal, type LiabilityLeaf } from '@oex/protocol';

/**
 * The rules of the liability snapshot, without I/O: whose balances are liabilities, how they
 * become leaves, and which day's snapshot is due.
 */

/** What the snapshot reads of an account (the books' accounts fit). */
export interface HeldAccount {
  readonly userId: number | null;
  readonly currencyId: number;
  readonly balance: bigint;
  readonly lock: bigint;
}

/**
 * Per currency, per user: available plus locked over all the user's account types (spot, lever,
 * micro, financial). Every account owned by a user counts, the exchange's own liquidity accounts
 * too (the market maker holds real balances that must be backed like anyone's); the system
 * accounts (deposits, fees, pools...) are the other side of the books, not liabilities. Users
 * whose total is zero are left out.
 */
export function userBalances(accounts: Iterable<HeldAccount>): Map<number, Map<number, bigint>> {
  const byCurrency = new Map<number, Map<number, bigint>>();
  for (const account of accounts) {
    if (account.userId === null) continue;
    const held = account.balance + account.lock;
    if (held === 0n) continue;
    const users = byCurrency.get(account.currencyId) ?? new Map<number, bigint>();
    users.set(account.userId, (users.get(account.userId) ?? 0n) + held);
    byCurrency.set(account.currencyId, users);
  }
  for (const users of byCurrency.values()) {
    for (const [userId, held] of users) if (held === 0n) users.delete(userId);
  }
  return byCurrency;
}

/**
 * The stored entries of one currency's snapshot: each user with their total and a fresh secret
 * seed (32 random bytes, kept as the row's salt), from which their leaves are derived (treeLeaves).
 * A negative total is refused: the audit forbids it, and a tree must never hide one.
 */
export function leavesOf(balances: Map<number, bigint>, freshSalt: () => string): LiabilityLeaf[] {
  const leaves: LiabilityLeaf[] = [];
  for (const [userId, held] of balances) {
    if (held < 0n) throw new Error(`user ${userId} holds a negative total: the ledger audit must be run`);
    leaves.push({ user_id: userId, salt: freshSalt(), balance: Decimal.fromUnits(held).toString() });
  }
  return leaves.sort((a, b) => (a.salt < b.salt ? -1 : a.salt > b.salt ? 1 : 0));
}

export interface DueDay {
  /** The exchange day, YYYY-MM-DD in its zone. */
  day: string;
  /** That day's instant of the snapshot (ms). */
  dueAt: number;
}

/**
 * The latest day whose snapshot instant has come by `now`: today once today's time has passed,
 * else yesterday. `dayStartOf` gives the start of the local day holding an instant and `dateOf`
 * its date; `minute` is the time of day in minutes after midnight.
 */
export function latestDueDay(
  now: number,
  minute: number,
  dayStartOf: (instant: number) => number,
  dateOf: (dayStart: number) => string,
): DueDay {
  let dayStart = dayStartOf(now);
  if (dayStart + minute * 60_000 > now) dayStart = dayStartOf(dayStart - 1);
  return { day: dateOf(dayStart), dueAt: dayStart + minute * 60_000 };
}

/**
 * Whether the daily snapshot of `due` should be taken now. A day without its snapshot is taken
 * late (stating its real instant) once the schedule has begun: after the first daily snapshot, or
 * for a day due after this server started. A new exchange does not invent a snapshot for a day
 * before it first ran.
 */
export function shouldTake(due: DueDay, taken: boolean, anyDaily: boolean, startedAt: number): boolean {
  if (taken) return false;
  return anyDaily || due.dueAt >= startedAt;
}

/** Each user's balance is split into this many leaves of random size. */
export const PIECES = 4;

/** 256 bits derived from a secret seed for one purpose: the seed's holder alone can tell them. */
function derived(seed: string, purpose: string, i: number): string {
  return createHash('sha256').update(`oex/liabilities/derive/v1|${purpose}|${i}|${seed}`).digest('hex');
}

/**
 * Splits a total into `pieces` parts at cut points drawn uniformly (from `cut`, 256-bit numbers)
 * in [0, total]: the parts add up to the total exactly, each is at least zero, and their sizes are
 * random, so none of them is the total (unless the cuts fall on its ends).
 */
export function splitUnits(total: bigint, pieces: number, cut: (i: number) => bigint): bigint[] {
  if (total < 0n) throw new Error('a negative total is never split');
  const cuts = Array.from({ length: pieces - 1 }, (_, i) => cut(i) % (total + 1n)).sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const bounds = [0n, ...cuts, total];
  return bounds.slice(1).map((bound, i) => bound - bounds[i]!);
}

/** The smallest power of two at least n (1 for 0 and 1). */
export function paddedSize(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/**
 * The leaves of one currency's tree, derived from its stored entries (as in Buterin's "proof of
 * solvency" note): each user's total split into PIECES leaves of random size, each with its own
 * salt, then padded to a power of two with leaves of zero for user 0, and all ordered by salt, a
 * uniformly random order. No leaf is one user's balance, and no place says who it is. Everything
 * is derived from the entries' secret seeds, so the same entries always give the same tree.
 */
export function treeLeaves(entries: readonly LiabilityLeaf[]): LiabilityLeaf[] {
  if (entries.length === 0) return [];
  const leaves: LiabilityLeaf[] = [];
  for (const entry of entries) {
    const total = Decimal.parse(entry.balance).units;
    const parts = splitUnits(total, PIECES, (i) => BigInt(`0x${derived(entry.salt, 'cut', i)}`));
    parts.forEach((units, i) =>
      leaves.push({
        user_id: entry.user_id,
        salt: derived(entry.salt, 'salt', i),
        balance: Decimal.fromUnits(units).toString(),
      }),
    );
  }
  // The padding's seed is every user's seed at once: as secret as any of them.
  const paddingSeed = createHash('sha256')
    .update(
      entries
        .map((entry) => entry.salt)
        .sort()
        .join(''),
    )
    .digest('hex');
  const count = leaves.length;
  for (let j = 0; j < paddedSize(count) - count; j += 1)
    leaves.push({ user_id: 0, salt: derived(paddingSeed, 'padding', j), balance: '0' });
  return leaves.sort((a, b) => (a.salt < b.salt ? -1 : a.salt > b.salt ? 1 : 0));
}
