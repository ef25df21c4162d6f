/**
 * Requests with a caller's id, run once. A copy that arrives while the first is under way waits
 * for it (it is registered before the first await, so a twin sent at once cannot slip past), and a
 * later copy gets what `earlier` finds in the database: the first request's answer.
 */
export class RequestOnce<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, earlier: () => Promise<T | undefined>, first: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const attempt = (async () => (await earlier()) ?? (await first()))();
    this.inFlight.set(key, attempt);
    return attempt.finally(() => this.inFlight.delete(key));
  }
}
