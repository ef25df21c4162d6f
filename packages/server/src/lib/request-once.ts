import { conflict } from '../platform/errors.js';
import { systemClock, type Clock } from './clock.js';

/**
 * The caller's id for an idempotent call, and a digest of the call's terms (read once for every such
 * call by the route hook, http/route.ts): the same id again with the same terms answers the first
 * call, with other terms it is refused.
 */
export interface RequestOnceKey {
  id: string;
  /** The path and the validated request without its id, so buy and sell with one id differ too. */
  hash: string;
}

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

/** How long a request id is remembered in memory: far past the time its twins can be in flight. */
export const RECENT_REQUEST_TTL_MS = 10 * 60 * 1000;
/** How many request ids are remembered at most: about 10 MB at the largest ids. */
export const RECENT_REQUEST_MAX = 50_000;

/**
 * Request ids answered recently, by key, bounded by age and by count (the oldest go first). An entry
 * is needed only from its command until its batch has committed and the twins that read the
 * database before that commit have reached the sequencer: milliseconds, seconds under load. After
 * that the database's unique index and the check before the command answer every later copy.
 */
export class RecentRequests<V> {
  /** In insertion order, which is time order: a key set again moves to the end. */
  private readonly entries = new Map<string, { value: V; at: number }>();

  constructor(
    private readonly ttlMs = RECENT_REQUEST_TTL_MS,
    private readonly maxSize = RECENT_REQUEST_MAX,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(maxSize >= 1) || !(ttlMs > 0)) throw new Error('RecentRequests needs a positive size and time');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock.now() - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    const now = this.clock.now();
    this.entries.delete(key);
    this.entries.set(key, { value, at: now });
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxSize && now - entry.at < this.ttlMs) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
