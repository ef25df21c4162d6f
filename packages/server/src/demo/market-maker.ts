import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Clock } from '../lib/clock.js';
import type { ExchangeContext } from '../platform/domains.js';
import { BUY, SELL, type Side } from '../spot/engine.js';
import { DEMO_LIQUIDITY, planStep, seededRandom, walk, type StepRules } from '../spot/maker-rules.js';
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
  backfillDays: number;
}

const MINUTE = 60_000;
const BACKFILL_MARK = 'seed.backfill';

/**
 * The demo's liquidity, in the open: a market-maker account quotes a ladder around a seeded
 * random-walk reference price, and a market-taker account sends small market orders against it.
 * Both are ordinary (system-flagged) accounts credited through the ledger, and every order goes
 * through the same engine, ledger and fees as a user's. Nothing here writes a book or a trade.
 * Here the server seeds what an API cannot: a week of dated history and the first book of a start;
 * from then on the bot program of demo/bot/ quotes live through the trading API with its own keys.
 */
export class MarketMaker {
  private readonly references = new Map<number, number>();
  private readonly random: () => number;
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

  get makerId(): number {
    return this.options.makerId;
  }

  get takerId(): number {
    return this.options.takerId;
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

  /** The plan's rules for one market: its ladder, how far quotes may drift, and lots by value. */
  private rules(market: Market): StepRules {
    return { ...DEMO_LIQUIDITY, lotsFor: (ticks, usd) => this.lotsFor(market, ticks, usd) };
  }

  /**
   * One step of every market, placed here through the engine: the first book of a start, and the
   * steps tests drive by hand. Live quoting is the trading-API bot's (demo/bot/), not the server's.
   */
  async step(): Promise<void> {
    if (this.stepping) return;
    this.stepping = true;
    try {
      const work: Promise<unknown>[] = [];
      for (const market of this.spot.markets.all().filter((m) => m.tradable)) {
        const reference = walk(this.reference(market), this.options.volatility, this.random);
        this.references.set(market.id, reference);
        const resting = [...this.spot.orders.open.values()]
          .filter((order) => order.userId === this.options.makerId && order.market.id === market.id)
          .map((order) => ({ id: order.id, side: order.way, price: order.priceTicks }));
        const plan = planStep(reference, resting, this.rules(market), this.random);
        for (const order of plan.cancels)
          work.push(this.spot.cancel(this.options.makerId, order.id, order.side));
        for (const quote of plan.quotes) {
          work.push(
            this.spot.place(this.options.makerId, quote.side, {
              marketId: market.id,
              number: market.quantity(quote.lots).toString(),
              price: market.price(quote.price).toString(),
              type: LIMIT,
            }),
          );
        }
        if (plan.take) {
          work.push(
            this.spot.place(this.options.takerId, plan.take.side, {
              marketId: market.id,
              number: market.quantity(plan.take.lots).toString(),
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
}

/**
 * The demo's liquidity accounts: a week of history on the first start and a first step of quotes,
 * so the books are full before the server takes a call; the bot program then quotes live.
 */
export async function openMarketMaker(
  core: Pick<ExchangeContext, 'config' | 'db' | 'clock' | 'currencies' | 'sequencer'> &
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
    backfillDays: core.config.marketMakerBackfillDays,
  });
  // A following standby places nothing: the leader's history and quotes reach it by the journal.
  if (core.sequencer.leading) {
    await maker.backfill();
    await maker.step();
  }
  return maker;
}
