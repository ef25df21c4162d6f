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
 * The leaves of one currency's tree: each user with a fresh salt, ordered by salt, which is a
 * uniformly random order, so a leaf's place says nothing about who it is (user ids, sign-up order).
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
