/**
 * A task that runs its pass now and then again every interval after the pass ends, never two at
 * once. A failed pass is reported and the next one runs as planned, so one bad answer from a node
 * stops nothing.
 */
export abstract class PollingTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  protected abstract pass(): Promise<void>;
  protected abstract failed(error: unknown): void;

  start(intervalMs: number): void {
    const loop = () => {
      this.timer = setTimeout(() => void this.tick().finally(loop), intervalMs);
    };
    void this.tick().finally(loop);
  }

  async stop(): Promise<void> {
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
