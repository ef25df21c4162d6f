import weights from './weights.json' with { type: 'json' };

/**
 * A fixed window counter per caller, as Binance counts: the window is the clock's minute (or ten
 * seconds), the count starts again at its start. Pure: the caller gives the time.
 */
export class WindowCounter {
  private readonly used = new Map<string, { window: number; count: number }>();

  constructor(
    readonly windowMs: number,
    readonly limit: number,
  ) {}

  /** What the caller has used in the current window, with `cost` added when it fits. */
  take(
    caller: string,
    cost: number,
    now: number,
  ): { used: number; allowed: boolean; retryAfterSeconds: number } {
    const window = Math.floor(now / this.windowMs);
    let entry = this.used.get(caller);
    if (!entry || entry.window !== window) {
      entry = { window, count: 0 };
      this.used.set(caller, entry);
      if (this.used.size > 100_000) this.forget(window);
    }
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    // Refused requests count too (Binance: a caller that keeps going past the limit stays refused).
    entry.count += cost;
    return { used: entry.count, allowed: entry.count <= this.limit, retryAfterSeconds };
  }

  /** What the caller used in the current window, without counting anything. */
  peek(caller: string, now: number): number {
    const entry = this.used.get(caller);
    return entry && entry.window === Math.floor(now / this.windowMs) ? entry.count : 0;
  }

  private forget(window: number): void {
    for (const [caller, entry] of this.used) if (entry.window !== window) this.used.delete(caller);
  }
}

type Weight = number | { one: number; all: number } | { upTo: number; weight: number }[];
const WEIGHTS = weights as Record<string, Weight>;

/**
 * The request weight of a call (weights.json, Binance's figures): `path` under /api/v3 with the
 * method for calls whose weight differs by it, `whole` when it asks for every symbol, `limit` for
 * the depth.
 */
export function requestWeight(
  path: string,
  method: string,
  query: { whole?: boolean; limit?: number } = {},
): number {
  const entry = WEIGHTS[`${path} ${method}`] ?? WEIGHTS[path] ?? WEIGHTS.unknown!;
  if (typeof entry === 'number') return entry;
  if (Array.isArray(entry)) {
    const limit = query.limit ?? 100;
    return (entry.find((step) => limit <= step.upTo) ?? entry[entry.length - 1]!).weight;
  }
  return query.whole ? entry.all : entry.one;
}
