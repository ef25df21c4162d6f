import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/connect.js';
import { processAlive } from '../ledger/writer-lock.js';
import {
  holderName,
  leaseTiming,
  mayTake,
  pidOnHost,
  type LeaseRow,
  type LeaseTiming,
} from './lease-rules.js';

/** The database's own clock in ms: every process compares lease times on the same clock. */
const DB_NOW = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
const NAME = 'core';
/** Serializes the creation of the lease's table by processes that start together. */
const CREATE_LOCK = 7_300_113;
/** The SQLSTATE of a batch the fence refused (class OX: ours). */
const FENCED_STATE = 'OXF01';
/**
 * The fence, first in every batch's transaction: it fails the batch, before anything of it is
 * written, unless the lease's row is still this holder's epoch; `for share` holds the row, so a
 * takeover's update of it waits until this batch has committed or rolled back. Expiry is not
 * checked: a holder whose lease ran out but whom no one replaced is still the only writer; what
 * matters is that no one took over since. A function, so the batch goes with its commit in one
 * round trip (db/connect.ts) and needs no answer read in between.
 */
const FENCE_FUNCTION = `create or replace function oex_lease_fence(lease_name text, me text, my_epoch bigint)
returns void language plpgsql as $fence$
declare held record;
begin
  select holder, epoch into held from leader_lease where name = lease_name for share;
  if held.holder is distinct from me or held.epoch is distinct from my_epoch then
    raise exception using errcode = '${FENCED_STATE}',
      message = format('the lease is now epoch %s of %s', held.epoch, held.holder);
  end if;
end $fence$`;

/** Whether the holder was a process of this host that no longer runs. */
function goneFromThisHost(holder: string): boolean {
  const pid = pidOnHost(holder, hostname());
  return pid !== undefined && !processAlive(pid);
}

/** A batch refused because another process took the lead since this one got it. */
export class FencedOut extends Error {
  constructor(detail: string) {
    super(`fenced out: ${detail}; this process no longer leads and commits nothing`);
    this.name = 'FencedOut';
  }
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

type Row = { holder: string; epoch: string | number; expires_at: string | number; now?: string | number };

const leaseRow = (row: Row): LeaseRow => ({
  holder: row.holder,
  epoch: Number(row.epoch),
  expiresAt: Number(row.expires_at),
});

/**
 * The leader's lease on PostgreSQL (docs/cluster.md): a row naming the holder, an epoch raised by
 * each taking over, and an expiry on the database's clock. The holder renews it; a standby waits
 * until it expires, then takes it. Every batch's transaction reads the row `for share` and commits
 * only under the holder and epoch it was taken with, so a leader that was paused past its lease and
 * replaced can never commit again, and a takeover waits for a batch already committing.
 */
export class LeaderLease {
  /** Unique per process start: a restarted process on the same host is a new holder. */
  readonly holder = holderName(hostname(), process.pid, randomBytes(4).toString('hex'));
  readonly timing: LeaseTiming;
  private epochHeld = 0;
  /** While waiting: the holder last seen leading. */
  lastSeenHolder = '';
  private renewTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly lostListeners: ((reason: string) => void)[] = [];

  constructor(
    private readonly db: Db,
    ttlMs: number,
    private readonly log: Log,
  ) {
    if (db.dialect !== 'postgres') throw new Error('the leader lease needs PostgreSQL');
    this.timing = leaseTiming(ttlMs);
  }

  /** The epoch this process leads under (0 before it leads). */
  get epoch(): number {
    return this.epochHeld;
  }

  /** Told once when the lease is found taken by another: the process must stop writing. */
  onLost(listener: (reason: string) => void): void {
    this.lostListeners.push(listener);
  }

  /**
   * Waits, as a standby, until this process holds the lease; then renews it and fences every
   * batch of `db`. Answers the epoch. Without `wait`, a lease another holds is an error at once.
   * `whileWaiting` runs once when the wait begins (the standby's answers on its port); `release()`
   * ends the wait.
   */
  async acquire(wait = true, whileWaiting?: (held: LeaseRow) => Promise<void>): Promise<number> {
    await this.ensureTable();
    let told = false;
    while (!this.stopped) {
      const outcome = await this.tryTake();
      if ('epoch' in outcome) {
        this.epochHeld = outcome.epoch;
        this.db.guardBatches({
          statement: CompiledQuery.raw(`select oex_lease_fence($1, $2, $3)`, [
            NAME,
            this.holder,
            outcome.epoch,
          ]),
          refusal: (error) => this.fenced(error),
        });
        this.renewTimer = setInterval(() => void this.renew(), this.timing.renewEveryMs);
        this.renewTimer.unref();
        this.log.info(`leading under lease epoch ${outcome.epoch} as ${this.holder}`);
        return outcome.epoch;
      }
      if (!wait) {
        throw new Error(
          `${outcome.held.holder} leads this database (lease epoch ${outcome.held.epoch}); stop it first or use its admin calls`,
        );
      }
      if (!told) {
        this.log.info(
          `standby: the lease is held by ${outcome.held.holder} (epoch ${outcome.held.epoch}); taking over when it expires`,
        );
        told = true;
        await whileWaiting?.(outcome.held);
      }
      this.lastSeenHolder = outcome.held.holder;
      await new Promise((resolve) => setTimeout(resolve, this.timing.pollEveryMs));
    }
    throw new Error('stopped while waiting for the lease');
  }

