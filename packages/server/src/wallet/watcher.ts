import { Decimal, type DepositStatus } from '@oex/protocol';
import type { Logger } from 'pino';
import { PollingTask } from '../lib/poller.js';
import type { ChainAdapter } from '../chains/adapter.js';
import type { ChainProgress } from '../platform/metrics.js';
import { fromChainUnits } from '../chains/units.js';
import type { Db } from '../db/connect.js';
import type { Clock } from '../lib/clock.js';
import type { DepositRef } from './deposit-ledger.js';
import { confirmationsAt, depositStatusAt, type DepositThresholds } from './rules.js';

export interface WatchedProtocol extends DepositThresholds {
  id: number;
  currencyId: number;
}

/**
 * Where a deposit's change of state goes: the sequencer of this process (DepositLedger), or the
 * leading core over the bus when the watchers run in a process of their own (watcher-bus.ts).
 */
export interface DepositTransitions {
  transition(
    deposit: DepositRef,
    from: DepositStatus,
    to: DepositStatus,
    confirmations: number,
  ): Promise<boolean>;
}

/** Who owns each watched address of a network family (shared by its protocols). */
export interface AddressOwners {
  owners(family: string): ReadonlyMap<string, number>;
}

/** Blocks scanned per request; also bounds how far one tick reads. */
const SCAN_BATCH = 100;
/** Block hashes kept behind the head, to find where a reorg forked. */
const KEEP_HASHES = 256;

/**
 * Watches one network of one currency. Polling the node is the source of truth (a new-block event
 * may only wake it). Each tick: find a reorg by comparing stored block hashes and rewind to the fork,
 * scan the new blocks for transfers into our addresses, then move every open deposit to the state its
 * confirmations give it. Every step is stored, so a restart continues where the last tick stopped.
 */
export class DepositWatcher extends PollingTask {
  /** Called with the ids of deposits that changed, after they changed; the pass waits for it. */
  onChange: (ids: number[]) => Promise<void> | void = () => {};
  /** How far the passes got, for readiness and metrics (platform/). */
  readonly progress: ChainProgress = { head: null, scanned: null, lastSyncAt: null, failuresInRow: 0 };

  constructor(
    private readonly db: Db,
    private readonly adapter: ChainAdapter,
    private readonly protocol: WatchedProtocol,
    private readonly addresses: AddressOwners,
    private readonly ledger: DepositTransitions,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** The hot wallet's (normalized) address on this network, where one is configured. */
    private readonly hotAddress?: string,
  ) {
    super();
  }

  protected failed(error: unknown): void {
    this.progress.failuresInRow += 1;
    this.log.warn({ err: error, protocol: this.protocol.id }, 'deposit watcher pass failed');
  }

  /** Whether this watcher is the one of a network (currency protocol) id. */
  watches(protocolId: number): boolean {
    return this.protocol.id === protocolId;
  }

  /** Whether the rows recorded before own transfers were skipped have been looked at. */
  private ownForgotten = false;

  /**
   * Rows an earlier version recorded for the exchange's own transfers (the hot wallet's gas for a
   * sweep, known by its transaction in `sweeps`) are removed when they credited nothing (below the
   * minimum); one that was credited moved money, so it is left to an operator and logged.
   */
  async forgetOwnTransfers(): Promise<number> {
    const own = await this.db.kysely
      .selectFrom('deposits')
      .select(['id', 'status'])
      .where('protocol_id', '=', this.protocol.id)
      .where('tx_hash', 'in', (eb) => eb.selectFrom('sweeps').select('tx_hash'))
      .execute();
    const ids = own.filter((row) => row.status === 'below_minimum').map((row) => row.id);
    for (const row of own.filter((candidate) => candidate.status !== 'below_minimum')) {
      this.log.error(
        { deposit: row.id },
        "the exchange's own transfer was recorded as a deposit; operator action needed",
      );
    }
    if (ids.length > 0) await this.db.kysely.deleteFrom('deposits').where('id', 'in', ids).execute();
    return ids.length;
  }

  protected async pass(): Promise<void> {
    if (!this.ownForgotten) {
      await this.forgetOwnTransfers();
      this.ownForgotten = true;
    }
    const head = await this.adapter.head();
    this.progress.head = head;
    let cursor = await this.rewindToFork();
    if (cursor === null) {
      // First start on this network: watch from the current head on.
      await this.storeHashes(new Map([[head, (await this.adapter.blockHash(head))!]]));
      cursor = head;
    }
    const changed: number[] = [];
    while (cursor < head) {
      const to = Math.min(head, cursor + SCAN_BATCH);
      changed.push(...(await this.scan(cursor + 1, to, head)));
      cursor = to;
      this.progress.scanned = cursor;
    }
    changed.push(...(await this.advance(head)));
    await this.onChange(changed);
    Object.assign(this.progress, { scanned: head, lastSyncAt: Date.now(), failuresInRow: 0 });
  }

