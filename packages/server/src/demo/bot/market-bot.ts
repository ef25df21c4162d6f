import { Decimal } from '@oex/protocol';
import { mapLimited } from '../../lib/map-limited.js';
import { DEMO_LIQUIDITY, planStep, seededRandom, walk, type RestingQuote } from '../../spot/maker-rules.js';
import { TradingApiError, type TradingClient } from './trading-client.js';

/** What the bot reads of a symbol in `exchangeInfo`. */
interface SymbolInfo {
  symbol: string;
  status: string;
  filters: { filterType: string; tickSize?: string; stepSize?: string; minQty?: string }[];
}

/** A market as the bot trades it: prices in whole ticks and amounts in whole lots. */
interface BotMarket {
  symbol: string;
  tick: Decimal;
  lot: Decimal;
  minLots: number;
}

interface OpenOrder {
  orderId: number;
  side: 'BUY' | 'SELL';
  price: string;
}

const BUY = 1;
/** Requests the bot has in flight at once. */
const CONCURRENCY = 4;

export interface MarketBotOptions {
  /** Standard deviation of one step of the reference price, as a fraction. */
  volatility: number;
  seed: number;
  log?: (line: string) => void;
}

/**
 * The demo's live liquidity as a program of its own (docs/demo.md): the market-maker account quotes a
 * ladder around a random-walk reference and the market-taker account sends small market orders, each
 * through the trading API with its own key, exactly as any user's bot would. The plan of each step is
 * the pure `planStep` the server's seeder also uses, so the books look as they did.
 */
export class MarketBot {
  private readonly random: () => number;
  private readonly references = new Map<string, number>();
  private markets: BotMarket[] = [];
  private pausedUntil = 0;

  constructor(
    private readonly maker: TradingClient,
    private readonly taker: TradingClient,
    private readonly options: MarketBotOptions,
  ) {
    this.random = seededRandom(options.seed);
  }

  /** Reads the tradable symbols and their filters. */
  async load(): Promise<number> {
    const info = await this.maker.get<{ symbols: SymbolInfo[] }>('/api/v3/exchangeInfo');
    this.markets = info.symbols
      .filter((symbol) => symbol.status === 'TRADING')
      .map((symbol) => {
        const filter = (type: string) => symbol.filters.find((entry) => entry.filterType === type);
        const tick = Decimal.parse(filter('PRICE_FILTER')?.tickSize ?? '0.01');
        const lot = Decimal.parse(filter('LOT_SIZE')?.stepSize ?? '0.0001');
        const minQty = Decimal.parse(filter('LOT_SIZE')?.minQty ?? lot.toString());
        return { symbol: symbol.symbol, tick, lot, minLots: Math.max(1, toWhole(minQty.div(lot, 0, 'up'))) };
      });
    return this.markets.length;
  }

  /** One step of every market; a rate limit pauses the bot for as long as the server asks. */
  async step(): Promise<void> {
    if (Date.now() < this.pausedUntil) return;
    for (const market of this.markets) {
      try {
        await this.stepMarket(market);
      } catch (error) {
        if (error instanceof TradingApiError && error.status === 429) {
          this.pausedUntil = Date.now() + (error.retryAfter ?? 1) * 1000;
          return;
        }
        this.options.log?.(`market bot: ${market.symbol}: ${(error as Error).message}`);
      }
    }
  }

  private async stepMarket(market: BotMarket): Promise<void> {
    const reference = walk(await this.reference(market), this.options.volatility, this.random);
    this.references.set(market.symbol, reference);
    const open = await this.maker.signed<OpenOrder[]>('GET', '/api/v3/openOrders', { symbol: market.symbol });
    const resting: RestingQuote<number>[] = open.map((order) => ({
      id: order.orderId,
      side: order.side === 'BUY' ? 1 : 2,
      price: toWhole(Decimal.parse(order.price).div(market.tick, 0, 'half-up')),
    }));
    const plan = planStep(
      reference,
      resting,
      { ...DEMO_LIQUIDITY, lotsFor: (ticks, usd) => lotsFor(market, ticks, usd) },
      this.random,
    );
    const work: (() => Promise<unknown>)[] = [];
    for (const order of plan.cancels) {
      work.push(() =>
        this.maker.signed('DELETE', '/api/v3/order', { symbol: market.symbol, orderId: order.id }),
      );
    }
    for (const quote of plan.quotes) {
      work.push(() =>
        this.maker.signed('POST', '/api/v3/order', {
          symbol: market.symbol,
          side: quote.side === BUY ? 'BUY' : 'SELL',
          type: 'LIMIT',
          timeInForce: 'GTC',
          quantity: market.lot.mul(Decimal.fromInt(quote.lots)).toString(),
          price: market.tick.mul(Decimal.fromInt(quote.price)).toString(),
          newOrderRespType: 'ACK',
        }),
      );
    }
    if (plan.take) {
      const take = plan.take;
      work.push(() =>
        this.taker.signed('POST', '/api/v3/order', {
          symbol: market.symbol,
          side: take.side === BUY ? 'BUY' : 'SELL',
          type: 'MARKET',
          quantity: market.lot.mul(Decimal.fromInt(take.lots)).toString(),
          newOrderRespType: 'ACK',
        }),
      );
    }
    // A few requests at a time, as a polite bot sends them: a big move's dozens of orders neither
    // open dozens of connections nor land on the server at once.
    const results = await mapLimited(work, CONCURRENCY, (send) =>
      send().then(
        (value) => ({ status: 'fulfilled' as const, value }),
        (reason: unknown) => ({ status: 'rejected' as const, reason }),
      ),
    );
    // Refusals (a side out of funds, an order already filled) are part of the game; a rate limit is not.
    const limited = results.find(
      (result): result is { status: 'rejected'; reason: unknown } =>
        result.status === 'rejected' &&
        result.reason instanceof TradingApiError &&
        result.reason.status === 429,
    );
    if (limited) throw limited.reason;
  }

  /** The reference in ticks: the bot's own walk, else the last trade's price. */
  private async reference(market: BotMarket): Promise<number> {
    const known = this.references.get(market.symbol);
    if (known) return known;
    const { price } = await this.maker.get<{ price: string }>('/api/v3/ticker/price', {
      symbol: market.symbol,
    });
    return Math.max(1, toWhole(Decimal.parse(price).div(market.tick, 0, 'half-up')));
  }
}

/** A whole Decimal as a number (ticks and lots are far below 2^53). */
function toWhole(value: Decimal): number {
  return Number(value.toString(0));
}

/** Lots worth roughly `usd` at a price in ticks (the demo's markets are quoted in USDT), at least the minimum. */
function lotsFor(market: BotMarket, ticks: number, usd: number): number {
  const price = Number(market.tick.mul(Decimal.fromInt(ticks)).toString());
  return Math.max(market.minLots, Math.floor(usd / price / Number(market.lot.toString())));
}
