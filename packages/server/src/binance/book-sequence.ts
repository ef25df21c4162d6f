import type { Sequencer } from '../ledger/sequencer.js';
import type { Clock } from '../lib/clock.js';
import type { Market } from '../market/markets.js';
import type { Side } from '../spot/engine.js';
import { LIMIT, type OrderOutcome } from '../spot/orders.js';
import type { SpotService } from '../spot/service.js';

/** A price level of one side of a book, in the market's ticks. */
export interface BookLevelRef {
  way: Side;
  priceTicks: number;
}

/**
 * One change of a market's book: its update id, and the levels it changed (their quantities are
 * read from the book; null after a resync, when any level may have changed).
 */
export interface BookChange {
  market: Market;
  updateId: number;
  levels: BookLevelRef[] | null;
}

/**
 * The levels an order's outcome changed in its market's book, or none. Only limit orders rest, so
 * an outcome changed the book exactly when it touched a limit order (the order itself resting, a
 * maker filled, an order cancelled); a market order that met nothing changed nothing. A level may
 * be named that ended as it was (a limit order filled on arrival): its quantity is then re-sent.
 */
export function changedLevels(outcome: OrderOutcome): BookLevelRef[] {
  const seen = new Set<string>();
  const levels: BookLevelRef[] = [];
  for (const { order } of outcome.touched) {
    if (order.type !== LIMIT) continue;
    const key = `${order.way}|${order.priceTicks}`;
    if (seen.has(key)) continue;
    seen.add(key);
    levels.push({ way: order.way, priceTicks: order.priceTicks });
  }
  return levels;
}

/**
 * Binance's book update ids (`lastUpdateId` of `depth`, `U`/`u` of the depth streams): one counter
 * per market, moved by one for each committed outcome that changed its book. The counters start at
 * the clock's time in ms when the process starts, so they keep growing across restarts (a client
 * that reconnects takes a new snapshot anyway). Shared by the REST and stream sides through
 * `bookSequenceOf`, so both answer the same numbers.
 */
export class BookSequence {
  private readonly ids = new Map<number, number>();
  private readonly listeners: ((change: BookChange) => void)[] = [];
  private readonly start: number;

  constructor(
    private readonly spot: SpotService,
    clock: Clock,
    sequencer?: Sequencer,
  ) {
    this.start = clock.now();
    spot.listen({ onOutcome: (outcome) => this.record(outcome) });
    // A failed commit reloads the books from the database: any level may have changed.
    sequencer?.onResync(async () => {
      for (const market of spot.markets.all())
        this.emit({ market, updateId: this.next(market.id), levels: null });
    });
  }

  /** The id of the market's latest book change (its first value: the process's start time). */
  lastUpdateId(marketId: number): number {
    return this.ids.get(marketId) ?? this.start;
  }

  /** Told of each book change after it committed, in order per market. */
  onChange(listener: (change: BookChange) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  private record(outcome: OrderOutcome): void {
    const levels = changedLevels(outcome);
    if (levels.length === 0) return;
    const market = outcome.order.market;
    this.emit({ market, updateId: this.next(market.id), levels });
  }

  private next(marketId: number): number {
    const id = this.lastUpdateId(marketId) + 1;
    this.ids.set(marketId, id);
    return id;
  }

  private emit(change: BookChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

const sequences = new WeakMap<SpotService, BookSequence>();

/** The one book sequence of an exchange's spot service: the REST and stream sides both ask here. */
export function bookSequenceOf(context: {
  spot: SpotService;
  clock: Clock;
  sequencer: Sequencer;
}): BookSequence {
  let sequence = sequences.get(context.spot);
  if (!sequence) {
    sequence = new BookSequence(context.spot, context.clock, context.sequencer);
    sequences.set(context.spot, sequence);
  }
  return sequence;
}
