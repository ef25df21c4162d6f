import { Decimal, MAX_AMOUNT, SCALE } from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { CurrencyMatchesTable, Database } from '../db/schema.js';
import { badRequest } from '../platform/errors.js';
import { loadProtection } from '../spot/protection.js';

let protectionOf: ((symbol: string) => Decimal) | undefined;

/**
 * The most ticks or lots one order may carry: 15 digits, so they are exact JavaScript integers in
 * the engine with room to spare, and prices and amounts stay below MAX_AMOUNT.
 */
const MAX_STEPS = 10n ** 15n - 1n;

/**
 * A market and the conversions between its decimals and the engine's ticks and lots. Its settings
 * change only through a scheduled change (admin/markets), applied by a sequencer command, so every
 * order before it saw the old settings and every order after it the new ones.
 */
export class Market {
  readonly id: number;
  readonly symbol: string;
  readonly baseId: number;
  readonly quoteId: number;
  row!: Selectable<CurrencyMatchesTable>;
  priceDecimals!: number;
  numberDecimals!: number;
  /** The fee rate of orders placed now; each order keeps the rate it was placed under. */
  feeRate!: Decimal;
  /** The smallest quantity an order may have. */
  minNumber!: Decimal;
  /** Market-order price protection in percent of the best opposite price (price-protection.json). */
  protectionPercent!: Decimal;
  private tickUnits!: bigint;
  private lotUnits!: bigint;

  constructor(
    row: Selectable<CurrencyMatchesTable>,
    readonly baseCode: string,
    readonly quoteCode: string,
  ) {
    this.id = row.id;
    this.symbol = row.symbol;
    this.baseId = row.base_currency_id;
    this.quoteId = row.quote_currency_id;
    this.reconfigure(row);
  }

  /** Takes the row's settings (at start, and when a scheduled change applies). */
  reconfigure(row: Selectable<CurrencyMatchesTable>): void {
    const feeRate = Decimal.parse(String(row.change_fee_rate));
    // Price x quantity x fee rate must stay exact within 18 decimals.
    if (row.price_decimals + row.number_decimals + feeRate.decimalPlaces() > SCALE) {
      throw new Error(`market ${row.symbol}: decimals too fine for exact settlement`);
    }
    this.row = row;
    this.priceDecimals = row.price_decimals;
    this.numberDecimals = row.number_decimals;
    this.feeRate = feeRate;
    this.minNumber = Decimal.parse(String(row.min_number));
    protectionOf ??= loadProtection();
    this.protectionPercent = protectionOf(row.symbol);
    this.tickUnits = 10n ** BigInt(SCALE - this.priceDecimals);
    this.lotUnits = 10n ** BigInt(SCALE - this.numberDecimals);
  }

  get tradable(): boolean {
    return this.row.open_change === 1;
  }

  get sellDisabled(): boolean {
    return this.row.sell_disabled === 1;
  }

  /** The price in ticks; refuses more decimals than the market has, or more than 15 digits. */
  toTicks(price: Decimal): number {
    if (!price.isPositive()) throw badRequest('error.price_positive');
    if (price.units % this.tickUnits !== 0n) {
      throw badRequest('error.price_decimals', { decimals: this.priceDecimals });
    }
    const ticks = price.units / this.tickUnits;
    if (ticks > MAX_STEPS) throw badRequest('error.price_max', { max: this.maxPrice.toString() });
    return Number(ticks);
  }

  /** The quantity in lots; refuses more decimals than the market has, or more than 15 digits. */
  toLots(quantity: Decimal): number {
    if (!quantity.isPositive()) throw badRequest('error.amount_positive');
    if (quantity.units % this.lotUnits !== 0n) {
      throw badRequest('error.amount_decimals', { decimals: this.numberDecimals });
    }
    const lots = quantity.units / this.lotUnits;
    if (lots > MAX_STEPS) throw badRequest('error.amount_max', { max: this.maxQuantity.toString() });
    return Number(lots);
  }

  /** The highest price an order may name: 15 digits at the market's price decimals. */
  get maxPrice(): Decimal {
    return Decimal.fromUnits(MAX_STEPS * this.tickUnits);
  }

  /** The largest quantity of one order: 15 digits at the market's quantity decimals. */
  get maxQuantity(): Decimal {
    return Decimal.fromUnits(MAX_STEPS * this.lotUnits);
  }

  /** Refuses an order total (price x quantity, in units of 10^-18) above MAX_AMOUNT. */
  checkTotal(totalUnits: bigint): void {
    if (totalUnits > MAX_AMOUNT.units) throw badRequest('error.total_max', { max: MAX_AMOUNT.toString() });
  }

  /** The fewest lots an order may have: the minimum order, and at least one lot. */
  get minLots(): number {
    const lots = (this.minNumber.units + this.lotUnits - 1n) / this.lotUnits;
    return Number(lots > 1n ? lots : 1n);
  }

  /** Refuses a quantity below the market's minimum order. */
  checkMinimum(quantity: Decimal): void {
    if (quantity.lt(this.minNumber)) throw badRequest('error.amount_min', { min: this.minNumber.toString() });
  }

  price(ticks: number): Decimal {
    return Decimal.fromUnits(BigInt(ticks) * this.tickUnits);
  }

  quantity(lots: number): Decimal {
    return Decimal.fromUnits(BigInt(lots) * this.lotUnits);
  }

  /** Price x quantity in quote units, exact. */
  notional(ticks: number, lots: number): Decimal {
    return Decimal.fromUnits(this.notionalUnits(ticks, lots));
  }

  /** Price x quantity as units of 10^-18, unbounded (a bigint), for checks before a Decimal. */
  notionalUnits(ticks: number, lots: number): bigint {
    return (BigInt(ticks) * this.tickUnits * BigInt(lots) * this.lotUnits) / 10n ** BigInt(SCALE);
  }

  /** A quote amount as engine budget units (ticks x lots), rounded down. */
  budgetUnits(quote: Decimal): bigint {
    return (quote.units * 10n ** BigInt(SCALE)) / (this.tickUnits * this.lotUnits);
  }
}

/** The markets, read at start; a scheduled change reconfigures one in place. */
export class MarketDirectory {
  private constructor(private readonly byId: Map<number, Market>) {}

  static async load(db: Kysely<Database>): Promise<MarketDirectory> {
    const rows = await db.selectFrom('currency_matches').selectAll().orderBy('sort').orderBy('id').execute();
    const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();
    const code = new Map(currencies.map((currency) => [currency.id, currency.code]));
    return new MarketDirectory(
      new Map(
        rows.map((row) => [
          row.id,
          new Market(row, code.get(row.base_currency_id)!, code.get(row.quote_currency_id)!),
        ]),
      ),
    );
  }

  /** Every market takes its settings as stored again (after a failed commit). */
  async refresh(db: Kysely<Database>): Promise<void> {
    const rows = await db.selectFrom('currency_matches').selectAll().execute();
    for (const row of rows) this.byId.get(row.id)?.reconfigure(row);
  }

  market(id: number): Market {
    const market = this.byId.get(id);
    if (!market) throw badRequest('error.market_unknown');
    return market;
  }

  /** By symbol, written `BTC/USDT`, `BTCUSDT` or `btc_usdt`. */
  bySymbol(symbol: string): Market {
    const wanted = symbol.toUpperCase().replace(/[^A-Z0-9]/g, '');
    for (const market of this.byId.values()) {
      if (market.symbol.replace('/', '') === wanted) return market;
    }
    throw badRequest('error.market_unknown');
  }

  all(): Market[] {
    return [...this.byId.values()];
  }
}
