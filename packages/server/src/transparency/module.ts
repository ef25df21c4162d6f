import type { Logger } from 'pino';
import { PollingTask } from '../lib/poller.js';
import { TransparencyService, type TransparencyDeps } from './service.js';

/** How often the schedule looks for a due snapshot; each is taken once, stating its own instant. */
const CHECK_INTERVAL_MS = 10_000;

/**
 * Takes each day's liability snapshot at `transparency_time` and publishes its notice: on start
 * and then every few seconds, so a day missed while the server was down is taken when it starts.
 */
export class DailySnapshots extends PollingTask {
  constructor(
    private readonly service: TransparencyService,
    private readonly log: Logger,
  ) {
    super();
  }

  run(): void {
    this.start(CHECK_INTERVAL_MS);
  }

  protected async pass(): Promise<void> {
    await this.service.takeDue();
    // Apart from the take: a notice that failed (or a crash between the two) is published later.
    await this.service.publishNotices();
  }

  protected failed(error: unknown): void {
    this.log.error({ err: error }, 'transparency: the daily snapshot failed');
  }
}

export interface Transparency {
  service: TransparencyService;
  daily: DailySnapshots;
}

/** The liability snapshots; a due day is taken before the server answers its first call. */
export async function openTransparency(deps: TransparencyDeps): Promise<Transparency> {
  const service = new TransparencyService(deps);
  const daily = new DailySnapshots(service, deps.log);
  // A new exchange publishes its first snapshot at once, not at the first daily time. Only a leader
  // takes snapshots: a standby or a replica reads the balances through a sequencer that takes none.
  if (deps.sequencer.leading) {
    await service.takeFirst();
    await daily.tick();
  }
  return { service, daily };
}