  /** The newest stored height whose hash the node still agrees with; reverses deposits above it. */
  private async rewindToFork(): Promise<number | null> {
    const stored = await this.db.kysely
      .selectFrom('chain_blocks')
      .select(['height', 'hash'])
      .where('protocol_id', '=', this.protocol.id)
      .orderBy('height', 'desc')
      .limit(KEEP_HASHES)
      .execute();
    if (stored.length === 0) return null;
    let fork: number | null = null;
    for (const block of stored) {
      if ((await this.adapter.blockHash(block.height)) === block.hash) {
        fork = block.height;
        break;
      }
    }
    if (fork === stored[0]!.height) return fork;
    const from = fork ?? stored[stored.length - 1]!.height - 1;
    this.log.warn(
      { protocol: this.protocol.id, fork: from, tip: stored[0]!.height },
      'chain reorganised; rewinding',
    );
    const orphaned = await this.db.kysely
      .selectFrom('deposits')
      .selectAll()
      .where('protocol_id', '=', this.protocol.id)
      .where('block_number', '>', from)
      .where('status', 'in', ['pending', 'credited', 'confirmed', 'below_minimum'])
      .execute();
    const changed: number[] = [];
    for (const deposit of orphaned) {
      if (deposit.status === 'confirmed') {
        // Deeper than the confirmations we trust: an operator must look; nothing is taken back silently.
        this.log.error({ deposit: deposit.id }, 'a final deposit left the chain; operator action needed');
        continue;
      }
      await this.ledger.transition(this.ref(deposit), deposit.status as DepositStatus, 'reversed', 0);
      changed.push(deposit.id);
    }
    await this.db.kysely
      .deleteFrom('chain_blocks')
      .where('protocol_id', '=', this.protocol.id)
      .where('height', '>', from)
      .execute();
    if (changed.length > 0) await this.onChange(changed);
    return from;
  }

  private ref(row: { id: number; user_id: number; currency_id: number; amount: string | number }) {
    return {
      id: row.id,
      userId: row.user_id,
      currencyId: row.currency_id,
      amount: Decimal.parse(String(row.amount)),
    };
  }

  /** Records the transfers into our addresses in blocks [from, to], then the blocks' hashes. */
  private async scan(from: number, to: number, head: number): Promise<number[]> {
    const owners = this.addresses.owners(this.adapter.family);
    const watched = new Set(owners.keys());
    const { transfers, hashes } = await this.adapter.scan(from, to, watched);
    const now = this.clock.now();
    const changed: number[] = [];
    for (const transfer of transfers) {
      // The exchange moving its own coins (gas from the hot wallet for a sweep, one deposit address
      // to another) is no user's deposit.
      if (transfer.from !== null && (transfer.from === this.hotAddress || owners.has(transfer.from)))
        continue;
      const amount = fromChainUnits(transfer.units, this.adapter.decimals);
      const below = Decimal.parse(amount).lt(this.protocol.minDeposit);
      const row = {
        block_number: transfer.blockNumber,
        block_hash: transfer.blockHash,
        // A deposit first seen is pending: the confirmation step below credits it.
        status: below ? 'below_minimum' : 'pending',
        confirmations: confirmationsAt(transfer.blockNumber, head),
        updated_at: now,
      };
      const existing = await this.db.kysely
        .selectFrom('deposits')
        .select(['id', 'status'])
        .where('protocol_id', '=', this.protocol.id)
        .where('tx_hash', '=', transfer.txHash)
        .where('log_index', '=', transfer.logIndex)
        .executeTakeFirst();
      if (existing) {
        // Seen again after a reorg took it out: it is back in a block, and starts over.
        if (existing.status !== 'reversed') continue;
        await this.db.kysely.updateTable('deposits').set(row).where('id', '=', existing.id).execute();
        changed.push(existing.id);
        continue;
      }
      const inserted = await this.db.kysely
        .insertInto('deposits')
        .values({
          ...row,
          protocol_id: this.protocol.id,
          user_id: owners.get(transfer.to)!,
          currency_id: this.protocol.currencyId,
          address: transfer.to,
          tx_hash: transfer.txHash,
          log_index: transfer.logIndex,
          amount,
          shortfall: '0',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      changed.push(inserted.id);
    }
    await this.storeHashes(hashes);
    return changed;
  }

  private async storeHashes(hashes: Map<number, string>): Promise<void> {
    const rows = [...hashes].map(([height, hash]) => ({ protocol_id: this.protocol.id, height, hash }));
    if (rows.length === 0) return;
    const top = Math.max(...hashes.keys());
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('chain_blocks')
        .where('protocol_id', '=', this.protocol.id)
        .where((eb) =>
          eb.or([eb('height', '>=', Math.min(...hashes.keys())), eb('height', '<', top - KEEP_HASHES)]),
        )
        .execute();
      await trx.insertInto('chain_blocks').values(rows).execute();
    });
  }

  /** Moves each open deposit to the state its confirmations give it, crediting exactly once. */
  private async advance(head: number): Promise<number[]> {
    const open = await this.db.kysely
      .selectFrom('deposits')
      .selectAll()
      .where('protocol_id', '=', this.protocol.id)
      .where('status', 'in', ['pending', 'credited'])
      .orderBy('id')
      .execute();
    const changed: number[] = [];
    for (const deposit of open) {
      const confirmations = confirmationsAt(deposit.block_number, head);
      const amount = Decimal.parse(String(deposit.amount));
      const next = depositStatusAt(amount, confirmations, this.protocol);
      if (next === deposit.status) {
        if (confirmations !== deposit.confirmations) {
          await this.db.kysely
            .updateTable('deposits')
            .set({ confirmations })
            .where('id', '=', deposit.id)
            .execute();
          changed.push(deposit.id);
        }
        continue;
      }
      await this.ledger.transition(this.ref(deposit), deposit.status as DepositStatus, next, confirmations);
      changed.push(deposit.id);
    }
    return changed;
  }
}
