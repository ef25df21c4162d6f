import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUY,
  OrderBook,
  OrderIndex,
  RestingOrder,
  SELL,
  type Fill,
  type MatchResult,
  type Side,
} from './engine.js';
import { seededRandom } from './maker-rules.js';

const ids = (book: OrderBook, side: Side) => [...book.restingOrders(side)].map((order) => order.id);

describe('OrderBook rules', () => {
  it('fills by price, then time, at the maker price', () => {
    const book = new OrderBook();
    book.placeLimit(1, 10, SELL, 101, 5);
    book.placeLimit(2, 11, SELL, 100, 5);
    book.placeLimit(3, 12, SELL, 100, 5);
    const result = book.placeLimit(4, 20, BUY, 105, 12);
    expect(result.fills.map((fill) => [fill.makerId, fill.price, fill.quantity])).toEqual([
      [2, 100, 5],
      [3, 100, 5],
      [1, 101, 2],
    ]);
    expect(result).toMatchObject({ remaining: 0, rested: false });
    expect(book.get(1)!.remaining).toBe(3);
  });

  it('rests the unfilled part of a limit order, and the book is never crossed', () => {
    const book = new OrderBook();
    book.placeLimit(1, 10, SELL, 100, 5);
    const result = book.placeLimit(2, 20, BUY, 100, 8);
    expect(result).toMatchObject({ remaining: 3, rested: true });
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBeUndefined();
  });

  it('never rests a market order: its remainder is cancelled', () => {
    const book = new OrderBook();
    book.placeLimit(1, 10, SELL, 100, 5);
    const result = book.placeMarket(20, BUY, 8);
    expect(result).toMatchObject({ remaining: 3, rested: false });
    expect(book.size).toBe(0);
    expect(book.placeMarket(20, SELL, 1)).toMatchObject({ fills: [], remaining: 1, rested: false });
  });

  it('cancels from the middle of a level and keeps the others in their places', () => {
    const book = new OrderBook();
    for (let id = 1; id <= 4; id += 1) book.placeLimit(id, id, BUY, 50, 1);
    expect(book.cancel(2)?.id).toBe(2);
    expect(book.cancel(2)).toBeUndefined();
    expect(ids(book, BUY)).toEqual([1, 3, 4]);
    const result = book.placeLimit(9, 9, SELL, 50, 2);
    expect(result.fills.map((fill) => fill.makerId)).toEqual([1, 3]);
    expect(ids(book, BUY)).toEqual([4]);
  });

  it('keeps the priority of a partly filled order', () => {
    const book = new OrderBook();
    book.placeLimit(1, 1, SELL, 10, 10);
    book.placeLimit(2, 2, SELL, 10, 10);
    book.placeLimit(3, 3, BUY, 10, 4);
    expect(ids(book, SELL)).toEqual([1, 2]);
    expect(book.get(1)!.remaining).toBe(6);
    const next = book.placeLimit(4, 4, BUY, 10, 7);
    expect(next.fills.map((fill) => [fill.makerId, fill.quantity])).toEqual([
      [1, 6],
      [2, 1],
    ]);
  });

  it('removes empty levels, so the best price moves on', () => {
    const book = new OrderBook();
    book.placeLimit(1, 1, SELL, 10, 1);
    book.placeLimit(2, 1, SELL, 11, 1);
    book.placeLimit(3, 1, SELL, 12, 1);
    book.cancel(1);
    expect(book.bestAsk()).toBe(11);
    book.cancel(3);
    expect(book.depth().asks).toEqual([{ price: 11, quantity: 1 }]);
  });

  it('self-trade: the incoming order cancels the same owner resting orders and goes on', () => {
    const book = new OrderBook();
    book.placeLimit(1, 7, SELL, 100, 5);
    book.placeLimit(2, 8, SELL, 100, 5);
    const result = book.placeLimit(3, 7, BUY, 100, 3);
    expect(result.selfCancelled).toEqual([{ id: 1, remaining: 5 }]);
    expect(result.fills.map((fill: Fill) => [fill.makerId, fill.makerOwner, fill.quantity])).toEqual([
      [2, 8, 3],
    ]);
    expect(book.get(1)).toBeUndefined();
  });

  it('stops a market buy when the next lot would exceed its budget', () => {
    const book = new OrderBook();
    book.placeLimit(1, 1, SELL, 100, 3);
    book.placeLimit(2, 1, SELL, 150, 3);
    // 3 x 100 + 1 x 150 = 450 fits in 499; a second lot at 150 would not.
    const result: MatchResult = book.placeMarket(2, BUY, 10, 499n);
    expect(result.fills.map((fill) => [fill.price, fill.quantity])).toEqual([
      [100, 3],
      [150, 1],
    ]);
    expect(result).toMatchObject({ remaining: 6, budgetLeft: 49n, rested: false });
  });

  it('stops a market order at its protection limit; the rest is cancelled, not rested', () => {
    const book = new OrderBook();
    book.placeLimit(1, 1, SELL, 100, 2);
    book.placeLimit(2, 1, SELL, 105, 2);
    book.placeLimit(3, 1, SELL, 106, 2);
    const bought = book.placeMarket(2, BUY, 10, 10_000n, 105);
    expect(bought.fills.map((fill) => [fill.price, fill.quantity])).toEqual([
      [100, 2],
      [105, 2],
    ]);
    expect(bought).toMatchObject({ remaining: 6, rested: false, budgetLeft: 10_000n - 410n });
    expect(book.bestAsk()).toBe(106);
    book.placeLimit(4, 1, BUY, 50, 1);
    book.placeLimit(5, 1, BUY, 48, 1);
    const sold = book.placeMarket(2, SELL, 5, undefined, 49);
    expect(sold.fills.map((fill) => fill.price)).toEqual([50]);
    expect(book.bestBid()).toBe(48);
  });

  it('a market buy by budget alone never spends more than its budget, and stops only when the next lot does not fit', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price: fc.integer({ min: 1, max: 500 }), lots: fc.integer({ min: 1, max: 9 }) }),
          {
            maxLength: 12,
          },
        ),
        fc.bigInt({ min: 0n, max: 20_000n }),
        fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
        (asks, budget, limit) => {
          const book = new OrderBook();
          asks.forEach((ask, index) => book.placeLimit(index + 1, 1, SELL, ask.price, ask.lots));
          const result = book.placeMarket(2, BUY, Number.MAX_SAFE_INTEGER, budget, limit);
          const spent = result.fills.reduce((sum, f) => sum + BigInt(f.price) * BigInt(f.quantity), 0n);
          expect(spent).toBeLessThanOrEqual(budget);
          expect(result.budgetLeft).toBe(budget - spent);
          for (const fill of result.fills)
            if (limit !== undefined) expect(fill.price).toBeLessThanOrEqual(limit);
          // What is left could not buy one more lot within the limit.
          const next = book.bestAsk();
          if (next !== undefined && (limit === undefined || next <= limit)) {
            expect(result.budgetLeft).toBeLessThan(BigInt(next));
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('refuses ticks and lots that are not positive safe integers', () => {
    const book = new OrderBook();
    expect(() => book.placeLimit(1, 1, BUY, 0, 1)).toThrow(RangeError);
    expect(() => book.placeLimit(1, 1, BUY, 1.5, 1)).toThrow(RangeError);
    expect(() => book.placeLimit(1, 1, BUY, 1, 2 ** 53)).toThrow(RangeError);
    expect(() => book.placeMarket(1, SELL, -1)).toThrow(RangeError);
  });

  it('restores orders without matching, and refuses a crossing restore', () => {
    const book = new OrderBook();
    book.restore(1, 1, BUY, 99, 2);
    book.restore(2, 2, SELL, 101, 2);
    expect(book.depth()).toEqual({ bids: [{ price: 99, quantity: 2 }], asks: [{ price: 101, quantity: 2 }] });
    expect(() => book.restore(3, 3, BUY, 101, 1)).toThrow(/cross/);
  });
});

