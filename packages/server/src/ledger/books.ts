import { Decimal } from '@oex/protocol';

/**
 * The books: every account's balances in memory, as bigint units of 10^-18, and the rules of a
 * posting. Pure: no I/O. The sequencer is its only writer.
 *
 * A posting moves value between accounts of one currency. Its legs' changes (available plus
 * locked) add up to exactly zero, so the sum over all accounts of a currency never moves from
 * zero. User accounts never go below zero; system accounts stand for the outside world (the
 * external-deposits account is negative by what users deposited) and may.
 */

/** System accounts hold the other side of every entry. */
export const SYSTEM_ACCOUNTS = [
  'external_deposits',
  'withdrawals',
  'fees',
  /** Takes seconds-contract stakes and pays their wins; funded by operators in the open. */
  'micro_pool',
  'lever_pool',
  'interest',
  'insurance',
  /** The other side of operators' balance adjustments, each with a reason and a reference. */
  'adjustments',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/** System accounts are not of a user-facing account type. */
export const SYSTEM_ACCOUNT_TYPE = 0;

export type Owner = { userId: number } | { system: SystemAccount };

export interface Account {
  readonly id: number;
  readonly userId: number | null;
  readonly systemCode: SystemAccount | null;
  readonly typeId: number;
  readonly currencyId: number;
  balance: bigint;
  lock: bigint;
}

export interface Leg {
  account: Account;
  /** Change of the available balance. */
  available: bigint;
  /** Change of the locked balance. */
  locked: bigint;
  /** This leg's own journal type and memo, where the legs of one posting differ (out and in). */
  as?: { type: number; memo: string };
}

/** Why a posting happened: journal type code, memo key, and what caused it. */
export interface Entry {
  type: number;
  memo: string;
  refType: string;
  refId: number;
  notes?: string;
  extra?: Record<string, unknown>;
  /** The instant the entry is as of, when not its batch's (a payment due at its own time). */
  at?: number;
}

export interface LogRecord {
  accountId: number;
  userId: number | null;
  typeId: number;
  currencyId: number;
  available: bigint;
  locked: bigint;
  balanceAfter: bigint;
  lockAfter: bigint;
  entry: Entry;
}

export class PostingError extends Error {
  constructor(
    readonly reason: 'unbalanced' | 'currency' | 'insufficient' | 'empty' | 'range',
    message: string,
  ) {
    super(message);
    this.name = 'PostingError';
  }
}

type Undo = () => void;

function keyOf(owner: Owner, typeId: number, currencyId: number): string {
  return 'userId' in owner
    ? `u${owner.userId}|${typeId}|${currencyId}`
    : `s${owner.system}|${SYSTEM_ACCOUNT_TYPE}|${currencyId}`;
}

export class Books {
  private readonly byKey = new Map<string, Account>();
  private readonly byId = new Map<number, Account>();
  private nextAccountId: number;
  private undo: Undo[] = [];
  /** Accounts created or changed since the last drain, and the log they produced. */
  private created = new Set<Account>();
  private touched = new Set<Account>();
  private logs: LogRecord[] = [];
  /** Each account's balance plus lock as last persisted (absent: a new account, 0). */
  private persisted = new WeakMap<Account, bigint>();

  constructor(accounts: Account[] = []) {
    for (const account of accounts) {
      this.index(account);
      this.persisted.set(account, account.balance + account.lock);
    }
    this.nextAccountId = Math.max(0, ...accounts.map((account) => account.id)) + 1;
  }

  private index(account: Account): void {
    const owner: Owner =
      account.userId !== null ? { userId: account.userId } : { system: account.systemCode! };
    this.byKey.set(keyOf(owner, account.typeId, account.currencyId), account);
    this.byId.set(account.id, account);
  }

  /** The account of an owner, type and currency, if it exists. */
  find(owner: Owner, typeId: number, currencyId: number): Account | undefined {
    return this.byKey.get(keyOf(owner, 'userId' in owner ? typeId : SYSTEM_ACCOUNT_TYPE, currencyId));
  }

  get(id: number): Account | undefined {
    return this.byId.get(id);
  }

  /** The account, created with zero balances when first needed. */
  ensure(owner: Owner, typeId: number, currencyId: number): Account {
    const existing = this.find(owner, typeId, currencyId);
    if (existing) return existing;
    const account: Account = {
      id: this.nextAccountId,
      userId: 'userId' in owner ? owner.userId : null,
      systemCode: 'system' in owner ? owner.system : null,
      typeId: 'userId' in owner ? typeId : SYSTEM_ACCOUNT_TYPE,
      currencyId,
      balance: 0n,
      lock: 0n,
    };
    this.nextAccountId += 1;
    this.index(account);
    this.created.add(account);
    this.undo.push(() => {
      this.byKey.delete(keyOf(owner, account.typeId, currencyId));
      this.byId.delete(account.id);
      this.created.delete(account);
      this.nextAccountId -= 1;
    });
    return account;
  }

  /**
   * Applies a posting whole or not at all: legs of one currency, changes summing to zero, no
   * user balance below zero afterwards.
   */
  post(legs: Leg[], entry: Entry): void {
    const moving = legs.filter((leg) => leg.available !== 0n || leg.locked !== 0n);
    if (moving.length === 0) throw new PostingError('empty', 'a posting must move something');
    const currencyId = moving[0]!.account.currencyId;
    let sum = 0n;
    const after = new Map<Account, { balance: bigint; lock: bigint }>();
    for (const leg of moving) {
      if (leg.account.currencyId !== currencyId) {
        throw new PostingError('currency', 'a posting moves one currency');
      }
      sum += leg.available + leg.locked;
      const current = after.get(leg.account) ?? { balance: leg.account.balance, lock: leg.account.lock };
      after.set(leg.account, { balance: current.balance + leg.available, lock: current.lock + leg.locked });
    }
    if (sum !== 0n) throw new PostingError('unbalanced', `posting does not balance by ${sum}`);
    for (const [account, next] of after) {
      if (account.userId !== null && (next.balance < 0n || next.lock < 0n)) {
        throw new PostingError('insufficient', `account ${account.id} would go below zero`);
      }
      // Every balance must stay what NUMERIC(36,18) and Decimal hold, or the commit would fail.
      if (!Decimal.unitsInRange(next.balance) || !Decimal.unitsInRange(next.lock)) {
        throw new PostingError('range', `account ${account.id} would leave the range of an amount`);
      }
    }
    for (const leg of moving) {
      const { account } = leg;
      const before = { balance: account.balance, lock: account.lock };
      const wasTouched = this.touched.has(account);
      account.balance += leg.available;
      account.lock += leg.locked;
      this.touched.add(account);
      this.logs.push({
        accountId: account.id,
        userId: account.userId,
        typeId: account.typeId,
        currencyId,
        available: leg.available,
        locked: leg.locked,
        balanceAfter: account.balance,
        lockAfter: account.lock,
        entry: leg.as ? { ...entry, ...leg.as } : entry,
      });
      this.undo.push(() => {
        account.balance = before.balance;
        account.lock = before.lock;
        if (!wasTouched) this.touched.delete(account);
        this.logs.pop();
      });
    }
  }

  /** Registers how to undo a change a command made to state kept outside the books. */
  onUndo(undo: Undo): void {
    this.undo.push(undo);
  }

  /** A point to roll back to. */
  mark(): number {
    return this.undo.length;
  }

  /** Undoes everything done since `mark`, newest first. */
  rollback(mark: number): void {
    while (this.undo.length > mark) this.undo.pop()!();
  }

  /** What changed since the last drain: the accounts to insert and update and the log to write. */
  pending(): { created: Account[]; touched: Account[]; logs: LogRecord[] } {
    return { created: [...this.created], touched: [...this.touched], logs: [...this.logs] };
  }

  /**
   * The currencies whose changed accounts no longer sum to zero since the last drain, with the
   * amount they are off by: empty unless a change bypassed `post`. Checked before every commit.
   */
  imbalance(): Map<number, bigint> {
    const off = new Map<number, bigint>();
    for (const account of this.touched) {
      const delta = account.balance + account.lock - (this.persisted.get(account) ?? 0n);
      off.set(account.currencyId, (off.get(account.currencyId) ?? 0n) + delta);
    }
    for (const [currencyId, sum] of off) if (sum === 0n) off.delete(currencyId);
    return off;
  }

  /** Forgets the changes (they are persisted) and how to undo them. */
  drain(): void {
    for (const account of this.touched) this.persisted.set(account, account.balance + account.lock);
    this.created = new Set();
    this.touched = new Set();
    this.logs = [];
    this.undo = [];
  }

  accounts(): IterableIterator<Account> {
    return this.byId.values();
  }
}
