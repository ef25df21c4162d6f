import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Clock } from '../lib/clock.js';
import type { ExchangeContext } from '../platform/domains.js';
import { BUY, SELL, type Side } from '../spot/engine.js';
import { ladder, seededRandom, walk, type LadderShape } from '../spot/maker-rules.js';
import type { Market } from '../market/markets.js';
import { LIMIT, MARKET } from '../spot/orders.js';
import type { SpotParts } from '../spot/domain.js';
import type { SpotService } from '../spot/service.js';
import type { UsersParts } from '../users/domain.js';
import { DEMO } from './seed.js';

export interface MarketMakerOptions {
  makerId: number;
  takerId: number;
  /** Standard deviation of one step of the reference price, as a fraction. */
  volatility: number;
  seed: number;
  /** Milliseconds between two steps of the live bot. */
  stepMs: number;
  backfillDays: number;
}

const MINUTE = 60_000;
const BACKFILL_MARK = 'seed.backfill';
// 20 levels a side, so the trade page's book (at least 15 a side on a desktop) shows a full book;
// the farthest quote, 0.05% + 19 x 0.04% = 0.81% away, stays inside MAX_DISTANCE.
const SHAPE: LadderShape = { levels: 20, spread: 0.0005, step: 0.0004, minLots: 1, maxLots: 1 };
/** Quotes further than this from the reference are withdrawn. */
const MAX_DISTANCE = 0.01;

/**
 * The demo's liquidity, in the open: a market-maker account quotes a ladder around a seeded
 * random-walk reference price, and a market-taker account sends small market orders against it.
 * Both are ordinary (system-flagged) accounts credited through the ledger, and every order goes
 * through the same engine, ledger and fees as a user's. Nothing here writes a book or a trade.
 */
export class MarketMaker {
  private readonly references = new Map<number, number>();
  private readonly random: () => number;
  private timer: NodeJS.Timeout | undefined;
  private stepping = false;

  constructor(
    private readonly spot: SpotService,
    private readonly currencies: CurrencyDirectory,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: MarketMakerOptions,
  ) {
    this.random = seededRandom(options.seed);
  }

  /** The starting reference: the last trade, else the seeded reference price. */
  private reference(market: Market): number {
    const known = this.references.get(market.id);
    if (known) return known;
    const last = this.spot.lastPrice(market.id);
    const start = last.isPositive() ? last : this.currencies.referenceUsdPrice(market.baseId);
    const ticks = Math.max(1, market.toTicks(start.round(market.priceDecimals, 'half-up')));
    this.references.set(market.id, ticks);
    return ticks;
  }

  /** Lots worth roughly `usdt` at `ticks`, at least the market's minimum order. */
  private lotsFor(market: Market, ticks: number, usdt: number): number {
    const price = Number(market.price(ticks).toString());
    const base = usdt / price;
    return Math.max(market.minLots, Math.floor(base * 10 ** market.numberDecimals));
  }

  /**
   * Once, on a fresh demo database: a week of history, one trade a minute per market, made by the
   * two liquidity accounts through the engine and stamped with the minute it stands for. The
   * klines are built from these trades exactly like live ones, so the two always agree.
   */
  async backfill(): Promise<number> {
    const done = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', BACKFILL_MARK)
      .executeTakeFirst();
    if (done) return 0;
    const now = this.clock.now();
    const start = Math.floor((now - this.options.backfillDays * 24 * 60 * MINUTE) / MINUTE) * MINUTE;
    const markets = this.spot.markets.all().filter((market) => market.tradable);
    let trades = 0;
    let pending: Promise<unknown>[] = [];
    for (let time = start; time < now - MINUTE; time += MINUTE) {
      for (const market of markets) {
        const ticks = walk(this.reference(market), this.options.volatility, this.random);
        this.references.set(market.id, ticks);
        const makerSide: Side = this.random() < 0.5 ? BUY : SELL;
        const lots = this.lotsFor(market, ticks, 50 + this.random() * 1500);
        const number = market.quantity(lots).toString();
        const price = market.price(ticks).toString();
        const at = time + Math.floor(this.random() * 50_000);
        pending.push(
          this.spot.place(
            this.options.makerId,
            makerSide,
            { marketId: market.id, number, price, type: LIMIT },
            at,
          ),
        );
        pending.push(
          this.spot.place(
            this.options.takerId,
            makerSide === BUY ? SELL : BUY,
            { marketId: market.id, number, type: MARKET },
            at,
          ),
        );
        trades += 1;
      }
      if (pending.length >= 2000) {
        await Promise.all(pending);
        pending = [];
      }
    }
    await Promise.all(pending);
    await this.db
      .insertInto('settings')
      .values({ key: BACKFILL_MARK, value: String(trades) })
      .execute();
    return trades;
  }

