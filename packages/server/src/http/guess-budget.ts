import type { FastifyRequest } from 'fastify';
import { tooMany } from '../platform/errors.js';

const WINDOW_MS = 60_000;

/**
 * One budget per client address for every call that guesses a secret (sign-in, reset, password
 * changes, codes), so spreading guesses over several routes is no cheaper than using one.
 * A fixed one-minute window per address; pure apart from the time it is given.
 */
export class GuessBudget {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(private readonly perMinute: number) {}

  /** Spends one guess; answers the seconds to wait when the address has none left. */
  spend(address: string, now: number): number {
    let window = this.windows.get(address);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size > 100_000) this.prune(now);
      window = { start: now, used: 0 };
      this.windows.set(address, window);
    }
    if (window.used >= this.perMinute) return Math.ceil((window.start + WINDOW_MS - now) / 1000);
    window.used += 1;
    return 0;
  }

  private prune(now: number): void {
    for (const [address, window] of this.windows) {
      if (now - window.start >= WINDOW_MS) this.windows.delete(address);
    }
  }

  /** A preHandler that spends from the budget of the request's address. */
  guard() {
    return async (request: FastifyRequest): Promise<void> => {
      const wait = this.spend(request.ip, Date.now());
      if (wait > 0) throw tooMany('error.guesses_limited', { seconds: wait });
    };
  }
}
