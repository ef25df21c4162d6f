import type { Logger } from 'pino';
import { PollingTask } from '../../lib/poller.js';
import type { Clock } from '../../lib/clock.js';
import { MarketsDesk, type MarketsDeskDeps } from './service.js';

/** How often due changes are looked for; a change due sooner is woken for at its own time. */
const APPLY_INTERVAL_MS = 1000;

/**
 * Applies scheduled changes at their time: on start (before the server takes orders) and then
 * every second, and exactly at the time of one due within the second. Restart-safe: a change is
 * applied and marked in one commit, so it is either done or still due.
 */
export class ChangeApplier extends PollingTask {
  private wake: NodeJS.Timeout | undefined;

  constructor(
    private readonly desk: MarketsDesk,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    super();
  }

  run(): void {
    this.start(APPLY_INTERVAL_MS);
  }

  override async stop(): Promise<void> {
    clearTimeout(this.wake);
    await super.stop();
  }

  protected async pass(): Promise<void> {
    await this.desk.applyDue();
    const next = await this.desk.nextDueAt();
    const wait = next === null ? Infinity : next - this.clock.now();
    clearTimeout(this.wake);
    if (wait < APPLY_INTERVAL_MS) this.wake = setTimeout(() => void this.tick(), Math.max(0, wait));
  }

  protected failed(error: unknown): void {
    this.log.error({ err: error }, 'scheduled changes: applying failed');
  }
}

export interface Markets {
  desk: MarketsDesk;
  applier: ChangeApplier;
}

/** The markets desk; changes that fell due while the server was down apply before it opens. */
export async function openMarketsDesk(deps: MarketsDeskDeps): Promise<Markets> {
  const desk = new MarketsDesk(deps);
  const applier = new ChangeApplier(desk, deps.clock, deps.log);
  // Only a leader applies due changes: a standby or a replica gets the leader's by the journal.
  if (deps.sequencer.leading) await applier.tick();
  return { desk, applier };
}
