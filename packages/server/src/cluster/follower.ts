import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { firstDifference } from '../ledger/journal-check.js';
import { replayJournal } from '../ledger/replay.js';
import type { FollowedRows, Sequencer } from '../ledger/sequencer.js';

/** How often a following standby looks for the leader's new commands. */
const FOLLOW_EVERY_MS = 50;

/**
 * A standby following the leader (docs/cluster.md): its domains were opened on one snapshot of the
 * database, at journal position `position`; from then on it applies the leader's journaled commands
 * to its books in memory as they commit, so taking over is catching up the journal's last rows,
 * not loading every table. A command that does not apply again as it did stops it (`failure`): the
 * standby then takes over cold, from the tables.
 */
export class JournalFollower {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> = Promise.resolve();
  private failed: Error | undefined;
  private tellFailure: (error: Error) => void = () => {};
  /** Rejects when following stops on an error; never resolves. */
  readonly stopped: Promise<never>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sequencer: Sequencer,
    private at: number,
  ) {
    this.stopped = new Promise<never>((_, reject) => (this.tellFailure = reject));
    // Awaited only while waiting for the lease: a failure after that is read from `failure`.
    this.stopped.catch(() => {});
  }

  /** The journal id of the last command applied. */
  get position(): number {
    return this.at;
  }

  /** Why following stopped, if it did. */
  get failure(): Error | undefined {
    return this.failed;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.failed) return;
      this.pass = this.pass
        .then(() => this.catchUp())
        .then(
          () => {},
          (error: Error) => {
            this.failed = error;
            this.tellFailure(error);
          },
        );
    }, FOLLOW_EVERY_MS);
    this.timer.unref();
  }

  /** Stops looking; resolves once a pass under way is done. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pass;
  }

  /**
   * Applies every journaled command after the position, in order, and after each page checks the
   * rows its books made against the leader's; answers how many it applied.
   */
  async catchUp(): Promise<number> {
    if (this.failed) throw this.failed;
    const { commands, lastId } = await replayJournal(this.db, this.sequencer, this.at, () =>
      checkFollowedRows(this.db, this.sequencer.takeFollowedRows()),
    );
    this.at = lastId;
    return commands;
  }
}

/** A follower's books made other rows than the leader's: its memory is not the leader's. */
export class FollowerDivergence extends Error {}

/**
 * Every account-log row (each carries the balance and lock after its posting) and every trade the
 * follower's books made, compared column for column with the leader's rows of the same ids. A
 * follower that loaded or applied anything differently is found at its first differing posting, not
 * at a takeover; it then stands by cold, from the tables (app.ts).
 */
export async function checkFollowedRows(db: Kysely<Database>, rows: FollowedRows): Promise<void> {
  for (const table of ['account_logs', 'trades'] as const) {
    const made = rows[table];
    if (made.length === 0) continue;
    const first = made[0]!.id as number;
    const last = made[made.length - 1]!.id as number;
    const stored = await db
      .selectFrom(table)
      .selectAll()
      .where('id', '>=', first)
      .where('id', '<=', last)
      .orderBy('id')
      .execute();
    const difference = firstDifference(table, stored, made);
    if (difference !== null) {
      throw new FollowerDivergence(`the follower's books differ from the leader's: ${difference}`);
    }
  }
}
