import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.js';
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

/** A grant as kept: by its key's SHA-256; the key itself once this process has seen it. */
interface Held extends Omit<ListenKeyGrant, 'listenKey'> {
  keyHash: string;
  listenKey: string | undefined;
}

/** A grant as the store keeps it: never the key itself. */
export type StoredListenKey = Omit<Held, 'listenKey'>;

/** Where listen keys outlive this process (the database, for the next leader of a cluster). */
export interface ListenKeyStore {
  save(grant: StoredListenKey): Promise<void>;
  remove(keyHash: string): Promise<void>;
  /** Those still live at `now`; the expired ones are deleted. */
  live(now: number): Promise<StoredListenKey[]>;
}

const hashOf = (listenKey: string) => createHash('sha256').update(listenKey).digest('hex');

/**
 * The user-data stream's listen keys. The stream side finds a key's user here and hears of closes.
 * With a store, every change is written through and `load` reads the live ones at start, so a new
 * leader knows the keys its predecessor gave out: their keepalives and streams go on. It keeps only
 * their hashes; a key it has not seen presented yet cannot be answered again by `open`, which then
 * gives the API key a new one (the old one lives on until it expires or is closed).
 */
export class ListenKeys {
  private readonly byHash = new Map<string, Held>();
  private readonly closeListeners: ((grant: ListenKeyGrant) => void)[] = [];
  /**
   * The store's writes, one after another in the order made: a save and a remove of one key on two
   * of the pool's connections could otherwise land the other way round (seen in CI on
   * PostgreSQL: a key closed after it was opened again stayed in the database).
   */
  private storeWrites: Promise<void> = Promise.resolve();

  constructor(
    private readonly clock: Clock,
    private readonly store?: ListenKeyStore,
    private readonly onStoreError: (error: Error) => void = () => {},
  ) {}

  /** The live keys the store holds (a start, or a takeover in a cluster). */
  async load(): Promise<void> {
    if (!this.store) return;
    for (const stored of await this.store.live(this.clock.now()))
      if (!this.byHash.has(stored.keyHash))
        this.byHash.set(stored.keyHash, { ...stored, listenKey: undefined });
  }

  /** The API key's live listen key, made now when it has none (its life starts again either way). */
  open(userId: number, apiKeyId: number): ListenKeyGrant {
    const now = this.clock.now();
    this.sweep(now);
    for (const held of this.byHash.values()) {
      if (held.apiKeyId === apiKeyId && held.listenKey !== undefined) {
        held.expiresAt = now + LISTEN_KEY_TTL_MS;
        this.persist(held);
        return grantOf(held, held.listenKey);
      }
    }
    const listenKey = randomBytes(32).toString('hex');
    const held: Held = {
      keyHash: hashOf(listenKey),
      listenKey,
      userId,
      apiKeyId,
      expiresAt: now + LISTEN_KEY_TTL_MS,
    };
    this.byHash.set(held.keyHash, held);
    this.persist(held);
    return grantOf(held, listenKey);
  }

  /** The live grant of a listen key, or undefined (unknown or expired). */
  find(listenKey: string): ListenKeyGrant | undefined {
    const held = this.presented(listenKey);
    return held && grantOf(held, listenKey);
  }

  /** Extends a user's listen key by another hour; false when it is not theirs or not live. */
  keepalive(listenKey: string, userId: number): boolean {
    const held = this.live(listenKey, userId);
    if (!held) return false;
    held.expiresAt = this.clock.now() + LISTEN_KEY_TTL_MS;
    this.persist(held);
    return true;
  }

  /** Ends a user's listen key; false when it is not theirs or not live. */
  remove(listenKey: string, userId: number): boolean {
    const held = this.live(listenKey, userId);
    if (!held) return false;
    this.close(held);
    return true;
  }

  /** Told of each listen key that ends (closed, expired): its streams end with it. */
  onClose(listener: (grant: ListenKeyGrant) => void): void {
    this.closeListeners.push(listener);
  }

  /** Ends expired keys (also called on each `open`, so the map does not grow). */
  sweep(now = this.clock.now()): void {
    for (const held of [...this.byHash.values()]) if (held.expiresAt <= now) this.close(held);
  }

  private live(listenKey: string, userId: number): Held | undefined {
    const held = this.presented(listenKey);
    return held?.userId === userId ? held : undefined;
  }

  /** The live grant a presented key names (ending it when expired), known by its key from now on. */
  private presented(listenKey: string): Held | undefined {
    const held = this.byHash.get(hashOf(listenKey));
    if (!held) return undefined;
    // A grant loaded from the store came as a hash; presented, its key is known.
    held.listenKey = listenKey;
    if (held.expiresAt <= this.clock.now()) {
      this.close(held);
      return undefined;
    }
    return held;
  }

  private close(held: Held): void {
    if (!this.byHash.delete(held.keyHash)) return;
    this.write((store) => store.remove(held.keyHash));
    // A key never presented to this process has no streams here to end.
    if (held.listenKey === undefined) return;
    for (const listener of this.closeListeners) listener(grantOf(held, held.listenKey));
  }

  private persist(held: Held): void {
    const { listenKey: _key, ...stored } = held;
    this.write((store) => store.save(stored));
  }

  /** Resolves once the writes made so far are in the store. */
  flushed(): Promise<void> {
    return this.storeWrites;
  }

  private write(change: (store: ListenKeyStore) => Promise<void>): void {
    const store = this.store;
    if (!store) return;
    this.storeWrites = this.storeWrites.then(() => change(store)).catch(this.onStoreError);
  }
}

function grantOf(held: Held, listenKey: string): ListenKeyGrant {
  return { listenKey, userId: held.userId, apiKeyId: held.apiKeyId, expiresAt: held.expiresAt };
}

/** The listen keys in the database (migration 028), written through and read at start. */
export function databaseListenKeyStore(db: Db): ListenKeyStore {
  return {
    async save(grant) {
      await db.kysely
        .insertInto('listen_keys')
        .values({
          key_hash: grant.keyHash,
          user_id: grant.userId,
          api_key_id: grant.apiKeyId,
          expires_at: grant.expiresAt,
        })
        .onConflict((oc) => oc.column('key_hash').doUpdateSet({ expires_at: grant.expiresAt }))
        .execute();
    },
    async remove(keyHash) {
      await db.kysely.deleteFrom('listen_keys').where('key_hash', '=', keyHash).execute();
    },
    async live(now) {
      await db.kysely.deleteFrom('listen_keys').where('expires_at', '<=', now).execute();
      const rows = await db.kysely.selectFrom('listen_keys').selectAll().execute();
      return rows.map((row) => ({
        keyHash: row.key_hash,
        userId: row.user_id,
        apiKeyId: row.api_key_id,
        expiresAt: Number(row.expires_at),
      }));
    },
  };
}

const instances = new WeakMap<object, ListenKeys>();

/**
 * The one listen-key store of an exchange (keyed by its database connection, new at every start):
 * REST and streams share it; it is kept in that database.
 */
export function listenKeysOf(context: {
  clock: Clock;
  db: Db;
  log: { warn(message: string): void };
}): ListenKeys {
  let keys = instances.get(context.db);
  if (!keys) {
    keys = new ListenKeys(context.clock, databaseListenKeyStore(context.db), (error) =>
      context.log.warn(`listen keys: writing to the database failed: ${error.message}`),
    );
    instances.set(context.db, keys);
  }
  return keys;
}
