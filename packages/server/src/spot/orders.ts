import { AccountTypeId, Decimal } from '@oex/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { CurrencyMatchesTable, Database } from '../db/schema.js';
import { badRequest, notFound } from '../platform/errors.js';
import type { Account, Books } from '../ledger/books.js';
import { JournalType } from '../ledger/journal.js';
import type { Command, CommandContext } from '../ledger/sequencer.js';
import { BUY, OrderBook, SELL, type Fill, type Side } from './engine.js';
import { Market, type MarketDirectory } from '../market/markets.js';
import { limitBuyExcess, protectionLimit } from './protection.js';
import type { KlineChange } from './klines.js';

export const LIMIT = 0;
export const MARKET = 1;
export type OrderType = typeof LIMIT | typeof MARKET;

/** The lots of a market buy by total: as many as its total pays for (the budget stops it first). */
const MAX_LOTS = Number.MAX_SAFE_INTEGER;

export const OrderStatus = { OPEN: 1, COMPLETED: 2, CANCELLED: 3 } as const;

const SPOT = AccountTypeId.change_account;

/** An order still resting in a book, as the sequencer knows it. */
export interface OpenOrder {
  id: number;
  userId: number;
  market: Market;
  way: Side;
  type: OrderType;
  priceTicks: number;
  number: Decimal;
  filled: Decimal;
  volume: Decimal;
  hold: Decimal;
  fee: Decimal;
  /** The market's fee rate at placement: never changed by a later change of the market. */
  feeRate: Decimal;
  createdAt: number;
}

export interface PlaceInput {
  userId: number;
  marketId: number;
  way: Side;
  type: OrderType;
  /** The amount (base); a market buy may give `total` instead. */
  number?: Decimal | undefined;
  /** A market buy's quote to spend, fee included (the buyer's fee is taken in base). */
  total?: Decimal | undefined;
  price?: Decimal | undefined;
  /** The caller's request id and a hash of the order's terms, kept on the order's row. */
  request?: { id: string; hash: string } | undefined;
}

export interface TradeEvent {
  id: number;
  market: Market;
  priceTicks: number;
  lots: number;
  takerWay: Side;
  time: number;
  /** Kline periods whose bar this trade changed (and bars it closed), filled in after commit. */
  klineChanges?: KlineChange[];
}

/** What a placed or cancelled order changed, for the caller and the live feed. */
export interface OrderOutcome {
  order: OpenOrder;
  status: number;
  trades: TradeEvent[];
  /** Orders whose state changed (the order itself, the makers it met, self-cancelled ones). */
  touched: { order: OpenOrder; status: number }[];
}

const memo = {
  hold: { type: JournalType.ORDER_HOLD, memo: 'journal.order_hold' },
  release: { type: JournalType.ORDER_RELEASE, memo: 'journal.order_release' },
  trade: { type: JournalType.TRADE, memo: 'journal.trade' },
  fee: { type: JournalType.TRADE_FEE, memo: 'journal.trade_fee' },
};

/**
 * The spot books and the commands that change them. Every command holds, moves and releases
 * funds through the ledger in the same batch as the order and trade rows it writes.
 */