  start(): void {
    this.timer = setInterval(() => void this.step(), this.options.stepMs);
    this.timer.unref();
  }

  /** One step: move each reference, withdraw stale quotes, fill the ladder, sometimes take. */
  async step(): Promise<void> {
    if (this.stepping) return;
    this.stepping = true;
    try {
      const work: Promise<unknown>[] = [];
      for (const market of this.spot.markets.all().filter((m) => m.tradable)) {
        const reference = walk(this.reference(market), this.options.volatility, this.random);
        this.references.set(market.id, reference);
        const mine = [...this.spot.orders.open.values()].filter(
          (order) => order.userId === this.options.makerId && order.market.id === market.id,
        );
        const taken = new Set<number>();
        for (const order of mine) {
          const wrongSide = order.way === BUY ? order.priceTicks >= reference : order.priceTicks <= reference;
          const tooFar = Math.abs(order.priceTicks - reference) > reference * MAX_DISTANCE;
          if (wrongSide || tooFar) work.push(this.spot.cancel(this.options.makerId, order.id, order.way));
          else taken.add(order.priceTicks);
        }
        for (const quote of ladder(reference, SHAPE, this.random)) {
          if (taken.has(quote.price)) continue;
          const count = [...taken].filter((price) =>
            quote.side === BUY ? price < reference : price > reference,
          ).length;
          if (count >= SHAPE.levels) continue;
          taken.add(quote.price);
          // 1,000 to 9,000 USDT a level: the top five or so fill the impact notional (docs/mark-price.md).
          const lots = this.lotsFor(market, quote.price, 1000 + this.random() * 8000);
          work.push(
            this.spot.place(this.options.makerId, quote.side, {
              marketId: market.id,
              number: market.quantity(lots).toString(),
              price: market.price(quote.price).toString(),
              type: LIMIT,
            }),
          );
        }
        if (this.random() < 0.5) {
          const side: Side = this.random() < 0.5 ? BUY : SELL;
          const lots = this.lotsFor(market, reference, 20 + this.random() * 600);
          work.push(
            this.spot.place(this.options.takerId, side, {
              marketId: market.id,
              number: market.quantity(lots).toString(),
              type: MARKET,
            }),
          );
        }
      }
      // Refusals (a side out of funds, an empty book) are part of the game; the next step goes on.
      await Promise.allSettled(work);
    } finally {
      this.stepping = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/**
 * The demo's liquidity accounts: a week of history on the first start and a first step of quotes,
 * so the books are full before the server takes a call; `start()` then quotes live.
 */
export async function openMarketMaker(
  core: Pick<ExchangeContext, 'config' | 'db' | 'clock' | 'currencies'> &
    SpotParts &
    Pick<UsersParts, 'users'>,
): Promise<MarketMaker> {
  const [makerId, takerId] = await Promise.all([
    core.users.resolveUserId(DEMO.marketMaker),
    core.users.resolveUserId(DEMO.marketTaker),
  ]);
  const maker = new MarketMaker(core.spot, core.currencies, core.db.kysely, core.clock, {
    makerId,
    takerId,
    volatility: core.config.marketMakerVolatility,
    seed: core.config.marketMakerSeed,
    stepMs: core.config.marketMakerStepMs,
    backfillDays: core.config.marketMakerBackfillDays,
  });
  await maker.backfill();
  await maker.step();
  return maker;
}
