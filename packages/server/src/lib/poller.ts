/**
 * A task that runs its pass now and then again every interval after the pass ends, never two at
 * once. A failed pass is reported and the next one runs as planned, so one bad answer from a node
 * stops nothing.
 */
export abstract class PollingTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  /** Set by stop: a pass that ends after it schedules no next one. */
  private stopped = false;

  protected abstract pass(): Promise<void>;
  protected abstract failed(error: unknown): void;

  start(intervalMs: number): void {
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.tick().finally(loop), intervalMs);
    };
    void this.tick().finally(loop);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass; a call while one runs shares it. */
  tick(): Promise<void> {
    this.running ??= this.pass()
      .catch((error: unknown) => this.failed(error))
      .finally(() => (this.running = null));
    return this.running;
  }
}
