import { randomBytes } from 'node:crypto';
import { nanos, type NatsConnection, type ObjectStore } from 'nats';
import { bodiesBucketOf, STORED_BODY_TTL_MS } from './bus-rules.js';

/**
 * Request bodies too large for one NATS message (an image upload), kept in JetStream's object store
 * between the gateway that took them and the core that answers (docs/cluster.md). The bucket is
 * opened on first use, so a cluster that never sends one needs no JetStream; its entries expire
 * after `STORED_BODY_TTL_MS`, so a body whose request was lost does not stay.
 */
export class StoredBodies {
  private store: Promise<ObjectStore> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {}

  /** Keeps `body` and answers the name a forwarded request carries instead of it. */
  async put(body: Uint8Array): Promise<string> {
    const name = randomBytes(24).toString('base64url');
    await (await this.bucket()).putBlob({ name }, body);
    return name;
  }

  /** The body stored under `name`, removed from the store; null when it is not there (expired). */
  async take(name: string): Promise<Uint8Array | null> {
    const store = await this.bucket();
    const body = await store.getBlob(name);
    if (body) void store.delete(name).catch(() => undefined);
    return body;
  }

  /** Removes a body whose request no core took. */
  drop(name: string): void {
    void this.bucket()
      .then((store) => store.delete(name))
      .catch(() => undefined);
  }

  private bucket(): Promise<ObjectStore> {
    if (!this.store) {
      const opening = this.nc.jetstream().views.os(bodiesBucketOf(this.prefix), {
        ttl: nanos(STORED_BODY_TTL_MS),
      });
      // A failed open (JetStream down) is tried again by the next body.
      opening.catch(() => (this.store = undefined));
      this.store = opening;
    }
    return this.store;
  }
}
