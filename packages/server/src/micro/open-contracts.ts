import { Decimal, type MicroSide } from '@oex/protocol';
import type { Books } from '../ledger/books.js';

/** An open order as settlement needs it. */
export interface OpenContract {
  id: number;
  userId: number;
  marketId: number;
  currencyId: number;
  side: MicroSide;
  stake: Decimal;
  fee: Decimal;
  profitRatio: Decimal;
  openPrice: Decimal;
  openTime: number;
  openEntryTime: number;
  endsAt: number;
  createdAt: number;
  seconds: number;
  /** Stake plus a win's profit: what the pool must be able to pay. */
  worstCase: Decimal;
}

export interface PoolTotals {
  staked: Decimal;
  fees: Decimal;
  paid: Decimal;
  funded: Decimal;
}

const ZERO_TOTALS: PoolTotals = {
  staked: Decimal.ZERO,
  fees: Decimal.ZERO,
  paid: Decimal.ZERO,
  funded: Decimal.ZERO,
};

/**
 * The open orders and the pool's running totals, in memory beside the books and changed only by
 * sequencer commands. Every change registers its undo with the books, so a refused or failed
 * command leaves nothing behind.
 */
export class OpenContracts {
  private readonly open = new Map<number, OpenContract>();
  private readonly exposure = new Map<number, { stakes: Decimal; worstCase: Decimal }>();
  private readonly totals = new Map<number, PoolTotals>();

  constructor(contracts: OpenContract[], totals: Map<number, PoolTotals>) {
    for (const contract of contracts) this.track(contract);
    for (const [currencyId, value] of totals) this.totals.set(currencyId, value);
  }

  get(id: number): OpenContract | undefined {
    return this.open.get(id);
  }

  get size(): number {
    return this.open.size;
  }

  /** Open orders whose end is at or before `time`, soonest first. */
  dueBy(time: number): OpenContract[] {
    const due: OpenContract[] = [];
    for (const contract of this.open.values()) if (contract.endsAt <= time) due.push(contract);
    return due.sort((a, b) => a.endsAt - b.endsAt || a.id - b.id);
  }

  exposureOf(currencyId: number): { stakes: Decimal; worstCase: Decimal } {
    return this.exposure.get(currencyId) ?? { stakes: Decimal.ZERO, worstCase: Decimal.ZERO };
  }

  totalsOf(currencyId: number): PoolTotals {
    return this.totals.get(currencyId) ?? ZERO_TOTALS;
  }

  add(books: Books, contract: OpenContract): void {
    this.track(contract);
    books.onUndo(() => this.untrack(contract));
  }

  remove(books: Books, contract: OpenContract): void {
    this.untrack(contract);
    books.onUndo(() => this.track(contract));
  }

  /** Adds to a currency's totals; answers the new totals. */
  count(books: Books, currencyId: number, change: Partial<PoolTotals>): PoolTotals {
    const before = this.totalsOf(currencyId);
    const after: PoolTotals = {
      staked: before.staked.add(change.staked ?? Decimal.ZERO),
      fees: before.fees.add(change.fees ?? Decimal.ZERO),
      paid: before.paid.add(change.paid ?? Decimal.ZERO),
      funded: before.funded.add(change.funded ?? Decimal.ZERO),
    };
    this.totals.set(currencyId, after);
    books.onUndo(() => this.totals.set(currencyId, before));
    return after;
  }

  private track(contract: OpenContract): void {
    this.open.set(contract.id, contract);
    const current = this.exposureOf(contract.currencyId);
    this.exposure.set(contract.currencyId, {
      stakes: current.stakes.add(contract.stake),
      worstCase: current.worstCase.add(contract.worstCase),
    });
  }

  private untrack(contract: OpenContract): void {
    this.open.delete(contract.id);
    const current = this.exposureOf(contract.currencyId);
    this.exposure.set(contract.currencyId, {
      stakes: current.stakes.sub(contract.stake),
      worstCase: current.worstCase.sub(contract.worstCase),
    });
  }
}
