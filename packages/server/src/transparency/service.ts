import { randomBytes } from 'node:crypto';
import {
  buildTree,
  Decimal,
  proofOf,
  SALT_BYTES,
  type ChainHoldingView,
  type LiabilityLeaf,
  type LiabilityProofView,
  type LiabilitySnapshotView,
  type MerkleSumTree,
  type OperatorLogHeadView,
  type TransparencyView,
  type WalletHoldings,
} from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import { insertNotice } from '../content/service.js';
import type { Settings } from '../platform/settings.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Database, LiabilitySnapshotsTable } from '../db/schema.js';
import { AppError } from '../platform/errors.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { CommandContext, Sequencer } from '../ledger/sequencer.js';
import type { Clock } from '../lib/clock.js';
import { formatDateTime, minutesOfDay } from '../lib/time.js';
import { bucketStart } from '../spot/periods.js';
import { snapshotNotice } from './notice.js';
import { latestDueDay, leavesOf, shouldTake, treeLeaves, userBalances, type DueDay } from './rules.js';

/** The operator log as this module needs it: its head (admin/operator-log.ts). */
export interface OperatorLogHead {
  head(): Promise<OperatorLogHeadView | null>;
}

export interface TransparencyDeps {
  db: Kysely<Database>;
  sequencer: Sequencer;
  currencies: CurrencyDirectory;
  settings: Settings;
  clock: Clock;
  timeZone: string;
  operatorLog: OperatorLogHead;
  /** What the wallet's addresses hold on chain (the service behind /api/admin/wallet/holdings). */
  holdings: () => Promise<WalletHoldings[]>;
  log: Logger;
}

/** Chain balances are read from the nodes at most once a minute, however many visitors ask. */
const HOLDINGS_TTL_MS = 60_000;
/** Leaf rows per insert: 5 columns each, far below SQLite's 32766 parameters. */
const LEAF_CHUNK = 1000;

type SnapshotRow = Selectable<LiabilitySnapshotsTable>;

/** Reads every user's balance of every currency at one instant: between two sequencer commands. */
function readBalances(context: CommandContext) {
  return { at: context.now, balances: userBalances(context.books.accounts()) };
}

/**
 * Proof of liabilities: snapshots of every user's balance per currency as Merkle-sum trees (daily
 * and on demand), the daily notice that publishes their roots, the public overview, and each
 * user's own inclusion proof.
 */
export class TransparencyService {
  private readonly startedAt: number;
  /** The tree of each currency's latest snapshot, rebuilt from its stored leaves when needed. */
  private readonly trees = new Map<
    number,
    { snapshotId: number; tree: MerkleSumTree; leaves: LiabilityLeaf[] }
  >();
  private holdingsRead: { at: number; value: Promise<ChainHoldingView[]> } | null = null;

  constructor(private readonly deps: TransparencyDeps) {
    this.startedAt = deps.clock.now();
  }

  /** Takes a snapshot of every currency now (an operator's call). */
  takeNow(): Promise<LiabilitySnapshotView[]> {
    return this.take(null);
  }

  /**
   * The first snapshot of a new exchange, taken when it first starts rather than at the first
   * daily time: answers it, or null when the database has one already.
   */
  async takeFirst(): Promise<LiabilitySnapshotView[] | null> {
    const any = await this.deps.db.selectFrom('liability_snapshots').select('id').executeTakeFirst();
    return any ? null : this.take(null);
  }

