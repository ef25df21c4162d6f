import { conflict } from '../http/errors.js';

/**
 * The row an earlier request with the same id left, if any; the same id with other terms is
 * refused (`hash` is the request's terms as stored beside its id).
 */
export function sameRequest<R extends { request_hash: string | null }>(
  row: R | undefined,
  hash: string,
): R | undefined {
  if (row && row.request_hash !== hash) throw conflict('error.request_id_reused');
  return row;
}

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
