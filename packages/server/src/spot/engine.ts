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

/**
 * A resting order: one node of its price level's FIFO list. A class, so every node has one shape.
 * The book reuses nodes that left it (see `OrderBook.spareOrders`), so a node handed out by
 * `cancel` or `get` is only to be read before the book's next call.
 */
export class RestingOrder {
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;

  constructor(
    public id: number,
    public owner: number,
    public side: Side,
    public price: number,
    /** Lots still open. */
    public remaining: number,
    public level: Level,
  ) {}
}

/** One price of one side: a FIFO list of its resting orders. A class, for one shape. */
class Level {
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  /** Sum of the remaining lots of the level's orders. */
  volume = 0;
  count = 0;

  constructor(public price: number) {}
}

/**
 * How many nodes and levels that left the book it keeps for reuse. A resting order lives long enough
 * to be promoted to the old generation; allocating a new one per order made the collector's old-space
 * work land unevenly on matching (docs/performance.md). Bounded, so a book that once held many
 * orders does not keep their memory forever.
 */
const SPARE_ORDERS = 4096;
const SPARE_LEVELS = 512;

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

/** Whether a level at `price` lies past the `limit` of a taker on `side` (dearer for a buy). */
const beyond = (side: Side, price: number, limit: number) => (side === BUY ? price > limit : price < limit);

export interface DepthLevel {
  price: number;
  quantity: number;
}

/**
 * Entries by a whole-number key (a safe integer): an open-addressing hash table with linear
 * probing, the entries themselves in the slots (an entry carries its key, so no key array). Faster
 * than a Map for the book's lookups, inserts and deletes; a deletion shifts the following entries
 * of its run back, so there are no tombstones.
 */
abstract class KeyIndex<T extends object> {
  private slots: (T | null)[];
  private mask: number;
  private shift: number;
  size = 0;

  constructor(capacity: number) {
    let bits = 4;
    while (1 << bits < capacity) bits += 1;
    this.slots = new Array<T | null>(1 << bits).fill(null);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
  }

  protected abstract keyOf(entry: T): number;

  /** Fibonacci hashing of both 32-bit halves of the key: spreads sequential and strided keys. */
  private home(key: number): number {
    return Math.imul((key | 0) ^ ((key / 4294967296) | 0), 0x9e3779b1) >>> this.shift;
  }

  get(key: number): T | undefined {
    const slots = this.slots;
    const mask = this.mask;
    for (let i = this.home(key); ; i = (i + 1) & mask) {
      const entry = slots[i]!;
      if (entry === null) return undefined;
      if (this.keyOf(entry) === key) return entry;
    }
  }

  /** Adds an entry whose key is not in the index. */
  add(entry: T): void {
    if ((this.size + 1) * 2 > this.slots.length) this.grow();
    const slots = this.slots;
    const mask = this.mask;
    let i = this.home(this.keyOf(entry));
    while (slots[i] !== null) i = (i + 1) & mask;
    slots[i] = entry;
    this.size += 1;
  }

  /** Removes an entry that is in the index. */
  remove(entry: T): void {
    const slots = this.slots;
    const mask = this.mask;
    let hole = this.home(this.keyOf(entry));
    while (slots[hole] !== entry) hole = (hole + 1) & mask;
    slots[hole] = null;
    this.size -= 1;
    for (let i = (hole + 1) & mask; ; i = (i + 1) & mask) {
      const next = slots[i]!;
      if (next === null) return;
      const home = this.home(this.keyOf(next));
      // `next` stays where it is if its home lies cyclically in (hole, i]; otherwise it fills the hole.
      if (hole <= i ? hole < home && home <= i : hole < home || home <= i) continue;
      slots[hole] = next;
      slots[i] = null;
      hole = i;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Array<T | null>(old.length * 2).fill(null);
    this.mask = this.slots.length - 1;
    this.shift -= 1;
    this.size = 0;
    for (const entry of old) if (entry !== null) this.add(entry);
  }
}

/** Resting orders by id. */
export class OrderIndex extends KeyIndex<RestingOrder> {
  constructor(capacity = 1024) {
    super(capacity);
  }

  protected keyOf(order: RestingOrder): number {
    return order.id;
  }
}

/** A side's levels by price. */
class LevelIndex extends KeyIndex<Level> {
  constructor() {
    super(256);
  }

  protected keyOf(level: Level): number {
    return level.price;
  }
}

/**
 * One side of the book: its levels in an array sorted so the best price is last (a fill or a new
 * order near the top touches the end of the array), and a map from price to level for placing.
 */
class BookSide {
  /** Ascending prices for bids (best = highest = last), descending for asks (best = lowest = last). */
  readonly levels: Level[] = [];
  private readonly byPrice = new LevelIndex();
  /** Emptied levels, kept for reuse. */
  private readonly spare: Level[] = [];