export class SpotOrders {
  readonly books = new Map<number, OrderBook>();
  readonly open = new Map<number, OpenOrder>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly markets: MarketDirectory,
  ) {
    for (const market of markets.all()) this.books.set(market.id, new OrderBook());
  }

  /** Rebuilds the books from the open orders in the database, oldest first. */
  async load(): Promise<void> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', OrderStatus.OPEN)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const market = this.markets.market(row.currency_match_id);
      const order: OpenOrder = {
        id: row.id,
        userId: row.user_id,
        market,
        way: row.way as Side,
        type: row.type as OrderType,
        priceTicks: market.toTicks(Decimal.parse(String(row.price))),
        number: Decimal.parse(String(row.number)),
        filled: Decimal.parse(String(row.transacted_amount)),
        volume: Decimal.parse(String(row.transacted_volume)),
        hold: Decimal.parse(String(row.hold)),
        fee: Decimal.parse(String(row.fee)),
        feeRate: Decimal.parse(String(row.fee_rate)),
        createdAt: row.created_at,
      };
      const remaining = market.toLots(order.number.sub(order.filled));
      this.books.get(market.id)!.restore(order.id, order.userId, order.way, order.priceTicks, remaining);
      this.open.set(order.id, order);
    }
  }

  /** Forgets the books and reads them, and the markets' settings, again from the database (after a failed commit). */
  async reload(): Promise<void> {
    // A failed commit may have carried a market's new settings: take them as stored.
    await this.markets.refresh(this.db);
    for (const market of this.markets.all()) this.books.set(market.id, new OrderBook());
    this.open.clear();
    await this.load();
  }

  book(marketId: number): OrderBook {
    return this.books.get(marketId)!;
  }

  /**
   * Gives a market new settings. New decimals rebuild its book in the new ticks and lots, in time
   * priority (by id, as a restart does); a resting order whose price or size falls between the new
   * ticks or lots refuses the change before anything moved, so no order's price or size is ever
   * altered. Called by a sequencer command (admin/markets), so orders before it saw the old settings.
   */
  reconfigure(market: Market, next: Selectable<CurrencyMatchesTable>): void {
    if (next.price_decimals === market.priceDecimals && next.number_decimals === market.numberDecimals) {
      market.reconfigure(next);
      return;
    }
    const resting = [...this.open.values()]
      .filter((order) => order.market === market)
      .sort((a, b) => a.id - b.id)
      .map((order) => ({
        order,
        price: market.price(order.priceTicks),
        remaining: order.number.sub(order.filled),
      }));
    const probe = new Market(next, market.baseCode, market.quoteCode);
    const placed = resting.map(({ order, price, remaining }) => {
      if (price.decimalPlaces() > next.price_decimals || remaining.decimalPlaces() > next.number_decimals) {
        throw badRequest('error.admin_precision_open_orders');
      }
      return { order, ticks: probe.toTicks(price), lots: probe.toLots(remaining) };
    });
    market.reconfigure(next);
    const book = new OrderBook();
    for (const { order, ticks, lots } of placed) {
      order.priceTicks = ticks;
      book.restore(order.id, order.userId, order.way, ticks, lots);
    }
    this.books.set(market.id, book);
  }

  /** The command that places an order. Checks that need no state happen before, in the caller. */
  place(input: PlaceInput): Command<OrderOutcome> {
    const market = this.markets.market(input.marketId);
    // A market buy by the total to spend buys as many lots as that total pays for.
    const total = input.type === MARKET && input.way === BUY ? input.total : undefined;
    if (total === undefined && input.number === undefined) throw badRequest('error.amount_or_total');
    if (total !== undefined) {
      if (!total.isPositive()) throw badRequest('error.amount_positive');
      market.checkTotal(total.units);
    }
    const lots = total === undefined ? market.toLots(input.number!) : MAX_LOTS;
    if (total === undefined) market.checkMinimum(input.number!);
    const priceTicks = input.type === LIMIT ? market.toTicks(input.price!) : 0;
    if (input.type === LIMIT) market.checkTotal(market.notionalUnits(priceTicks, lots));
    return (context) => {
      // Checked in the command too: a market closed by an earlier command of the queue takes no order.
      if (!market.tradable) throw badRequest('error.market_closed');
      const book = this.book(market.id);
      const order: OpenOrder = {
        id: context.nextId('orders'),
        userId: input.userId,
        market,
        way: input.way,
        type: input.type,
        priceTicks,
        number: total === undefined ? input.number! : Decimal.ZERO,
        filled: Decimal.ZERO,
        volume: Decimal.ZERO,
        hold: Decimal.ZERO,
        fee: Decimal.ZERO,
        feeRate: market.feeRate,
        createdAt: context.now,
      };
      const protection = input.type === MARKET ? this.protection(book, order) : undefined;
      this.hold(context.books, order, total ?? this.holdFor(order, lots, book, protection));
      const result =
        input.type === LIMIT
          ? book.placeLimit(order.id, order.userId, order.way, priceTicks, lots)
          : book.placeMarket(
              order.userId,
              order.way,
              lots,
              order.way === BUY ? market.budgetUnits(order.hold) : undefined,
              protection,
            );
      // The book reuses its result: copy what is needed before anything calls it again.
      const fills = result.fills.map((fill) => ({ ...fill }));
      const selfCancelled = result.selfCancelled.map((entry) => entry.id);
      const rested = result.rested;

      const outcome: OrderOutcome = { order, status: OrderStatus.OPEN, trades: [], touched: [] };
      for (const id of selfCancelled)
        outcome.touched.push(this.finish(context, this.open.get(id)!, OrderStatus.CANCELLED));
      for (const fill of fills) outcome.trades.push(this.settle(context, order, fill, outcome));
      // A buy by total bought what it filled: that is its amount.
      if (total !== undefined) order.number = order.filled;

      if (rested) {
        this.open.set(order.id, order);
      } else {
        outcome.status = order.filled.isZero() ? OrderStatus.CANCELLED : OrderStatus.COMPLETED;
        this.releaseHold(context.books, order);
      }
      context.insert('orders', {
        ...this.row(order, outcome.status, context.now),
        request_id: input.request?.id ?? null,
        request_hash: input.request?.hash ?? null,
      });
      outcome.touched.unshift({ order, status: outcome.status });
      return outcome;
    };
  }

  /**
   * A market order's protection limit (ticks): the market's percent from the best opposite price of
   * others on its arrival (own orders there are cancelled by self-trade prevention, not traded).
   */
  private protection(book: OrderBook, order: OpenOrder): number {
    const opposite = order.way === BUY ? SELL : BUY;
    for (const maker of book.restingOrders(opposite)) {
      if (maker.owner === order.userId) continue;
      return protectionLimit(order.way, maker.price, order.market.protectionPercent);
    }
    throw badRequest('error.no_best_price');
  }

  /** The command that cancels an open order of its owner. */
  cancel(userId: number, orderId: number, way: Side): Command<OrderOutcome> {
    return (context) => {
      const order = this.open.get(orderId);
      if (!order || order.userId !== userId || order.way !== way) throw notFound('error.order_not_found');
      this.book(order.market.id).cancel(order.id);
      const touched = this.finish(context, order, OrderStatus.CANCELLED);
      return { order, status: OrderStatus.CANCELLED, trades: [], touched: [touched] };
    };
  }

  /**
   * What a new order holds: quote for a buy (a market buy: the exact cost of its fills up to its
   * protection limit), base for a sell.
   */
  private holdFor(order: OpenOrder, lots: number, book: OrderBook, protection?: number): Decimal {
    const { market } = order;
    if (order.way === SELL) return market.quantity(lots);
    if (order.type === LIMIT) return market.notional(order.priceTicks, lots);
    return this.costOfMarketBuy(book, order.userId, lots, market, protection!);
  }

  /**
   * The quote a market buy of `lots` spends against the book as it stands (own orders skipped), no
   * further than its protection limit.
   */
  private costOfMarketBuy(
    book: OrderBook,
    owner: number,
    lots: number,
    market: Market,
    limit: number,
  ): Decimal {
    let left = lots;
    let cost = 0n;
    for (const maker of book.restingOrders(SELL)) {
      if (left === 0 || maker.price > limit) break;
      if (maker.owner === owner) continue;
      const take = Math.min(left, maker.remaining);
      cost += market.notionalUnits(maker.price, take);
      // A cost past the maximum is refused before it could leave the Decimal range.
      market.checkTotal(cost);
      left -= take;
    }
    return Decimal.fromUnits(cost);
  }

  private spotAccount(books: Books, userId: number, currencyId: number): Account {
    return books.ensure({ userId }, SPOT, currencyId);
  }

  private heldCurrency(order: OpenOrder): number {
    return order.way === BUY ? order.market.quoteId : order.market.baseId;
  }

  private hold(books: Books, order: OpenOrder, amount: Decimal): void {
    if (amount.isZero()) return;
    const account = this.spotAccount(books, order.userId, this.heldCurrency(order));
    if (account.balance < amount.units) throw badRequest('error.insufficient_balance');
    books.post([{ account, available: -amount.units, locked: amount.units }], {
      ...memo.hold,
      refType: 'order',
      refId: order.id,
    });
    order.hold = amount;
  }

  private releaseHold(books: Books, order: OpenOrder): void {
    if (order.hold.isZero()) return;
    const account = this.spotAccount(books, order.userId, this.heldCurrency(order));
    books.post([{ account, available: order.hold.units, locked: -order.hold.units }], {
      ...memo.release,
      refType: 'order',
      refId: order.id,
    });
    order.hold = Decimal.ZERO;
  }

  /** Releases what a limit buy holds beyond its open remainder at its own price (docs/spot.md). */
  private releaseExcess(books: Books, order: OpenOrder): void {
    const open = order.number.sub(order.filled);
    const needed = open.isPositive()
      ? order.market.notional(order.priceTicks, order.market.toLots(open))
      : Decimal.ZERO;
    const excess = limitBuyExcess(order.hold, needed);
    if (excess.isZero()) return;
    const account = this.spotAccount(books, order.userId, this.heldCurrency(order));
    books.post([{ account, available: excess.units, locked: -excess.units }], {
      ...memo.release,
      refType: 'order',
      refId: order.id,
    });
    order.hold = order.hold.sub(excess);
  }

  /** Ends a resting order: out of the open set, its hold released, its row updated. */
  private finish(
    context: CommandContext,
    order: OpenOrder,
    status: number,
  ): { order: OpenOrder; status: number } {
    this.open.delete(order.id);
    this.releaseHold(context.books, order);
    this.update(context, order, status);
    return { order, status };
  }

  /** Moves one fill's money: base to the buyer, quote to the seller, fees to the fee account. */
  private settle(context: CommandContext, taker: OpenOrder, fill: Fill, outcome: OrderOutcome): TradeEvent {
    const { books } = context;
    const maker = this.open.get(fill.makerId)!;
    const market = taker.market;
    const [buy, sell] = taker.way === BUY ? [taker, maker] : [maker, taker];
    const base = market.quantity(fill.quantity);
    const quote = market.notional(fill.price, fill.quantity);
    // Each side pays the rate its own order was placed under.
    const baseFee = base.mul(buy.feeRate);
    const quoteFee = quote.mul(sell.feeRate);
    const tradeId = context.nextId('trades');
    const ref = { refType: 'trade', refId: tradeId };
    /** One currency's leg: out of the payer's hold, to the payee less the fee, the fee to the fee account. */
    const pay = (currencyId: number, payer: OpenOrder, payee: OpenOrder, amount: Decimal, fee: Decimal) =>
      books.post(
        [
          {
            account: this.spotAccount(books, payer.userId, currencyId),
            available: 0n,
            locked: -amount.units,
          },
          {
            account: this.spotAccount(books, payee.userId, currencyId),
            available: amount.sub(fee).units,
            locked: 0n,
          },
          {
            account: books.ensure({ system: 'fees' }, 0, currencyId),
            available: fee.units,
            locked: 0n,
            as: memo.fee,
          },
        ],
        { ...memo.trade, ...ref },
      );
    pay(market.baseId, sell, buy, base, baseFee);
    pay(market.quoteId, buy, sell, quote, quoteFee);
    buy.hold = buy.hold.sub(quote);
    sell.hold = sell.hold.sub(base);
    for (const [order, fee] of [
      [buy, baseFee],
      [sell, quoteFee],
    ] as const) {
      order.filled = order.filled.add(base);
      order.volume = order.volume.add(quote);
      order.fee = order.fee.add(fee);
    }
    // A limit buy that filled below its price frees the saving at once: its hold stays exactly what
    // its open remainder needs at its own price.
    if (buy.type === LIMIT) this.releaseExcess(books, buy);
    context.insert('trades', {
      id: tradeId,
      currency_match_id: market.id,
      price: market.price(fill.price).toString(),
      number: base.toString(),
      amount: quote.toString(),
      buy_fee: baseFee.toString(),
      sell_fee: quoteFee.toString(),
      buy_order_id: buy.id,
      sell_order_id: sell.id,
      buyer_id: buy.userId,
      seller_id: sell.userId,
      taker_way: taker.way,
      created_at: context.now,
    });
    if (fill.makerRemaining === 0) outcome.touched.push(this.finish(context, maker, OrderStatus.COMPLETED));
    else {
      this.update(context, maker, OrderStatus.OPEN);
      outcome.touched.push({ order: maker, status: OrderStatus.OPEN });
    }
    return {
      id: tradeId,
      market,
      priceTicks: fill.price,
      lots: fill.quantity,
      takerWay: taker.way,
      time: context.now,
    };
  }

  private row(order: OpenOrder, status: number, now: number) {
    return {
      id: order.id,
      user_id: order.userId,
      currency_match_id: order.market.id,
      way: order.way,
      type: order.type,
      price: order.type === LIMIT ? order.market.price(order.priceTicks).toString() : null,
      number: order.number.toString(),
      transacted_amount: order.filled.toString(),
      transacted_volume: order.volume.toString(),
      hold: order.hold.toString(),
      fee: order.fee.toString(),
      fee_rate: order.feeRate.toString(),
      status,
      created_at: order.createdAt,
      updated_at: now,
    };
  }

  private update(context: CommandContext, order: OpenOrder, status: number): void {
    context.update('orders', order.id, {
      transacted_amount: order.filled.toString(),
      transacted_volume: order.volume.toString(),
      hold: order.hold.toString(),
      fee: order.fee.toString(),
      status,
      updated_at: context.now,
    });
  }
}
