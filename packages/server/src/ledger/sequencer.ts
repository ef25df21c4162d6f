import { Decimal } from '@oex/protocol';
import type { CompiledQuery, Insertable, Kysely, Updateable } from 'kysely';
import type { Db } from '../db/connect.js';
import { RowWriter, type ColumnTypes, type RowUpdate } from '../db/rows.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../platform/errors.js';
import { Books, PostingError, type Account, type LogRecord, type SystemAccount } from './books.js';
import type {
  AnyHandler,
  CommandHandler,
  CommandType,
  DataOf,
  JournaledCommand,
  ResultOf,
} from './commands.js';

/** Tables whose ids the sequencer hands out, so a batch can refer to rows before they exist. */
export type SequencedTable =
  | 'account_logs'
  | 'transfers'
  | 'orders'
  | 'trades'
  | 'withdrawals'
  | 'micro_orders'
  | 'lever_positions'
  | 'earn_holdings'
  | 'command_journal';

/** What a command may do while it is applied: change the books and stage rows, never await. */
export interface CommandContext {
  readonly books: Books;
  /** The time of the batch, the same for every command in it. */
  readonly now: number;
  nextId(table: SequencedTable): number;
  /** A row written in the batch's transaction. */
  insert<T extends keyof Database>(table: T, row: Insertable<Database[T]>): void;
  /**
   * New values of some columns of one row, by id, written after the batch's inserts. A later
   * update of the same row in the batch overrides these columns. On PostgreSQL a batch's updates
   * of one table go as one statement.
   */
  update<T extends keyof Database & string>(
    table: T,
    id: number,
    values: Partial<Updateable<Database[T]>>,
  ): void;
  /** Any other statement of the batch's transaction (updates, upserts), in order. */
  write(query: CompiledQuery): void;
  /**
   * A write of a running value (a total) that later commands of the batch may write again under
   * the same key: only the batch's last one is run, after the other writes.
   */
  writeLatest(key: string, query: CompiledQuery): void;
  /** Runs after the batch committed: events to publish, caches to update. */
  afterCommit(effect: () => void): void;
}

/**
 * A command applies itself synchronously to the books and answers its result. It throws to
 * refuse; everything it changed is then undone and the other commands of the batch go on.
 */
export type Command<R> = (context: CommandContext) => R;

interface Pending {
  command: Command<unknown>;
  /** A command given as data: its type and data as JSON, journaled with its batch if it applies. */
  journal: { type: string; data: string } | undefined;
  /** The command's own time, for history written after the fact (the demo backfill). */
  at: number | undefined;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Staged {
  inserts: Map<keyof Database, unknown[]>;
  updates: RowUpdates;
  writes: CompiledQuery[];
  latest: Map<string, CompiledQuery>;
  effects: (() => void)[];
}

/** Row updates by table, then by id: each row's later values merged over its earlier ones. */
type RowUpdates = Map<string, Map<number, Record<string, unknown>>>;

/** Merges new values of some columns of one row into `updates` (a command's, or its batch's). */
function stageUpdate(updates: RowUpdates, table: string, id: number, values: Record<string, unknown>): void {
  let rows = updates.get(table);
  if (!rows) updates.set(table, (rows = new Map()));
  const earlier = rows.get(id);
  rows.set(id, earlier ? { ...earlier, ...values } : { ...values });
}

/** A batch whose changes do not sum to zero in some currency: a bug, never written. */
export class LedgerImbalance extends Error {
  constructor(detail: string) {
    super(`ledger: the batch does not balance (${detail}); it was undone`);
    this.name = 'LedgerImbalance';
  }
}

/** A journaled command that did not apply again as it had: the replay met another state. */
export class ReplayDivergence extends Error {
  constructor(
    readonly entry: JournaledCommand,
    readonly refusal: unknown,
  ) {
    super(
      `replay: the journal's command ${entry.id} (${entry.type}) was refused: ${refusal instanceof Error ? refusal.message : String(refusal)}`,
    );
    this.name = 'ReplayDivergence';
  }
}

/** The most commands applied and committed together. */
const MAX_BATCH = 512;

const units = (value: bigint) => Decimal.fromUnits(value).toString();

/** A command that said no on purpose: it checked before it changed anything outside the books. */
function isRefusal(error: unknown): boolean {
  return error instanceof AppError || error instanceof PostingError;
}

/** Rows of the tables a following standby checks against the leader's, by table. */
export interface FollowedRows {
  account_logs: Record<string, unknown>[];
  trades: Record<string, unknown>[];
}

/**
 * The one writer of balances (docs/platform.md). Commands queue; a batch is applied in order to the
 * in-memory books, its effects are written in one database transaction, and only after the commit
 * are the callers answered and events published. A failed commit undoes the whole batch in
 * memory and fails its callers, so memory and database never disagree.
 */
export class Sequencer {
  private readonly queue: Pending[] = [];
  /** State kept outside the books (order books) that must be rebuilt from the database. */
  private readonly resyncHooks: (() => Promise<void>)[] = [];
  private readonly commitListeners: ((accounts: readonly Account[]) => void)[] = [];
  private readonly batchListeners: ((size: number, commitMs: number | undefined) => void)[] = [];
  private readonly handlers = new Map<string, AnyHandler>();
  private resyncNeeded = false;
  private unjournaledChanges = 0;
  private draining = false;
  /**
   * Whose commands apply. A leader's: any, written. A following standby's: the leader's journaled
   * ones, in memory only. A replica's: a journal's, written to its own database (an audit's scratch
   * copy, ledger/journal-scratch.ts). Neither of the last two takes a command of its own.
   */
  private role: 'leader' | 'follower' | 'replica' = 'leader';
  /** While following: the rows the leader must have written for the commands applied since the last take. */
  private followed: FollowedRows = { account_logs: [], trades: [] };
  private idle: Promise<void> = Promise.resolve();
  private closed = false;

