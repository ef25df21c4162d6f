/**
 * The matching engine of one market: price-time priority on integer price ticks and quantity
 * lots. Pure: no I/O, no time, no money; the caller turns its fills into ledger postings.
 *
 * - Every trade prints at the resting (maker) order's price.
 * - A market order never rests; a limit order rests with what it did not fill. A market order may
 *   carry a protection limit: it fills no further through the book than that price.
 * - Cancel is O(1) and keeps everyone else's place; a partly filled order keeps its place.
 * - Self-trade prevention: an incoming order cancels the same owner's resting orders it meets.
 */

export const BUY = 1;
export const SELL = 2;
export type Side = typeof BUY | typeof SELL;

/** A resting order: one node of its price level's FIFO list. A class, so every node has one shape. */
export class RestingOrder {
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;

  constructor(
    readonly id: number,
    readonly owner: number,
    readonly side: Side,
    readonly price: number,
    /** Lots still open. */
    public remaining: number,
    readonly level: Level,
  ) {}
}

interface Level {
  readonly price: number;
  head: RestingOrder | null;
  tail: RestingOrder | null;
  /** Sum of the remaining lots of the level's orders. */
  volume: number;
  count: number;
}

export interface Fill {
  makerId: number;
  makerOwner: number;
  price: number;
  quantity: number;
  /** Lots the maker still has open after this fill; 0 means it is done. */
  makerRemaining: number;
}

/**
 * What an order did. The book hands out one result object and reuses it (and its arrays) on the
 * next call, so a caller must read it before calling the book again.
 */
export interface MatchResult {
  fills: Fill[];
  /** Lots of the incoming order not filled. */
  remaining: number;
  /** Whether that remainder now rests in the book (limit orders only). */
  rested: boolean;
  /** The owner's own resting orders this order met and cancelled, with their open lots. */
  selfCancelled: { id: number; remaining: number }[];
  /** For a market buy: budget (ticks x lots) not spent. */
  budgetLeft: bigint;
}

export interface DepthLevel {
  price: number;
  quantity: number;
}

/** One side of the book: levels sorted so the best price is last. */
class BookSide {
  /** Ascending for bids (best = highest = last), descending for asks (best = lowest = last). */
  readonly prices: number[] = [];
  readonly levels = new Map<number, Level>();

  constructor(private readonly ascending: boolean) {}

  best(): Level | undefined {
    const price = this.prices[this.prices.length - 1];
    return price === undefined ? undefined : this.levels.get(price);
  }

  levelFor(price: number): Level {
    let level = this.levels.get(price);
    if (level) return level;
    level = { price, head: null, tail: null, volume: 0, count: 0 };
    this.levels.set(price, level);
    const prices = this.prices;
    // Most new levels are at or near the top of the book: search from the end.
    let index = prices.length;
    if (this.ascending) while (index > 0 && prices[index - 1]! > price) index -= 1;
    else while (index > 0 && prices[index - 1]! < price) index -= 1;
    if (index === prices.length) prices.push(price);
    else prices.splice(index, 0, price);
    return level;
  }

  removeLevel(level: Level): void {
    this.levels.delete(level.price);
    const prices = this.prices;
    if (prices[prices.length - 1] === level.price) {
      prices.pop();
      return;
    }
    let low = 0;
    let high = prices.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const value = prices[middle]!;
      if (value === level.price) {
        prices.splice(middle, 1);
        return;
      }
      if (this.ascending ? value < level.price : value > level.price) low = middle + 1;
      else high = middle - 1;
    }
  }

  /** Levels from the best outwards. */
  depth(limit: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    for (let i = this.prices.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const level = this.levels.get(this.prices[i]!)!;
      out.push({ price: level.price, quantity: level.volume });
    }
    return out;
  }
}

export class OrderBook {
  private readonly result: MatchResult = {
    fills: [],
    remaining: 0,
    rested: false,
    selfCancelled: [],
    budgetLeft: 0n,
  };
  /** Fill objects, reused from call to call. */
  private readonly fillPool: Fill[] = [];
  private readonly bids = new BookSide(true);
  private readonly asks = new BookSide(false);
  private readonly orders = new Map<number, RestingOrder>();

  /** A limit order: matches what crosses its price, then rests with the rest. */
  placeLimit(id: number, owner: number, side: Side, price: number, quantity: number): MatchResult {
    checkLots(price, quantity);
    if (this.orders.has(id)) throw new Error(`order ${id} is already in the book`);
    const result = this.match(owner, side, quantity, price, undefined);
    if (result.remaining > 0) {
      this.rest(id, owner, side, price, result.remaining);
      result.rested = true;
    }
    return result;
  }

