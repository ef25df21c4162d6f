import { Decimal } from '@oex/protocol';
import type { Books } from '../ledger/books.js';
import { promisedInterest } from './rules.js';

/** A holding in force, with its terms as fixed at the purchase and the instants of its payments. */
export interface Holding {
  id: number;
  userId: number;
  productId: number;
  currencyId: number;
  principal: Decimal;
  rate: Decimal;
  daily: Decimal;
  days: number;
  paidDays: number;
  income: Decimal;
  boughtAt: number;
  /** The payment instant of each day of the term, in order. */
  payAt: readonly number[];
}

const key = (userId: number, productId: number) => `${userId}|${productId}`;

function adjust<K>(map: Map<K, Decimal>, at: K, by: Decimal): void {
  const next = (map.get(at) ?? Decimal.ZERO).add(by);
  if (next.isZero()) map.delete(at);
  else map.set(at, next);
}

/**
 * The holdings in force, in the sequencer's memory, with the running sums purchases are checked
 * against: interest promised per currency, principal per user and product, and each product's
 * sold amount. Changed only inside commands; each change registers its undo.
 */
export class Holdings {
  private readonly byId = new Map<number, Holding>();
  private readonly promised = new Map<number, Decimal>();
  private readonly held = new Map<string, Decimal>();

  constructor(
    holdings: readonly Holding[],
    private readonly sold: Map<number, Decimal>,
  ) {
    for (const holding of holdings) this.apply(holding.id, holding);
  }

  get(id: number): Holding | undefined {
    return this.byId.get(id);
  }

  all(): IterableIterator<Holding> {
    return this.byId.values();
  }

  promisedOf(currencyId: number): Decimal {
    return this.promised.get(currencyId) ?? Decimal.ZERO;
  }

  heldBy(userId: number, productId: number): Decimal {
    return this.held.get(key(userId, productId)) ?? Decimal.ZERO;
  }

  soldOf(productId: number): Decimal {
    return this.sold.get(productId) ?? Decimal.ZERO;
  }

  /** Adds or replaces (same id) a holding, or with null ends it; undone with the command. */
  put(books: Books, id: number, next: Holding | null): void {
    const before = this.byId.get(id) ?? null;
    this.apply(id, next);
    books.onUndo(() => this.apply(id, before));
  }

  /** A product's sold amount grows by a purchase; undone with the command. */
  addSold(books: Books, productId: number, amount: Decimal): Decimal {
    adjust(this.sold, productId, amount);
    books.onUndo(() => adjust(this.sold, productId, amount.neg()));
    return this.soldOf(productId);
  }

  private apply(id: number, next: Holding | null): void {
    const before = this.byId.get(id);
    if (before) this.count(before, -1);
    if (next) {
      this.byId.set(id, next);
      this.count(next, 1);
    } else this.byId.delete(id);
  }

  private count(holding: Holding, sign: 1 | -1): void {
    const promise = promisedInterest(holding.daily, holding.days, holding.paidDays);
    adjust(this.promised, holding.currencyId, sign === 1 ? promise : promise.neg());
    adjust(
      this.held,
      key(holding.userId, holding.productId),
      sign === 1 ? holding.principal : holding.principal.neg(),
    );
  }
}