  /** Writes of the hot tables, without the query builder. */
  readonly rows: RowWriter;

  private constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly books: Books,
    private readonly nextIds: Map<SequencedTable, number>,
    columnTypes: ColumnTypes,
  ) {
    this.rows = new RowWriter(db.dialect, columnTypes);
  }

  /** Loads every account and the id counters from the database. */
  static async load(database: Db, clock: Clock): Promise<Sequencer> {
    const db: Kysely<Database> = database.kysely;
    const rows = await db.selectFrom('accounts').selectAll().execute();
    const accounts: Account[] = rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      systemCode: row.system_code as SystemAccount | null,
      typeId: row.account_type_id,
      currencyId: row.currency_id,
      balance: Decimal.parse(String(row.balance)).units,
      lock: Decimal.parse(String(row.lock_balance)).units,
    }));
    const nextIds = new Map<SequencedTable, number>();
    for (const table of [
      'account_logs',
      'transfers',
      'orders',
      'trades',
      'withdrawals',
      'micro_orders',
      'lever_positions',
      'earn_holdings',
      'command_journal',
    ] as const) {
      const { max } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.max<number>('id').as('max'))
        .executeTakeFirstOrThrow();
      nextIds.set(table, Number(max ?? 0) + 1);
    }
    const columnTypes = database.dialect === 'postgres' ? await RowWriter.columnTypesOf(db) : new Map();
    return new Sequencer(database, clock, new Books(accounts), nextIds, columnTypes);
  }

  /**
   * Registers how to rebuild state the books cannot undo, from the database. It runs after a
   * failed commit and after a command failed unexpectedly (not a refusal), before the next batch.
   */
  onResync(hook: () => Promise<void>): void {
    this.resyncHooks.push(hook);
  }

  /** Told, after each commit, every account whose balance the batch changed (live balances). */
  onCommit(listener: (accounts: readonly Account[]) => void): void {
    this.commitListeners.push(listener);
  }

  /** Told of each batch: its size, and its commit's time when it wrote anything (metrics). */
  onBatch(listener: (size: number, commitMs: number | undefined) => void): void {
    this.batchListeners.push(listener);
  }

  /** Commands queued and not yet in a batch. */
  get queueDepth(): number {
    return this.queue.length;
  }

  /**
   * A standby following the leader's journal (cluster/follower.ts): from now until `lead`, replayed
   * commands change the books in memory and nothing is written, and any other command is refused.
   */
  follow(): void {
    this.role = 'follower';
  }

  /**
   * A replica of a journal (ledger/journal-scratch.ts): only `replay` applies commands, and they are
   * written; any other command is refused, so nothing but the journal changes its database.
   */
  replicate(): void {
    this.role = 'replica';
  }

  /** The standby took the lease: its batches are written (behind the fence) from now on. */
  lead(): void {
    this.role = 'leader';
    this.followed = { account_logs: [], trades: [] };
  }

  /** Takes commands of its own: false for a following standby and a replica, whose domains then do no due work. */
  get leading(): boolean {
    return this.role === 'leader';
  }

  /**
   * The account-log and trade rows this follower's books made since the last call, as the leader
   * wrote them if both books are the same. Those tables are only ever inserted into, so the leader's
   * rows of the same ids stay comparable however far it has gone on.
   */
  takeFollowedRows(): FollowedRows {
    const rows = this.followed;
    this.followed = { account_logs: [], trades: [] };
    return rows;
  }

  /** Whether commands are still taken (false once `close` began). */
  get accepting(): boolean {
    return !this.closed;
  }

  /**
   * Commands given as closures that changed something: what a replay of the journal cannot
   * rebuild (docs/cluster.md lists the kinds still given so).
   */
  get unjournaled(): number {
    return this.unjournaledChanges;
  }

  /** Names the handler of a command type of the catalogue; each type has one. */
  handle<T extends CommandType>(type: T, handler: CommandHandler<T>): void {
    if (this.handlers.has(type)) throw new Error(`the command ${type} has a handler already`);
    this.handlers.set(type, handler as AnyHandler);
  }

  /**
   * Queues a command given as data; it is journaled with its batch when it applies. Resolves with
   * its result once its batch is committed.
   */
  dispatch<T extends CommandType>(type: T, data: DataOf<T>, at?: number): Promise<ResultOf<T>> {
    const journal = { type, data: JSON.stringify(data) };
    return this.push(this.commandOf(journal), journal, at) as Promise<ResultOf<T>>;
  }

  /**
   * Applies journaled commands again, in order: each run of one batch time is a batch of that
   * time and each command has its own, so every row and balance gets the time it had. Commands
   * submitted meanwhile wait until it ends. Rejects at the first command that does not apply as it
   * did (the state it met was not the journal's), after that command's batch committed without it.
   */
  async replay(entries: readonly JournaledCommand[]): Promise<void> {
    if (this.closed) throw new Error('the sequencer is closed');
    while (this.draining) await this.idle;
    this.draining = true;
    let replayed: () => void = () => {};
    this.idle = new Promise((resolve) => (replayed = resolve));
    try {
      for (let start = 0; start < entries.length;) {
        let end = start + 1;
        const batchAt = entries[start]!.batchAt;
        while (end < entries.length && end - start < MAX_BATCH && entries[end]!.batchAt === batchAt) end += 1;
        await this.replayBatch(entries.slice(start, end), batchAt);
        start = end;
      }
    } finally {
      this.draining = false;
      replayed();
      if (this.queue.length > 0) {
        this.draining = true;
        this.idle = this.drain();
      }
    }
  }

  private async replayBatch(entries: readonly JournaledCommand[], batchAt: number): Promise<void> {
    const refused: { entry: JournaledCommand; error: unknown }[] = [];
    const batch = entries.map((entry): Pending => {
      const journal = { type: entry.type, data: entry.data };
      return {
        command: this.commandOf(journal),
        journal,
        at: entry.at,
        resolve: () => {},
        reject: (error) => refused.push({ entry, error }),
      };
    });
    await this.runBatch(batch, batchAt);
    const first = refused[0];
    if (first) throw new ReplayDivergence(first.entry, first.error);
  }

  /**
   * A journaled command's handler applied to its data as journaled: read back from its JSON, so a
   * command given now and its replay later see exactly the same data.
   */
  private commandOf({ type, data }: { type: string; data: string }): Command<unknown> {
    const handler = this.handlers.get(type);
    if (!handler) throw new Error(`no handler for the command ${type}`);
    const parsed: unknown = JSON.parse(data);
    return (context) => handler(context, parsed);
  }

  /** Queues a command; resolves with its result once its batch is committed. */
  submit<R>(command: Command<R>, at?: number): Promise<R> {
    return this.push(command, undefined, at);
  }

  private push<R>(command: Command<R>, journal: Pending['journal'], at: number | undefined): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the sequencer is closed'));
    if (this.role !== 'leader') {
      return Promise.reject(
        new Error(
          `a ${this.role === 'follower' ? 'following standby' : 'replica'} takes no command of its own`,
        ),
      );
    }
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ command, journal, at, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) {
        // Start after the event loop's current I/O phase, so every request read in it shares the
        // first batch (a microtask would run between two sockets' callbacks and commit one alone).
        this.draining = true;
        this.idle = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        await this.runBatch(this.queue.splice(0, MAX_BATCH));
        // Let requests that arrived meanwhile submit, so they share the next commit. A synchronous
        // commit (SQLite) would otherwise leave every batch holding one command.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.draining = false;
    }
  }

  private async runBatch(batch: Pending[], now = this.clock.now()): Promise<void> {
    const staged: Staged = {
      inserts: new Map(),
      updates: new Map(),
      writes: [],
      latest: new Map(),
      effects: [],
    };
    const counters = new Map(this.nextIds);
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    for (const pending of batch) {
      outcomes.push(this.apply(pending, pending.at ?? now, now, staged, counters));
    }

    const changes = this.books.pending();
    let commitMs: number | undefined;
    try {
      // Every currency the batch touched must still sum to zero; if not, nothing of it is written.
      const off = this.books.imbalance();
      if (off.size > 0) {
        const detail = [...off].map(([currencyId, sum]) => `currency ${currencyId} off by ${sum} units`);
        throw new LedgerImbalance(detail.join(', '));
      }
      if (this.role === 'follower') {
        // Nothing is written, but the log rows the leader wrote took their ids; they and the trades
        // are kept for the follower to compare with the leader's (cluster/follower.ts).
        const firstLog = counters.get('account_logs')!;
        counters.set('account_logs', firstLog + changes.logs.length);
        for (const row of logRowsOf(changes.logs, firstLog, now)) this.followed.account_logs.push(row);
        for (const row of staged.inserts.get('trades') ?? [])
          this.followed.trades.push(row as Record<string, unknown>);
      } else if (
        changes.logs.length > 0 ||
        staged.inserts.size > 0 ||
        staged.updates.size > 0 ||
        staged.writes.length > 0 ||
        staged.latest.size > 0
      ) {
        const started = performance.now();
        await this.db.executeBatch(this.statements(changes, staged, now, counters));
        commitMs = performance.now() - started;
      }
    } catch (error) {
      this.books.rollback(0);
      for (const pending of batch) pending.reject(error);
      await this.resync(true);
      return;
    }
    await this.resync(this.resyncNeeded);
    this.books.drain();
    for (const [table, next] of counters) this.nextIds.set(table, next);
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
    for (const effect of staged.effects) effect();
    if (changes.touched.length > 0) for (const listener of this.commitListeners) listener(changes.touched);
    for (const listener of this.batchListeners) listener(batch.length, commitMs);
  }

  /** Applies one command; on a throw, undoes its changes and staged rows. */
  private apply(
    { command, journal }: Pending,
    now: number,
    batchAt: number,
    staged: Staged,
    counters: Map<SequencedTable, number>,
  ): { ok: true; value: unknown } | { ok: false; error: unknown } {
    const mark = this.books.mark();
    const inserts = new Map<keyof Database, unknown[]>();
    const updates: RowUpdates = new Map();
    const writes: CompiledQuery[] = [];
    const latest = new Map<string, CompiledQuery>();
    const effects: (() => void)[] = [];
    const countersBefore = new Map(counters);
    const context: CommandContext = {
      books: this.books,
      now,
      nextId: (table) => {
        const id = counters.get(table)!;
        counters.set(table, id + 1);
        return id;
      },
      insert: (table, row) => {
        const rows = inserts.get(table) ?? [];
        rows.push(row);
        inserts.set(table, rows);
      },
      update: (table, id, values) => stageUpdate(updates, table, id, values),
      write: (query) => writes.push(query),
      writeLatest: (key, query) => latest.set(key, query),
      afterCommit: (effect) => effects.push(effect),
    };
    try {
      const value = command(context);
      if (journal) {
        const id = context.nextId('command_journal');
        context.insert('command_journal', { id, ...journal, at: now, batch_at: batchAt });
      } else if (
        this.books.mark() !== mark ||
        inserts.size + updates.size + writes.length + latest.size > 0
      ) {
        this.unjournaledChanges += 1;
      }
      // Appended one by one: a batch may stage more rows than a spread can pass as arguments.
      for (const [table, rows] of inserts) {
        const all = staged.inserts.get(table) ?? [];
        for (const row of rows) all.push(row);
        staged.inserts.set(table, all);
      }
      for (const [table, rows] of updates) {
        for (const [id, values] of rows) stageUpdate(staged.updates, table, id, values);
      }
      for (const query of writes) staged.writes.push(query);
      for (const [key, query] of latest) staged.latest.set(key, query);
      for (const effect of effects) staged.effects.push(effect);
      return { ok: true, value };
    } catch (error) {
      this.books.rollback(mark);
      for (const [table, value] of countersBefore) counters.set(table, value);
      if (!isRefusal(error)) this.resyncNeeded = true;
      return { ok: false, error };
    }
  }

  /** The batch's writes as statements: new accounts, changed balances, staged rows, the journal. */
  private statements(
    changes: { created: Account[]; touched: Account[]; logs: LogRecord[] },
    staged: Staged,
    now: number,
    counters: Map<SequencedTable, number>,
  ): CompiledQuery[] {
    const rows = this.rows;
    const created = new Set(changes.created);
    const queries = rows.insert(
      'accounts',
      changes.created.map((account) => ({
        id: account.id,
        user_id: account.userId,
        system_code: account.systemCode,
        account_type_id: account.typeId,
        currency_id: account.currencyId,
        balance: units(account.balance),
        lock_balance: units(account.lock),
        updated_at: now,
      })),
    );
    const balances: RowUpdate[] = [];
    for (const account of changes.touched) {
      if (created.has(account)) continue;
      balances.push({
        id: account.id,
        values: { balance: units(account.balance), lock_balance: units(account.lock), updated_at: now },
      });
    }
    for (const query of rows.updateRows('accounts', balances)) queries.push(query);
    for (const [table, tableRows] of staged.inserts) {
      for (const query of rows.insert(table, tableRows as Record<string, unknown>[])) queries.push(query);
    }
    // Updates after the inserts, so an update may touch a row inserted by the same batch.
    for (const [table, byId] of staged.updates) {
      const list = [...byId].map(([id, values]) => ({ id, values }));
      for (const query of rows.updateRows(table, list)) queries.push(query);
    }
    for (const query of staged.writes) queries.push(query);
    for (const query of staged.latest.values()) queries.push(query);
    const firstLog = counters.get('account_logs')!;
    const logRows = rows.insert('account_logs', logRowsOf(changes.logs, firstLog, now));
    for (const query of logRows) queries.push(query);
    counters.set('account_logs', firstLog + changes.logs.length);
    return queries;
  }

  private async resync(needed: boolean): Promise<void> {
    if (!needed) return;
    this.resyncNeeded = false;
    for (const hook of this.resyncHooks) await hook();
  }

  /** Waits for the queue to empty, then refuses new commands. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.draining) await this.idle;
  }
}

/** The account-log rows of a batch's postings, numbered from `firstId`. */
function logRowsOf(logs: LogRecord[], firstId: number, now: number): Record<string, unknown>[] {
  let id = firstId;
  return logs.map((log) => ({
    id: id++,
    account_id: log.accountId,
    user_id: log.userId,
    account_type_id: log.typeId,
    currency_id: log.currencyId,
    change_balance: units(log.available),
    change_lock: units(log.locked),
    balance_after: units(log.balanceAfter),
    lock_after: units(log.lockAfter),
    type: log.entry.type,
    memo: log.entry.memo,
    notes: log.entry.notes ?? '',
    ref_type: log.entry.refType,
    ref_id: log.entry.refId,
    extra_data: log.entry.extra ? JSON.stringify(log.entry.extra) : '{}',
    created_at: log.entry.at ?? now,
  }));
}
