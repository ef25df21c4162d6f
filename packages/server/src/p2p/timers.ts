import type { Logger } from 'pino';
import { PollingTask } from '../lib/poller.js';
import type { P2pService } from './service.js';

/** How often deadlines are looked for; each is applied as of its own instant, whenever found. */
const PASS_INTERVAL_MS = 1000;

/**
 * Applies the desk's deadlines (pay, confirm, auto-confirm) on start and then every second:
 * restart-safe, because each deadline is stored in its order row and applied as of its own time,
 * and the command's state check makes a second application a no-op.
 */
export class P2pTimers extends PollingTask {
  constructor(
    private readonly p2p: P2pService,
    private readonly log: Logger,
  ) {
    super();
  }

  run(): void {
    this.start(PASS_INTERVAL_MS);
  }

  protected async pass(): Promise<void> {
    await this.p2p.applyDue();
  }

  protected failed(error: unknown): void {
    this.log.error({ err: error }, 'p2p: applying deadlines failed');
  }
}
