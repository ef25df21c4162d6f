import type { Decimal } from '@oex/protocol';
import type { Books } from '../ledger/books.js';
import type { LeverSide } from './rules.js';

/** A mark and the tape second it was read at, so a verifier finds the row that decided a price. */
export interface Mark {
  price: Decimal;
  time: number;
}

/** A pending order (status 0) or an open position (status 1), as the risk engine needs it. */
export interface Position {
  id: number;
  userId: number;
  marketId: number;
  quoteId: number;
  side: LeverSide;
  status: 0 | 1;
  share: number;
  multiple: number;
  number: Decimal;
  /** The entry price: for a pending order, the one it will open at (its target with the spread). */
  price: Decimal;
  target: Decimal | null;
  originPrice: Decimal;
  /** The tape second whose mark opened it (null: not open yet, or opened before the tape kept it). */
  openMarkTime: number | null;
  margin: Decimal;
  originMargin: Decimal;
  fee: Decimal;
  overnight: Decimal;
  takeProfit: Decimal;
  stopLoss: Decimal;
  createdAt: number;
  openedAt: number | null;
  lastOvernightAt: number | null;
  /** The spread (percent of the mark) its owner's close pays: the market's when it was placed. */
  pointRate: Decimal;
  /** The daily overnight rate it pays: the market's when it was placed. */
  overnightRate: Decimal;
}

/**
 * The live positions and pending orders, in memory beside the books and changed only by sequencer
 * commands (each change registers its undo). Indexed by market, so a mark of one market touches
 * only its positions, and by user and quote currency, for the hazard rate.
 */
export class LeverBook {
  private readonly byId = new Map<number, Position>();
  private readonly byMarket = new Map<number, Set<number>>();
  private readonly byHolder = new Map<string, Set<number>>();
  private readonly byUser = new Map<number, Set<number>>();
  private readonly changeListeners: ((position: Position) => void)[] = [];

  constructor(positions: Position[]) {
    for (const position of positions) this.track(position);
  }

  /** Told every position that changed, left or came (and again on an undo): the trigger index listens. */
  onChange(listener: (position: Position) => void): void {
    this.changeListeners.push(listener);
  }

  get(id: number): Position | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  ofMarket(marketId: number): Position[] {
    return [...(this.byMarket.get(marketId) ?? [])].map((id) => this.byId.get(id)!);
  }

  /** A user's live positions and orders margined in one quote currency. */
  ofHolder(userId: number, quoteId: number): Position[] {
    return [...(this.byHolder.get(holderKey(userId, quoteId)) ?? [])].map((id) => this.byId.get(id)!);
  }

  ofUser(userId: number): Position[] {
    return [...(this.byUser.get(userId) ?? [])].map((id) => this.byId.get(id)!);
  }

  markets(): number[] {
    return [...this.byMarket.keys()];
  }

  /** Adds, replaces (same id) or, with null, removes a position; undone with the command. */
  put(books: Books, id: number, next: Position | null): void {
    const before = this.byId.get(id) ?? null;
    this.apply(id, next);
    books.onUndo(() => this.apply(id, before));
  }

  private apply(id: number, next: Position | null): void {
    const current = this.byId.get(id);
    if (current) this.untrack(current);
    if (next) this.track(next);
    for (const changed of [current, next]) {
      if (changed) for (const listener of this.changeListeners) listener(changed);
    }
  }

  private track(position: Position): void {
    this.byId.set(position.id, position);
    add(this.byMarket, position.marketId, position.id);
    add(this.byHolder, holderKey(position.userId, position.quoteId), position.id);
    add(this.byUser, position.userId, position.id);
  }

  private untrack(position: Position): void {
    this.byId.delete(position.id);
    remove(this.byMarket, position.marketId, position.id);
    remove(this.byHolder, holderKey(position.userId, position.quoteId), position.id);
    remove(this.byUser, position.userId, position.id);
  }
}

const holderKey = (userId: number, quoteId: number) => `${userId}|${quoteId}`;

function add<K>(index: Map<K, Set<number>>, key: K, id: number): void {
  const ids = index.get(key) ?? new Set<number>();
  ids.add(id);
  index.set(key, ids);
}

function remove<K>(index: Map<K, Set<number>>, key: K, id: number): void {
  const ids = index.get(key);
  if (!ids) return;
  ids.delete(id);
  if (ids.size === 0) index.delete(key);
}