  /**
   * Takes the latest due day's snapshot if it has none (see `shouldTake`); answers the snapshots
   * taken, or null when none was due. Safe to call at any time and from a restarted server.
   */
  async takeDue(): Promise<LiabilitySnapshotView[] | null> {
    const due = await this.dueDay();
    const taken = await this.deps.db
      .selectFrom('liability_snapshots')
      .select('id')
      .where('day', '=', due.day)
      .executeTakeFirst();
    const anyDaily = await this.deps.db
      .selectFrom('liability_snapshots')
      .select('id')
      .where('day', 'is not', null)
      .executeTakeFirst();
    if (!shouldTake(due, taken !== undefined, anyDaily !== undefined, this.startedAt)) return null;
    try {
      return await this.take(due);
    } catch (error) {
      // Another writer of the same database cannot exist (the writer lock); this is belt and braces.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Publishes the notice of every daily snapshot that has none yet; answers the notices' ids. */
  async publishNotices(): Promise<number[]> {
    const rows = await this.deps.db
      .selectFrom('liability_snapshots')
      .selectAll()
      .where('day', 'is not', null)
      .where('notice_id', 'is', null)
      .orderBy('id')
      .execute();
    const days = [...new Set(rows.map((row) => row.day!))];
    const published: number[] = [];
    for (const day of days) {
      const snapshots = rows.filter((row) => row.day === day).map((row) => this.view(row));
      const texts = snapshotNotice(snapshots, await this.deps.operatorLog.head(), this.deps.timeZone);
      const noticeId = await this.deps.db.transaction().execute(async (trx) => {
        const id = await insertNotice(trx, texts, this.deps.clock.now());
        await trx
          .updateTable('liability_snapshots')
          .set({ notice_id: id })
          .where('day', '=', day)
          .where('notice_id', 'is', null)
          .execute();
        return id;
      });
      published.push(noticeId);
    }
    return published;
  }

  /** The public page's data: each currency's latest snapshot, chain holdings, the log head. */
  async overview(): Promise<TransparencyView> {
    const [snapshots, holdings, head] = await Promise.all([
      this.latestSnapshots(),
      this.chainHoldings(),
      this.deps.operatorLog.head(),
    ]);
    return { snapshots: snapshots.map((row) => this.view(row)), holdings, operator_log: head };
  }

  /**
   * The caller's own leaves (their balance's pieces) and paths in the latest snapshot of a
   * currency. The root and total are the published ones, never recomputed: a leaf changed after
   * publication fails to verify.
   */
  async proof(userId: number, currencyCode: string): Promise<LiabilityProofView> {
    const currency = this.deps.currencies.byCode(currencyCode);
    const snapshot = await this.deps.db
      .selectFrom('liability_snapshots')
      .selectAll()
      .where('currency_id', '=', currency.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!snapshot) throw new AppError(404, 'error.transparency_no_snapshot', { currency: currency.code });
    const own = await this.deps.db
      .selectFrom('liability_leaves')
      .select(['idx', 'salt', 'balance'])
      .where('snapshot_id', '=', snapshot.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!own) throw new AppError(404, 'error.transparency_no_balance', { currency: currency.code });
    const { tree, leaves } = await this.treeOf(snapshot);
    return {
      snapshot: this.view(snapshot),
      user_id: userId,
      balance: money(own.balance),
      leaves: leaves.flatMap((leaf, index) =>
        leaf.user_id === userId ? [{ ...leaf, index, path: proofOf(tree, index) }] : [],
      ),
      root_hash: snapshot.root_hash,
      total: money(snapshot.total),
    };
  }

  private async dueDay(): Promise<DueDay> {
    const minute = minutesOfDay(await this.deps.settings.get('transparency_time'));
    return latestDueDay(
      this.deps.clock.now(),
      minute,
      (instant) => bucketStart(instant, '1day', this.deps.timeZone),
      (dayStart) => formatDateTime(dayStart, this.deps.timeZone).slice(0, 10),
    );
  }

  /**
   * Reads every balance at one sequencer instant, builds each currency's tree and stores the
   * snapshots with their leaves in one transaction: a day is taken whole or not at all.
   */
  private async take(due: DueDay | null): Promise<LiabilitySnapshotView[]> {
    const { at, balances } = await this.deps.sequencer.submit(readBalances);
    const freshSalt = () => randomBytes(SALT_BYTES).toString('hex');
    const built = this.deps.currencies.all().map((currency) => {
      // Stored: one entry per user (their total and secret seed); the tree's leaves derive from them.
      const entries = leavesOf(balances.get(currency.id) ?? new Map<number, bigint>(), freshSalt);
      const leaves = treeLeaves(entries);
      return { currency, entries, leaves, tree: buildTree(leaves) };
    });
    const rows = await this.deps.db.transaction().execute(async (trx) => {
      const stored: SnapshotRow[] = [];
      for (const { currency, entries, leaves, tree } of built) {
        const row = await trx
          .insertInto('liability_snapshots')
          .values({
            currency_id: currency.id,
            day: due?.day ?? null,
            due_at: due?.dueAt ?? null,
            taken_at: at,
            root_hash: Buffer.from(tree.root.hash).toString('hex'),
            leaf_count: leaves.length,
            notice_id: null,
            total: tree.root.sum.toString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await insertLeaves(trx, row.id, entries);
        stored.push(row);
      }
      return stored;
    });
    rows.forEach((row, i) =>
      this.trees.set(row.currency_id, { snapshotId: row.id, tree: built[i]!.tree, leaves: built[i]!.leaves }),
    );
    this.deps.log.info(
      { day: due?.day ?? null, taken_at: at, currencies: rows.length },
      'transparency: liability snapshot taken',
    );
    return rows.map((row) => this.view(row));
  }

  /** The snapshot's tree and leaves: kept for the latest one, rebuilt from the stored entries otherwise. */
  private async treeOf(snapshot: SnapshotRow): Promise<{ tree: MerkleSumTree; leaves: LiabilityLeaf[] }> {
    const kept = this.trees.get(snapshot.currency_id);
    if (kept?.snapshotId === snapshot.id) return kept;
    const rows = await this.deps.db
      .selectFrom('liability_leaves')
      .select(['user_id', 'salt', 'balance'])
      .where('snapshot_id', '=', snapshot.id)
      .orderBy('idx')
      .execute();
    const leaves = treeLeaves(rows.map((row) => ({ ...row, balance: money(row.balance) })));
    const tree = buildTree(leaves);
    const rebuilt = Buffer.from(tree.root.hash).toString('hex');
    if (rebuilt !== snapshot.root_hash) {
      // The stored leaves no longer give the published root: proofs will fail, as they must.
      this.deps.log.error(
        { snapshot: snapshot.id, published: snapshot.root_hash, rebuilt },
        'transparency: stored leaves do not match the published root',
      );
    }
    const built = { snapshotId: snapshot.id, tree, leaves };
    this.trees.set(snapshot.currency_id, built);
    return built;
  }

  private async latestSnapshots(): Promise<SnapshotRow[]> {
    const latest = this.deps.db
      .selectFrom('liability_snapshots')
      .select((eb) => eb.fn.max('id').as('id'))
      .groupBy('currency_id');
    return this.deps.db
      .selectFrom('liability_snapshots')
      .selectAll()
      .where('id', 'in', latest)
      .orderBy('currency_id')
      .execute();
  }

  /** Chain holdings per currency, read at most once a minute; none when the wallet cannot tell. */
  private chainHoldings(): Promise<ChainHoldingView[]> {
    const now = this.deps.clock.now();
    if (this.holdingsRead && now - this.holdingsRead.at < HOLDINGS_TTL_MS) return this.holdingsRead.value;
    const value = this.deps
      .holdings()
      .then((list) =>
        list.map((entry) => ({
          currency: entry.currency,
          on_chain: entry.networks.every((network) => network.available) ? entry.on_chain : null,
          networks: entry.networks.map(({ chain, available }) => ({ chain, available })),
          read_at: now,
        })),
      )
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'transparency: reading chain holdings failed');
        this.holdingsRead = null;
        return [];
      });
    this.holdingsRead = { at: now, value };
    return value;
  }

  private view(row: SnapshotRow): LiabilitySnapshotView {
    return {
      id: row.id,
      currency: this.deps.currencies.currency(row.currency_id).code,
      currency_id: row.currency_id,
      day: row.day,
      taken_at: Number(row.taken_at),
      due_at: row.due_at === null ? null : Number(row.due_at),
      root_hash: row.root_hash,
      total: money(row.total),
      leaf_count: row.leaf_count,
    };
  }
}

/** A money column as canonical decimal text (PostgreSQL pads NUMERIC with zeros). */
const money = (value: string) => Decimal.parse(String(value)).toString();

async function insertLeaves(db: Kysely<Database>, snapshotId: number, leaves: LiabilityLeaf[]) {
  for (let start = 0; start < leaves.length; start += LEAF_CHUNK) {
    await db
      .insertInto('liability_leaves')
      .values(
        leaves.slice(start, start + LEAF_CHUNK).map((leaf, i) => ({
          snapshot_id: snapshotId,
          idx: start + i,
          user_id: leaf.user_id,
          salt: leaf.salt,
          balance: leaf.balance,
        })),
      )
      .execute();
  }
}
