import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { MarketDirectory } from '../market/markets.js';

/** A signed-in user's starred markets. Every query is scoped to that user. */
export class FavoriteMarkets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly markets: MarketDirectory,
    private readonly clock: Clock,
  ) {}

  async list(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('favorite_markets')
      .select('currency_match_id')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('currency_match_id')
      .execute();
    return rows.map((row) => row.currency_match_id);
  }

  /** Adding twice is harmless; an unknown market is refused. */
  async add(userId: number, marketId: number): Promise<number[]> {
    this.markets.market(marketId);
    await this.db
      .insertInto('favorite_markets')
      .values({ user_id: userId, currency_match_id: marketId, created_at: this.clock.now() })
      .onConflict((oc) => oc.columns(['user_id', 'currency_match_id']).doNothing())
      .execute();
    return this.list(userId);
  }

  async remove(userId: number, marketId: number): Promise<number[]> {
    await this.db
      .deleteFrom('favorite_markets')
      .where('user_id', '=', userId)
      .where('currency_match_id', '=', marketId)
      .execute();
    return this.list(userId);
  }
}
