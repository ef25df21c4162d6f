import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.js';

/** How long a listen key lives without a keepalive (Binance: 60 minutes). */
export const LISTEN_KEY_TTL_MS = 60 * 60_000;

export interface ListenKeyGrant {
  listenKey: string;
  userId: number;
  /** The API key that made it: one listen key per API key, as Binance answers the same one again. */
  apiKeyId: number;
  expiresAt: number;
}

/**
 * The user-data stream's listen keys, kept in memory by this process (a restart ends them; clients
 * make a new one, as after any expiry). The stream side finds a key's user here and hears of closes.
 */
export class ListenKeys {
  private readonly byKey = new Map<string, ListenKeyGrant>();
  private readonly closeListeners: ((grant: ListenKeyGrant) => void)[] = [];

  constructor(private readonly clock: Clock) {}

  /** The API key's live listen key, made now when it has none (its life starts again either way). */
  open(userId: number, apiKeyId: number): ListenKeyGrant {
    const now = this.clock.now();
    this.sweep(now);
    for (const grant of this.byKey.values()) {
      if (grant.apiKeyId === apiKeyId) {
        grant.expiresAt = now + LISTEN_KEY_TTL_MS;
        return grant;
      }
    }
    const grant = {
      listenKey: randomBytes(32).toString('hex'),
      userId,
      apiKeyId,
      expiresAt: now + LISTEN_KEY_TTL_MS,
    };
    this.byKey.set(grant.listenKey, grant);
    return grant;
  }

  /** The live grant of a listen key, or undefined (unknown or expired). */
  find(listenKey: string): ListenKeyGrant | undefined {
    const grant = this.byKey.get(listenKey);
    if (!grant) return undefined;
    if (grant.expiresAt <= this.clock.now()) {
      this.close(grant);
      return undefined;
    }
    return grant;
  }

  /** Extends a user's listen key by another hour; false when it is not theirs or not live. */
  keepalive(listenKey: string, userId: number): boolean {
    const grant = this.find(listenKey);
    if (!grant || grant.userId !== userId) return false;
    grant.expiresAt = this.clock.now() + LISTEN_KEY_TTL_MS;
    return true;
  }

  /** Ends a user's listen key; false when it is not theirs or not live. */
  remove(listenKey: string, userId: number): boolean {
    const grant = this.find(listenKey);
    if (!grant || grant.userId !== userId) return false;
    this.close(grant);
    return true;
  }

  /** Told of each listen key that ends (closed, expired): its streams end with it. */
  onClose(listener: (grant: ListenKeyGrant) => void): void {
    this.closeListeners.push(listener);
  }

  /** Ends expired keys (also called on each `open`, so the map does not grow). */
  sweep(now = this.clock.now()): void {
    for (const grant of [...this.byKey.values()]) if (grant.expiresAt <= now) this.close(grant);
  }

  private close(grant: ListenKeyGrant): void {
    if (!this.byKey.delete(grant.listenKey)) return;
    for (const listener of this.closeListeners) listener(grant);
  }
}

const instances = new WeakMap<object, ListenKeys>();

/** The one listen-key store of an exchange (keyed by its context's clock): REST and streams share it. */
export function listenKeysOf(context: { clock: Clock }): ListenKeys {
  let keys = instances.get(context.clock);
  if (!keys) {
    keys = new ListenKeys(context.clock);
    instances.set(context.clock, keys);
  }
  return keys;
}