  constructor(private readonly ascending: boolean) {}

  best(): Level | undefined {
    const levels = this.levels;
    return levels.length === 0 ? undefined : levels[levels.length - 1];
  }

  levelFor(price: number): Level {
    let level = this.byPrice.get(price);
    if (level !== undefined) return level;
    level = this.newLevel(price);
    this.byPrice.add(level);
    const levels = this.levels;
    const length = levels.length;
    if (
      length === 0 ||
      (this.ascending ? levels[length - 1]!.price < price : levels[length - 1]!.price > price)
    ) {
      levels.push(level);
      return level;
    }
    levels.splice(this.indexOf(price), 0, level);
    return level;
  }

  removeLevel(level: Level): void {
    this.byPrice.remove(level);
    if (this.spare.length < SPARE_LEVELS) this.spare.push(level);
    const levels = this.levels;
    if (levels[levels.length - 1] === level) {
      levels.pop();
      return;
    }
    const index = this.indexOf(level.price);
    if (levels[index] === level) levels.splice(index, 1);
  }

  /** An empty level at `price`: a spare one when there is one. */
  private newLevel(price: number): Level {
    const level = this.spare.pop();
    if (level === undefined) return new Level(price);
    level.price = price;
    level.head = null;
    level.tail = null;
    level.volume = 0;
    level.count = 0;
    return level;
  }

  /** Binary search: the index of the first level that does not sort before `price`. */
  private indexOf(price: number): number {
    const levels = this.levels;
    let low = 0;
    let high = levels.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const value = levels[middle]!.price;
      if (this.ascending ? value < price : value > price) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Levels from the best outwards. */
  depth(limit: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const level = this.levels[i]!;
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
  private readonly orders = new OrderIndex();
  /** Nodes of orders that left the book, kept for reuse (at most SPARE_ORDERS). */
  private readonly spareOrders: RestingOrder[] = [];

  /** A limit order: matches what crosses its price, then rests with the rest. */
  placeLimit(id: number, owner: number, side: Side, price: number, quantity: number): MatchResult {
    checkLots(price, quantity);
    if (this.orders.get(id) !== undefined) throw new Error(`order ${id} is already in the book`);
    // Most limit orders do not cross: they rest without going through the matching loop.
    const opposite = side === BUY ? this.asks.best() : this.bids.best();
    if (opposite === undefined || beyond(side, opposite.price, price)) {
      const result = this.cleared();
      result.remaining = quantity;
      result.budgetLeft = 0n;
      this.rest(id, owner, side, price, quantity);
      result.rested = true;
      return result;
    }
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
    if (order === undefined) return undefined;
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
    for (let i = book.levels.length - 1; i >= 0; i -= 1) {
      for (let order = book.levels[i]!.head; order; order = order.next) yield order;
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
    const result = this.cleared();
    const fills = result.fills;
    let remaining = quantity;
    let budgetLeft = budget ?? 0n;
    while (remaining > 0) {
      const level = book.best();
      if (!level) break;
      if (limit !== undefined && beyond(side, level.price, limit)) break;
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

  /** The shared result, its fills and self-cancels emptied for the next order. */
  private cleared(): MatchResult {
    const result = this.result;
    // Setting an array's length is a call into the runtime: only when there is something to clear.
    if (result.fills.length !== 0) result.fills.length = 0;
    if (result.selfCancelled.length !== 0) result.selfCancelled.length = 0;
    return result;
  }

  private rest(id: number, owner: number, side: Side, price: number, remaining: number): void {
    const book = side === BUY ? this.bids : this.asks;
    const level = book.levelFor(price);
    const node = this.newNode(id, owner, side, price, remaining, level);
    node.prev = level.tail;
    if (level.tail) level.tail.next = node;
    else level.head = node;
    level.tail = node;
    level.volume += remaining;
    level.count += 1;
    this.orders.add(node);
  }

  /** A node for a resting order: a spare one when there is one. */
  private newNode(id: number, owner: number, side: Side, price: number, remaining: number, level: Level) {
    const node = this.spareOrders.pop();
    if (node === undefined) return new RestingOrder(id, owner, side, price, remaining, level);
    node.id = id;
    node.owner = owner;
    node.side = side;
    node.price = price;
    node.remaining = remaining;
    node.level = level;
    node.next = null;
    return node;
  }

  /** Takes an order out of its level (and the level out of its side when it empties); keeps the node for reuse. */
  private unlink(order: RestingOrder): void {
    const level = order.level;
    if (order.prev) order.prev.next = order.next;
    else level.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else level.tail = order.prev;
    level.volume -= order.remaining;
    level.count -= 1;
    this.orders.remove(order);
    if (this.spareOrders.length < SPARE_ORDERS) this.spareOrders.push(order);
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
