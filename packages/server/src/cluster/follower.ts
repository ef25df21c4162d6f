import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { replayJournal } from '../ledger/replay.js';
import type { Sequencer } from '../ledger/sequencer.js';

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

  /** Applies every journaled command after the position, in order; answers how many. */
  async catchUp(): Promise<number> {
    if (this.failed) throw this.failed;
    const { commands, lastId } = await replayJournal(this.db, this.sequencer, this.at);
    this.at = lastId;
    return commands;
  }
}