  /**
   * A market order: matches up to its protection `limit` (ticks; none: any price), and for a buy
   * only while `budget` (price ticks times lots) lasts; its remainder is cancelled, never rested.
   */
  placeMarket(owner: number, side: Side, quantity: number, budget?: bigint, limit?: number): MatchResult {
    checkLots(limit ?? 1, quantity);
    return this.match(owner, side, quantity, limit, side === BUY ? budget : undefined);
  }

  /** Puts an order back as it was (restart); it must not cross the book. */
  restore(id: number, owner: number, side: Side, price: number, remaining: number): void {
    checkLots(price, remaining);
    const opposite = side === BUY ? this.asks.best() : this.bids.best();
    if (opposite && (side === BUY ? opposite.price <= price : opposite.price >= price)) {
      throw new Error(`restoring order ${id} would cross the book`);
    }
    this.rest(id, owner, side, price, remaining);
  }

  cancel(id: number): RestingOrder | undefined {
    const order = this.orders.get(id);
    if (!order) return undefined;
    this.unlink(order);
    return order;
  }

  get(id: number): RestingOrder | undefined {
    return this.orders.get(id);
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  depth(limit = 50): { bids: DepthLevel[]; asks: DepthLevel[] } {
    return { bids: this.bids.depth(limit), asks: this.asks.depth(limit) };
  }

  get size(): number {
    return this.orders.size;
  }

  /** Every resting order, best price first, oldest first within a price (for checks). */
  *restingOrders(side: Side): Generator<RestingOrder> {
    const book = side === BUY ? this.bids : this.asks;
    for (let i = book.prices.length - 1; i >= 0; i -= 1) {
      for (let order = book.levels.get(book.prices[i]!)!.head; order; order = order.next) yield order;
    }
  }

  private match(
    owner: number,
    side: Side,
    quantity: number,
    limit: number | undefined,
    budget: bigint | undefined,
  ): MatchResult {
    const book = side === BUY ? this.asks : this.bids;
    const result = this.result;
    const fills = result.fills;
    fills.length = 0;
    result.selfCancelled.length = 0;
    let remaining = quantity;
    let budgetLeft = budget ?? 0n;
    while (remaining > 0) {
      const level = book.best();
      if (!level) break;
      if (limit !== undefined && (side === BUY ? level.price > limit : level.price < limit)) break;
      const maker = level.head!;
      if (maker.owner === owner) {
        result.selfCancelled.push({ id: maker.id, remaining: maker.remaining });
        this.unlink(maker);
        continue;
      }
      let quantityHere = Math.min(remaining, maker.remaining);
      if (budget !== undefined) {
        const affordable = budgetLeft / BigInt(level.price);
        if (affordable < BigInt(quantityHere)) quantityHere = Number(affordable);
        if (quantityHere === 0) break;
        budgetLeft -= BigInt(level.price) * BigInt(quantityHere);
      }
      maker.remaining -= quantityHere;
      level.volume -= quantityHere;
      remaining -= quantityHere;
      let fill = this.fillPool[fills.length];
      if (!fill) {
        fill = { makerId: 0, makerOwner: 0, price: 0, quantity: 0, makerRemaining: 0 };
        this.fillPool.push(fill);
      }
      fill.makerId = maker.id;
      fill.makerOwner = maker.owner;
      fill.price = level.price;
      fill.quantity = quantityHere;
      fill.makerRemaining = maker.remaining;
      fills.push(fill);
      if (maker.remaining === 0) this.unlink(maker);
    }
    result.remaining = remaining;
    result.rested = false;
    result.budgetLeft = budgetLeft;
    return result;
  }

  private rest(id: number, owner: number, side: Side, price: number, remaining: number): void {
    const book = side === BUY ? this.bids : this.asks;
    const level = book.levelFor(price);
    const node = new RestingOrder(id, owner, side, price, remaining, level);
    node.prev = level.tail;
    if (level.tail) level.tail.next = node;
    else level.head = node;
    level.tail = node;
    level.volume += remaining;
    level.count += 1;
    this.orders.set(id, node);
  }

  private unlink(order: RestingOrder): void {
    const level = order.level;
    if (order.prev) order.prev.next = order.next;
    else level.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else level.tail = order.prev;
    level.volume -= order.remaining;
    level.count -= 1;
    this.orders.delete(order.id);
    if (level.count === 0) (order.side === BUY ? this.bids : this.asks).removeLevel(level);
  }
}

function checkLots(price: number, quantity: number): void {
  if (!Number.isSafeInteger(price) || price <= 0)
    throw new RangeError('price must be a positive whole number of ticks');
  if (!Number.isSafeInteger(quantity) || quantity <= 0) {
    throw new RangeError('quantity must be a positive whole number of lots');
  }
}