/** An obviously correct book: a flat list, sorted on every match. */
class ReferenceBook {
  orders: { id: number; owner: number; side: Side; price: number; remaining: number; seq: number }[] = [];
  private seq = 0;

  place(id: number, owner: number, side: Side, quantity: number, price?: number, budget?: bigint) {
    const fills: [number, number, number][] = [];
    const selfCancelled: number[] = [];
    let remaining = quantity;
    let left = budget ?? 0n;
    for (;;) {
      if (remaining === 0) break;
      const candidates = this.orders
        .filter(
          (o) =>
            o.side !== side && (price === undefined || (side === BUY ? o.price <= price : o.price >= price)),
        )
        .sort((a, b) => (side === BUY ? a.price - b.price : b.price - a.price) || a.seq - b.seq);
      const maker = candidates[0];
      if (!maker) break;
      if (maker.owner === owner) {
        selfCancelled.push(maker.id);
        this.orders = this.orders.filter((o) => o !== maker);
        continue;
      }
      let q = Math.min(remaining, maker.remaining);
      if (side === BUY && budget !== undefined) {
        q = Math.min(q, Number(left / BigInt(maker.price)));
        if (q === 0) break;
        left -= BigInt(maker.price * q);
      }
      fills.push([maker.id, maker.price, q]);
      maker.remaining -= q;
      remaining -= q;
      if (maker.remaining === 0) this.orders = this.orders.filter((o) => o !== maker);
    }
    if (price !== undefined && remaining > 0)
      this.orders.push({ id, owner, side, price, remaining, seq: this.seq++ });
    return { fills, remaining, selfCancelled, left };
  }

