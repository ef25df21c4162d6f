import { AccountTypeId, Decimal, LeverClosedType } from '@oex/protocol';
import type { Settings } from '../platform/settings.js';
import type { CurrencyDirectory } from '../ledger/currencies.js';
import type { Sequencer } from '../ledger/sequencer.js';
import type { MarkTape } from '../market/mark-tape.js';
import { bucketStart } from '../spot/periods.js';
import type { Mark, Position } from './book.js';
import type { Closed } from './commands.js';
import { mustLiquidate, overnightDue, stopTriggered, targetReached } from './rules.js';
import type { LeverService } from './service.js';
import { TriggerIndex } from './triggers.js';

const MINUTE = 60_000;

/**
 * The risk engine. After each second the tape samples, in the tape's own order: fixed-price orders
 * whose target the mark reached open, take-profits and stop-losses the mark reached close at the
 * mark, users whose hazard rate fell to the liquidation setting are liquidated at the marks, and
 * overnight fees due are charged. Every change is a sequencer command that checks again what it
 * acts on, so a liquidation and a user's close can never both happen. After a restart, the first
 * second applies whatever crossed or fell due while the server was down.
 */
export class LeverRisk {
  private readonly ended: ((userId: number, closed: Closed[]) => void)[] = [];
  private readonly changed: ((marketIds: number[]) => void)[] = [];
  private readonly index: TriggerIndex;
  private threshold: Decimal | undefined;

  constructor(
    private readonly lever: LeverService,
    private readonly sequencer: Sequencer,
    private readonly tape: MarkTape,
    private readonly settings: Settings,
    private readonly currencies: CurrencyDirectory,
    private readonly timeZone: string,
  ) {
    this.index = new TriggerIndex(lever.book, (userId, quoteId) => {
      const account = sequencer.books.find({ userId }, AccountTypeId.lever_account, quoteId);
      return Decimal.fromUnits(account?.balance ?? 0n);
    });
    // A holder's balance moves their liquidation mark.
    sequencer.onCommit((accounts) => {
      for (const account of accounts) {
        if (account.userId !== null && account.typeId === AccountTypeId.lever_account) {
          this.index.holderChanged(account.userId, account.currencyId);
        }
      }
    });
  }

  attach(): void {
    this.tape.onTick((asOf) => this.evaluate(asOf));
  }

  /** Told of positions the engine closed (LEVER_CLOSED). */
  onEnded(listener: (userId: number, closed: Closed[]) => void): void {
    this.ended.push(listener);
  }

  /** Told, after each second, the markets whose positions moved with the marks (LEVER_TRADE). */
  onChanged(listener: (marketIds: number[]) => void): void {
    this.changed.push(listener);
  }

  async evaluate(asOf: number): Promise<void> {
    const threshold = Decimal.parse(await this.settings.get('lever_liquidation_rate'));
    if (!this.threshold?.eq(threshold)) this.index.reset();
    this.threshold = threshold;
    const marks = new Map<number, Mark>();
    for (const marketId of this.lever.book.markets()) {
      const latest = this.tape.latest(marketId);
      if (latest) marks.set(marketId, latest);
    }
    // Only markets whose mark reached one of their trigger marks are looked at position by position.
    const holders = new Map<string, { userId: number; quoteId: number }>();
    const work: Promise<unknown>[] = [];
    for (const [marketId, mark] of marks) {
      if (!this.index.mayFire(marketId, mark.price, threshold)) continue;
      for (const position of this.lever.book.ofMarket(marketId)) {
        holders.set(`${position.userId}|${position.quoteId}`, {
          userId: position.userId,
          quoteId: position.quoteId,
        });
        work.push(this.trigger(position, mark));
      }
    }
    await Promise.all(work);
    for (const key of this.index.spread) {
      const [userId, quoteId] = key.split('|').map(Number);
      holders.set(key, { userId: userId!, quoteId: quoteId! });
    }
    // Submitted together, so a crash's liquidations share commits; each checks its hazard again.
    const liquidations: Promise<void>[] = [];
    for (const { userId, quoteId } of holders.values()) {
      if (!mustLiquidate(this.lever.hazardOf(userId, quoteId), threshold)) continue;
      liquidations.push(
        this.sequencer
          .dispatch('lever.liquidate', { userId, quoteId, marks: [...marks], threshold })
          .then((closed) => this.tell(userId, closed)),
      );
    }
    await Promise.all(liquidations);
    await this.chargeOvernight(asOf, threshold);
    for (const listener of this.changed) listener([...marks.keys()]);
  }

  /** A pending order whose target the mark reached opens; an open position's TP or SL closes it. */
  private async trigger(position: Position, mark: Mark): Promise<void> {
    if (position.status === 0) {
      if (position.target && targetReached(position.side, mark.price, position.target)) {
        await this.sequencer.dispatch('lever.open', { id: position.id, mark });
      }
      return;
    }
    const stop = stopTriggered(position.side, mark.price, position.takeProfit, position.stopLoss);
    if (!stop) return;
    const type = stop === 'take_profit' ? LeverClosedType.TAKE_PROFIT : LeverClosedType.STOP_LOSS;
    const closed = await this.sequencer.dispatch('lever.close', {
      id: position.id,
      closePrice: mark.price,
      mark,
      closedType: type,
      userId: null,
    });
    if (closed) this.tell(position.userId, [closed]);
  }

  private tell(userId: number, closed: Closed[]): void {
    if (closed.length === 0) return;
    for (const listener of this.ended) listener(userId, closed);
  }

  /** Each open position pays each day's charge it owes, once (a key per position and day). */
  private async chargeOvernight(asOf: number, threshold: Decimal): Promise<void> {
    const [hours, minutes] = (await this.settings.get('lever_overnight_time')).split(':').map(Number);
    const at = ((hours ?? 0) * 60 + (minutes ?? 0)) * MINUTE;
    // The latest charge instant, once: a position charged since (or opened after) owes nothing.
    const latest = this.chargeTimes(asOf - 3 * 86_400_000, asOf, at).at(-1);
    if (latest === undefined) return;
    for (const marketId of this.lever.book.markets()) {
      if (!this.index.mayOweOvernight(marketId, latest, threshold)) continue;
      for (const position of this.lever.book.ofMarket(marketId)) {
        // Each position pays the rate it was opened under.
        if (position.status !== 1 || position.openedAt === null || !position.overnightRate.isPositive())
          continue;
        const since = Math.max(position.openedAt, position.lastOvernightAt ?? 0);
        if (since >= latest) continue;
        const due = overnightDue(
          position.openedAt,
          position.lastOvernightAt,
          asOf,
          this.chargeTimes(since, asOf, at),
        );
        const decimals = this.currencies.currency(position.quoteId).decimals;
        for (const time of due) {
          await this.sequencer.dispatch('lever.overnight', { id: position.id, chargeTime: time, decimals });
        }
      }
    }
  }

  /** The daily charge instants (the set time in the exchange's zone) in (since, until], oldest first. */
  chargeTimes(since: number, until: number, at: number): number[] {
    const times: number[] = [];
    let day = bucketStart(until, '1day', this.timeZone);
    while (day + at > since && times.length < 400) {
      if (day + at <= until) times.push(day + at);
      day = bucketStart(day - 1, '1day', this.timeZone);
    }
    return times.reverse();
  }
}
