import type { Kysely } from 'kysely';
import type { KeyFamily } from '../chains/keys.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Clock } from '../lib/clock.js';
import type { AddressOwners } from './watcher.js';
import type { Network } from './networks.js';

/**
 * Users' deposit addresses: one per user and network family (USDT-ERC20 and ETH share the EVM one),
 * derived from the family's extended public key at the user's id as index, stored once, kept forever.
 */
export class DepositAddresses implements AddressOwners {
  private readonly byFamily = new Map<string, Map<string, number>>();

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly xpubs: Partial<Record<KeyFamily, string>>,
    private readonly clock: Clock,
  ) {}

  /** The highest stored row read so far, so a refresh reads only what was added since. */
  private lastId = 0;

  static async load(
    db: Kysely<Database>,
    xpubs: Partial<Record<KeyFamily, string>>,
    clock: Clock,
  ): Promise<DepositAddresses> {
    const addresses = new DepositAddresses(db, xpubs, clock);
    await addresses.refresh();
    return addresses;
  }

  /**
   * Reads the addresses stored since the last read: another process (the core) gives them out
   * while a watcher process of its own watches them (watchers-main.ts).
   */
  async refresh(): Promise<void> {
    const rows = await this.db
      .selectFrom('deposit_addresses')
      .select(['id', 'family', 'address', 'user_id'])
      .where('id', '>', this.lastId)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      this.remember(row.family, row.address, row.user_id);
      this.lastId = Math.max(this.lastId, Number(row.id));
    }
  }

  private remember(family: string, address: string, userId: number): void {
    let owners = this.byFamily.get(family);
    if (!owners) this.byFamily.set(family, (owners = new Map()));
    owners.set(address, userId);
  }

  owners(family: string): ReadonlyMap<string, number> {
    return this.byFamily.get(family) ?? new Map();
  }

  /** The user's address on a connected network, derived and stored the first time. */
  async addressOf(userId: number, network: Network): Promise<string> {
    const stored = await this.db
      .selectFrom('deposit_addresses')
      .select('address')
      .where('user_id', '=', userId)
      .where('family', '=', network.family)
      .executeTakeFirst();
    if (stored) return stored.address;
    const xpub = this.xpubs[network.family];
    if (!xpub || !network.adapter) throw new Error(`no deposit key for ${network.family}`);
    const address = network.adapter.depositAddress(xpub, userId);
    try {
      await this.db
        .insertInto('deposit_addresses')
        .values({
          user_id: userId,
          family: network.family,
          derivation_index: userId,
          address,
          memo: '',
          created_at: this.clock.now(),
        })
        .execute();
    } catch (error) {
      // Two tabs asked at once: the other stored the same derived address.
      if (!isUniqueViolation(error)) throw error;
    }
    this.remember(network.family, address, userId);
    return address;
  }
}