  cancel(id: number) {
    const before = this.orders.length;
    this.orders = this.orders.filter((o) => o.id !== id);
    return before !== this.orders.length;
  }

  sorted(side: Side) {
    return this.orders
      .filter((o) => o.side === side)
      .sort((a, b) => (side === BUY ? b.price - a.price : a.price - b.price) || a.seq - b.seq)
      .map((o) => [o.id, o.remaining]);
  }
}

type Op =
  | { kind: 'limit'; owner: number; side: Side; price: number; quantity: number }
  | { kind: 'market'; owner: number; side: Side; quantity: number; budget: number }
  | { kind: 'cancel'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      owner: fc.integer({ min: 1, max: 4 }),
      side: fc.constantFrom(BUY, SELL),
      price: fc.integer({ min: 95, max: 105 }),
      quantity: fc.integer({ min: 1, max: 20 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      owner: fc.integer({ min: 1, max: 4 }),
      side: fc.constantFrom(BUY, SELL),
      quantity: fc.integer({ min: 1, max: 40 }),
      budget: fc.integer({ min: 0, max: 3000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

describe('OrderBook against the reference book', () => {
  it('agrees on every fill, remainder and resting order; conserves quantity', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const book = new OrderBook();
        const reference = new ReferenceBook();
        let nextId = 1;
        let placed = 0;
        let filledTwice = 0;
        let cancelled = 0;
        for (const o of ops) {
          if (o.kind === 'cancel') {
            const open = reference.orders;
            if (open.length === 0) continue;
            const id = open[o.pick % open.length]!.id;
            const engineCancelled = book.cancel(id);
            expect(engineCancelled?.id).toBe(id);
            cancelled += engineCancelled!.remaining;
            expect(reference.cancel(id)).toBe(true);
            continue;
          }
          const id = nextId++;
          const budget = o.kind === 'market' && o.side === BUY ? BigInt(o.budget) : undefined;
          const got =
            o.kind === 'limit'
              ? book.placeLimit(id, o.owner, o.side, o.price, o.quantity)
              : book.placeMarket(o.owner, o.side, o.quantity, budget);
          const want = reference.place(
            id,
            o.owner,
            o.side,
            o.quantity,
            o.kind === 'limit' ? o.price : undefined,
            budget,
          );
          expect(got.fills.map((f) => [f.makerId, f.price, f.quantity])).toEqual(want.fills);
          expect(got.remaining).toBe(want.remaining);
          expect(got.selfCancelled.map((s) => s.id)).toEqual(want.selfCancelled);
          if (budget !== undefined) expect(got.budgetLeft).toBe(want.left);
          for (const fill of got.fills) {
            if (o.kind === 'limit')
              expect(o.side === BUY ? fill.price <= o.price : fill.price >= o.price).toBe(true);
          }
          placed += o.quantity;
          filledTwice += 2 * got.fills.reduce((sum, f) => sum + f.quantity, 0);
          cancelled += got.selfCancelled.reduce((sum, s) => sum + s.remaining, 0);
          if (o.kind === 'market') cancelled += got.remaining;
          // Priority and remaining quantities of every resting order.
          expect([...book.restingOrders(BUY)].map((r) => [r.id, r.remaining])).toEqual(reference.sorted(BUY));
          expect([...book.restingOrders(SELL)].map((r) => [r.id, r.remaining])).toEqual(
            reference.sorted(SELL),
          );
          const bid = book.bestBid();
          const ask = book.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
        }
        // Every lot placed was filled (counted on both sides), cancelled, or still rests.
        const resting = [...book.restingOrders(BUY), ...book.restingOrders(SELL)].reduce(
          (sum, r) => sum + r.remaining,
          0,
        );
        const depth = book.depth(1000);
        expect([...depth.bids, ...depth.asks].reduce((sum, level) => sum + level.quantity, 0)).toBe(resting);
        expect(placed).toBe(filledTwice + cancelled + resting);
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('OrderIndex (resting orders by id)', () => {
  const order = (id: number) => new RestingOrder(id, 1, BUY, 1, 1, null as never);

  it('agrees with a Map through growth, removals and wrap-around, for dense, strided and large ids', () => {
    const idSets: fc.Arbitrary<number>[] = [
      fc.integer({ min: 1, max: 200 }),
      fc.integer({ min: 0, max: 200 }).map((n) => n * 1024),
      fc.integer({ min: 0, max: 200 }).map((n) => 2 ** 40 + n * 2 ** 32),
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    ];
    fc.assert(
      fc.property(
        fc.oneof(...idSets.map((ids) => fc.array(fc.tuple(fc.boolean(), ids), { maxLength: 400 }))),
        (steps) => {
          const index = new OrderIndex(16);
          const want = new Map<number, RestingOrder>();
          for (const [adding, id] of steps) {
            const present = want.get(id);
            if (adding && !present) {
              const entry = order(id);
              index.add(entry);
              want.set(id, entry);
            } else if (!adding && present) {
              index.remove(present);
              want.delete(id);
            }
            expect(index.size).toBe(want.size);
          }
          for (const [, id] of steps) expect(index.get(id)).toBe(want.get(id));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('removes from the middle of runs of collisions and still finds the entries after them', () => {
    // Random ids at just under half load: many share a run of slots with others.
    const index = new OrderIndex(16);
    const next = seededRandom(3);
    const ids = new Set<number>();
    while (ids.size < 4000) ids.add(1 + Math.floor(next() * 2 ** 40));
    const entries = [...ids].map(order);
    entries.forEach((entry) => index.add(entry));
    for (let i = 0; i < entries.length; i += 3) index.remove(entries[i]!);
    entries.forEach((entry, i) => expect(index.get(entry.id)).toBe(i % 3 === 0 ? undefined : entry));
    expect(index.size).toBe(entries.length - Math.ceil(entries.length / 3));
  });
});

describe('OrderBook levels', () => {
  it('keeps many levels sorted as levels come and go anywhere in the book', () => {
    const book = new OrderBook();
    const next = seededRandom(7);
    const open = new Map<number, number>();
    let id = 1;
    for (let step = 0; step < 20_000; step += 1) {
      if (open.size > 0 && next() < 0.45) {
        const ids = [...open.keys()];
        const victim = ids[Math.floor(next() * ids.length)]!;
        expect(book.cancel(victim)?.id).toBe(victim);
        open.delete(victim);
      } else {
        const price = 1 + Math.floor(next() * 2000);
        book.placeLimit(id, id, BUY, price, 1);
        open.set(id, price);
        id += 1;
      }
    }
    const want = new Map<number, number>();
    for (const price of open.values()) want.set(price, (want.get(price) ?? 0) + 1);
    const bids = book.depth(Infinity).bids;
    expect(bids).toEqual(
      [...want.entries()].sort((a, b) => b[0] - a[0]).map(([price, quantity]) => ({ price, quantity })),
    );
    expect(book.bestBid()).toBe(Math.max(...open.values()));
    expect(book.size).toBe(open.size);
    for (const orderId of open.keys()) book.cancel(orderId);
    expect(book.depth(Infinity)).toEqual({ bids: [], asks: [] });
    expect(book.bestBid()).toBeUndefined();
  });

  it('cancels the head, the tail and the middle of a level, and a level emptied in the middle of the book', () => {
    const book = new OrderBook();
    for (let id = 1; id <= 5; id += 1) book.placeLimit(id, id, SELL, 100, id);
    book.placeLimit(6, 6, SELL, 99, 1);
    book.placeLimit(7, 7, SELL, 101, 1);
    book.cancel(1); // head
    book.cancel(5); // tail
    book.cancel(3); // middle
    expect(ids(book, SELL)).toEqual([6, 2, 4, 7]);
    expect(book.depth().asks).toEqual([
      { price: 99, quantity: 1 },
      { price: 100, quantity: 6 },
      { price: 101, quantity: 1 },
    ]);
    book.cancel(2);
    book.cancel(4); // the level at 100 is gone, between 99 and 101
    expect(book.depth().asks.map((level) => level.price)).toEqual([99, 101]);
    // A new order at the emptied price makes a fresh level, in its place in the book.
    book.placeLimit(8, 8, SELL, 100, 2);
    const result = book.placeLimit(9, 9, BUY, 101, 4);
    expect(result.fills.map((fill) => [fill.makerId, fill.price, fill.quantity])).toEqual([
      [6, 99, 1],
      [8, 100, 2],
      [7, 101, 1],
    ]);
    expect(book.size).toBe(0);
  });

  it('answers a limit order that does not cross with a fresh result, not the last one', () => {
    const book = new OrderBook();
    book.placeLimit(1, 1, SELL, 100, 5);
    const crossed = book.placeLimit(2, 2, BUY, 100, 2);
    expect(crossed.fills).toHaveLength(1);
    const resting = book.placeLimit(3, 3, BUY, 99, 4);
    expect(resting).toMatchObject({
      fills: [],
      selfCancelled: [],
      remaining: 4,
      rested: true,
      budgetLeft: 0n,
    });
  });
  it('reuses the nodes and levels of orders that left, each starting clean on its new side and price', () => {
    const book = new OrderBook();
    // Fill and cancel orders on both sides, so nodes and levels are kept for reuse.
    book.placeLimit(1, 1, SELL, 105, 3);
    book.placeLimit(2, 2, SELL, 106, 2);
    book.placeLimit(3, 3, BUY, 95, 4);
    book.placeMarket(9, BUY, 3); // fills 1 whole: its node and the level at 105 leave
    expect(book.cancel(2)?.remaining).toBe(2);
    expect(book.cancel(3)?.side).toBe(BUY);
    expect(book.size).toBe(0);
    // New orders take those nodes and levels: on other sides, other prices, other owners.
    book.placeLimit(4, 4, BUY, 104, 5);
    book.placeLimit(5, 5, BUY, 104, 1);
    book.placeLimit(6, 6, SELL, 107, 7);
    expect([1, 2, 3].map((id) => book.get(id))).toEqual([undefined, undefined, undefined]);
    expect(book.get(4)).toMatchObject({
      id: 4,
      owner: 4,
      side: BUY,
      price: 104,
      remaining: 5,
      next: book.get(5),
    });
    expect(book.get(5)).toMatchObject({ prev: book.get(4), next: null });
    expect(book.depth(Infinity)).toEqual({
      bids: [{ price: 104, quantity: 6 }],
      asks: [{ price: 107, quantity: 7 }],
    });
    const sold = book.placeMarket(8, SELL, 6);
    expect(sold.fills.map((fill) => [fill.makerId, fill.makerOwner, fill.price, fill.quantity])).toEqual([
      [4, 4, 104, 5],
      [5, 5, 104, 1],
    ]);
    expect(ids(book, BUY)).toEqual([]);
    expect(ids(book, SELL)).toEqual([6]);
  });
});
