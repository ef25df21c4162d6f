import { Decimal } from '@oex/protocol';
import type { LeverBook, Position } from './book.js';
import { LONG } from './rules.js';

const HUNDRED = Decimal.fromInt(100);
/** The hazard rate is cut to 2 decimals: a bound a hundredth above the setting never misses a liquidation. */
const HAZARD_STEP = Decimal.parse('0.01');

/**
 * The marks at which something in a market can happen, so a second that reaches none of them costs
 * a few comparisons instead of a pass over every position:
 * - the lowest take-profit of a long (fires at or above) and the highest of a short (at or below),
 * - the highest stop-loss of a long and the lowest of a short,
 * - the highest target of a pending long (opens at or below) and the lowest of a pending short,
 * - per side, the nearest liquidation mark of holders whose open positions are all on this market:
 *   their hazard rate is linear in the mark, so it reaches the setting at one mark.
 * Holders across several markets are checked exactly each second instead (`spread`).
 */
interface MarketMarks {
  up: Decimal | null;
  down: Decimal | null;
  /** The earliest instant an open position has been charged overnight up to (or opened at). */
  chargedSince: number | null;
}

export class TriggerIndex {
  private readonly marks = new Map<number, MarketMarks>();
  private readonly dirty = new Set<number>();
  /** Holders (user|quote) whose open positions span several markets: checked every second. */
  readonly spread = new Set<string>();

  constructor(
    private readonly book: LeverBook,
    /** A holder's available lever balance in the quote currency. */
    private readonly balanceOf: (userId: number, quoteId: number) => Decimal,
  ) {
    book.onChange((position) => this.dirty.add(position.marketId));
  }

  /** A holder's balance changed: their markets' liquidation marks move. */
  holderChanged(userId: number, quoteId: number): void {
    for (const position of this.book.ofHolder(userId, quoteId)) this.dirty.add(position.marketId);
  }

  /** Whether a mark can set off anything on a market (a true answer is then checked exactly). */
  mayFire(marketId: number, mark: Decimal, threshold: Decimal): boolean {
    if (this.dirty.has(marketId) || !this.marks.has(marketId)) this.rebuild(marketId, threshold);
    const marks = this.marks.get(marketId)!;
    return (marks.up !== null && mark.gte(marks.up)) || (marks.down !== null && mark.lte(marks.down));
  }

  /** Whether an open position of the market may owe an overnight charge made at `latest`. */
  mayOweOvernight(marketId: number, latest: number, threshold: Decimal): boolean {
    if (this.dirty.has(marketId) || !this.marks.has(marketId)) this.rebuild(marketId, threshold);
    const since = this.marks.get(marketId)!.chargedSince;
    return since !== null && since < latest;
  }

  /** After the setting changes, everything is measured again. */
  reset(): void {
    this.marks.clear();
  }

  private rebuild(marketId: number, threshold: Decimal): void {
    this.dirty.delete(marketId);
    let up: Decimal | null = null;
    let down: Decimal | null = null;
    let chargedSince: number | null = null;
    const lower = (value: Decimal) => (up = up === null || value.lt(up) ? value : up);
    const higher = (value: Decimal) => (down = down === null || value.gt(down) ? value : down);
    const holders = new Map<string, Position[]>();
    for (const position of this.book.ofMarket(marketId)) {
      const long = position.side === LONG;
      if (position.status === 0) {
        if (position.target) (long ? higher : lower)(position.target);
        continue;
      }
      const since = Math.max(position.openedAt ?? 0, position.lastOvernightAt ?? 0);
      chargedSince = chargedSince === null ? since : Math.min(chargedSince, since);
      if (position.takeProfit.isPositive()) (long ? lower : higher)(position.takeProfit);
      if (position.stopLoss.isPositive()) (long ? higher : lower)(position.stopLoss);
      const key = `${position.userId}|${position.quoteId}`;
      const held = holders.get(key);
      if (held) held.push(position);
      else holders.set(key, [position]);
    }
    for (const [key, positions] of holders) {
      const first = positions[0]!;
      const all = this.book.ofHolder(first.userId, first.quoteId).filter((p) => p.status === 1);
      if (all.some((p) => p.marketId !== marketId)) {
        this.spread.add(key);
        continue;
      }
      this.spread.delete(key);
      const bound = this.liquidationMark(positions, this.balanceOf(first.userId, first.quoteId), threshold);
      if (bound === 'now') this.spread.add(key);
      else if (bound) (bound.side === 'down' ? higher : lower)(bound.mark);
    }
    this.marks.set(marketId, { up, down, chargedSince });
  }

  /**
   * The mark at which a holder's hazard rate reaches the setting: (B + M + E·m − C) × 100 / M ≤ T
   * with E the net quantity (longs +, shorts −) and C the net quantity × entry. Net long: at or
   * below that mark; net short: at or above; flat: never by the mark ('now' if already there).
   */
  private liquidationMark(
    positions: Position[],
    balance: Decimal,
    threshold: Decimal,
  ): { side: 'up' | 'down'; mark: Decimal } | 'now' | null {
    let margin = Decimal.ZERO;
    let net = Decimal.ZERO;
    let cost = Decimal.ZERO;
    for (const position of positions) {
      const signed = position.side === LONG ? position.number : position.number.neg();
      margin = margin.add(position.margin);
      net = net.add(signed);
      cost = cost.add(signed.mul(position.price));
    }
    if (!margin.isPositive()) return null;
    const room = threshold
      .add(HAZARD_STEP)
      .mul(margin)
      .div(HUNDRED, 18, 'up')
      .sub(balance)
      .sub(margin)
      .add(cost);
    if (net.isZero()) return room.isNegative() ? null : 'now';
    if (net.isPositive()) return { side: 'down', mark: room.div(net, 18, 'up') };
    return { side: 'up', mark: room.div(net, 18, 'down') };
  }
}