  /** Whether another live process holds the lease now: then a standby may follow it. */
  async heldByAnother(): Promise<boolean> {
    await this.ensureTable();
    const { rows } = await this.db.kysely.executeQuery<Row>(
      CompiledQuery.raw(
        `select holder, epoch, expires_at, ${DB_NOW} as now from leader_lease where name = $1`,
        [NAME],
      ),
    );
    const row = rows[0]!;
    const held = leaseRow(row);
    this.lastSeenHolder = held.holder;
    return !mayTake(held, this.holder, Number(row.now), goneFromThisHost(held.holder));
  }

  /** Stops renewing and, when leading, lets the lease go at once so a standby needs not wait. */
  async release(): Promise<void> {
    this.stopped = true;
    clearInterval(this.renewTimer);
    if (this.epochHeld === 0) return;
    await this.db.kysely.executeQuery(
      CompiledQuery.raw(
        `update leader_lease set expires_at = 0 where name = $1 and holder = $2 and epoch = $3`,
        [NAME, this.holder, this.epochHeld],
      ),
    );
  }

  private async ensureTable(): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${CREATE_LOCK})`));
      await trx.executeQuery(
        CompiledQuery.raw(
          `create table if not exists leader_lease (name text primary key, holder text not null, epoch bigint not null, expires_at bigint not null)`,
        ),
      );
      await trx.executeQuery(CompiledQuery.raw(FENCE_FUNCTION));
      await trx.executeQuery(
        CompiledQuery.raw(
          `insert into leader_lease (name, holder, epoch, expires_at) values ($1, '', 0, 0) on conflict (name) do nothing`,
          [NAME],
        ),
      );
    });
  }

  private tryTake(): Promise<{ epoch: number } | { held: LeaseRow }> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const { rows } = await trx.executeQuery<Row>(
        CompiledQuery.raw(
          `select holder, epoch, expires_at, ${DB_NOW} as now from leader_lease where name = $1 for update`,
          [NAME],
        ),
      );
      const row = rows[0]!;
      const held = leaseRow(row);
      if (!mayTake(held, this.holder, Number(row.now), goneFromThisHost(held.holder))) return { held };
      const epoch = held.epoch + 1;
      await trx.executeQuery(
        CompiledQuery.raw(
          `update leader_lease set holder = $2, epoch = $3, expires_at = ${DB_NOW} + $4 where name = $1`,
          [NAME, this.holder, epoch, this.timing.ttlMs],
        ),
      );
      return { epoch };
    });
  }

  private async renew(): Promise<void> {
    if (this.stopped) return;
    try {
      const { rows } = await this.db.kysely.executeQuery<Row>(
        CompiledQuery.raw(
          `update leader_lease set expires_at = ${DB_NOW} + $4 where name = $1 and holder = $2 and epoch = $3 returning holder`,
          [NAME, this.holder, this.epochHeld, this.timing.ttlMs],
        ),
      );
      if (rows.length === 0) this.lose('another process took the lease');
    } catch (error) {
      // The database is out of reach: no one else can take over through it either, and every
      // batch is fenced by the row itself, so the renewal is tried again on the next tick.
      this.log.warn(`lease renewal failed: ${(error as Error).message}`);
    }
  }

  /** A batch the fence refused: the lead is lost. Other failures are not the fence's. */
  private fenced(error: unknown): Error | undefined {
    if ((error as { code?: unknown }).code !== FENCED_STATE) return undefined;
    this.lose((error as Error).message);
    return new FencedOut(`batch of epoch ${this.epochHeld} refused`);
  }

  private lose(reason: string): void {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.renewTimer);
    this.log.warn(`lost the lead: ${reason}`);
    for (const listener of this.lostListeners) listener(reason);
  }
}
