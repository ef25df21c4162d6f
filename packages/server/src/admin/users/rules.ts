import { Decimal } from '@oex/protocol';
import type { MessageKey } from '../../platform/messages/index.js';

/**
 * The pure rules of the operator console's user and balance tools: how an adjustment is valued,
 * who may approve it (every one needs a second operator), and how the dashboard states shares. No I/O.
 */

/** USDT values of adjustments are kept to 4 decimals, rounded up (a value never looks smaller). */
const VALUE_DECIMALS = 4;

export type AdjustmentStatus = 'pending' | 'applied' | 'rejected';

/**
 * The USDT price an adjustment is valued at: the larger of the spot last price (of the currency's
 * USDT market) and the currency's reference usd_price. Taking the larger means nobody can trade a
 * thin market down to make an adjustment look smaller to the approving operator; USDT itself is 1.
 */
export function valuationPrice(lastPrice: Decimal | null, referencePrice: Decimal): Decimal {
  return lastPrice && lastPrice.gt(referencePrice) ? lastPrice : referencePrice;
}

/**
 * What an adjustment is worth in USDT, either sign: |amount| × price, rounded up to 4 decimals, as
 * units of 10^-18 (a large amount at a high price can pass what a Decimal holds).
 */
export function adjustmentValue(amount: Decimal, price: Decimal): bigint {
  const step = 10n ** BigInt(18 - VALUE_DECIMALS);
  const exact = amount.abs().units * price.units;
  const one = Decimal.ONE.units;
  const value = (exact + one - 1n) / one;
  return ((value + step - 1n) / step) * step;
}

/** Why an amount cannot be an adjustment of a currency with `decimals` places, or null. */
export function amountProblem(amount: Decimal, decimals: number): MessageKey | null {
  if (amount.isZero()) return 'error.adjust_zero';
  if (amount.decimalPlaces() > decimals) return 'error.amount_decimals';
  return null;
}

/** What the user's records say beside "Adjustment": its reference, then the proposer's reason. */
export function adjustmentNotes(reference: string, reason: string): string {
  return `${reference.trim()}: ${reason.trim()}`;
}

/** A negative adjustment takes only from what is available (never from what orders hold). */
export function takesTooMuch(amount: Decimal, available: Decimal): boolean {
  return amount.isNegative() && amount.abs().gt(available);
}

export interface Decidable {
  status: AdjustmentStatus;
  /** The proposing operator's id (0 for the command line). */
  proposedBy: number;
}

/**
 * Why this operator may not approve the adjustment, or null. Four eyes: whoever proposed it may
 * not approve it (the command line counts as one operator). Rejecting needs no second pair of
 * eyes: anyone with the permission, the proposer too, may withdraw a pending proposal.
 */
export function approvalProblem(adjustment: Decidable, operatorId: number): MessageKey | null {
  if (adjustment.status !== 'pending') return 'error.adjust_not_pending';
  if (adjustment.proposedBy === operatorId) return 'error.adjust_same_operator';
  return null;
}

export function rejectionProblem(adjustment: Decidable): MessageKey | null {
  return adjustment.status === 'pending' ? null : 'error.adjust_not_pending';
}

/**
 * A part of a whole as a percentage with 2 decimals, rounded down ("37.50"); null when the whole is
 * zero (no volume: there is no share to state).
 */
export function percentOf(part: Decimal, whole: Decimal): string | null {
  if (!whole.isPositive()) return null;
  return part.mul(Decimal.parse('100')).div(whole, 2, 'down').toString(2);
}

/** Sums decimal texts exactly (money read from the database). */
export function sumOf(values: readonly string[]): Decimal {
  let units = 0n;
  for (const value of values) units += Decimal.parse(String(value)).units;
  return Decimal.fromUnits(units);
}

/**
 * A search box's text as what it can mean: a user id (digits), an invite code (6-12 letters and
 * digits, matched upper-cased), and otherwise a piece of an email or phone number.
 */
export function searchTerms(text: string): { id: number | null; inviteCode: string | null; like: string } {
  const q = text.trim();
  const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const inviteCode = /^[A-Za-z0-9]{4,16}$/.test(q) ? q.toUpperCase() : null;
  // The LIKE wildcards in the text are matched as themselves.
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return { id, inviteCode, like };
}

export interface TradeFigures {
  /** Base quantity and quote amount, in units of 10^-18. */
  volume: bigint;
  amount: bigint;
  trades: number;
  /** Volume with a liquidity account on at least one side. */
  makerVolume: bigint;
  /** Volume between two liquidity accounts (no user on either side). */
  houseOnlyVolume: bigint;
}

export interface TradeRow {
  id: number;
  marketId: number;
  /** Base quantity and quote amount, as the database holds them. */
  number: string;
  amount: string;
  buyerId: number;
  sellerId: number;
  /** ms */
  time: number;
}

const MINUTE_MS = 60_000;
/** The dashboard's market figures cover the current minute and the 1439 before it: 24 hours in whole minutes. */
export const WINDOW_MINUTES = 1440;

const noTrades = (): TradeFigures => ({
  volume: 0n,
  amount: 0n,
  trades: 0,
  makerVolume: 0n,
  houseOnlyVolume: 0n,
});

function addFigures(into: TradeFigures, from: TradeFigures): void {
  into.volume += from.volume;
  into.amount += from.amount;
  into.trades += from.trades;
  into.makerVolume += from.makerVolume;
  into.houseOnlyVolume += from.houseOnlyVolume;
}

/**
 * Each market's trades of the last 24 hours (in whole minutes), split by whether one of the
 * exchange's liquidity accounts was on a side. Trades are fed once each, in id order as they are
 * read (`lastId` says where to go on), and kept as per-minute sums, so a dashboard reads only the
 * trades since it last looked. Pure.
 */
export class TradeWindow {
  /** minute (ms) → market → figures */
  private readonly minutes = new Map<number, Map<number, TradeFigures>>();
  /** The highest trade id fed so far. */
  lastId = 0;

  constructor(readonly liquidityAccounts: ReadonlySet<number>) {}

  /** The first instant of the window that ends at `now`. */
  static start(now: number): number {
    return (Math.floor(now / MINUTE_MS) - (WINDOW_MINUTES - 1)) * MINUTE_MS;
  }

  add(trades: readonly TradeRow[], now: number): void {
    const start = TradeWindow.start(now);
    for (const trade of trades) {
      if (trade.id > this.lastId) this.lastId = trade.id;
      if (trade.time < start) continue;
      const minute = Math.floor(trade.time / MINUTE_MS) * MINUTE_MS;
      const markets = this.minutes.get(minute) ?? new Map<number, TradeFigures>();
      this.minutes.set(minute, markets);
      const figures = markets.get(trade.marketId) ?? noTrades();
      markets.set(trade.marketId, figures);
      const quantity = Decimal.parse(String(trade.number)).units;
      figures.volume += quantity;
      figures.amount += Decimal.parse(String(trade.amount)).units;
      figures.trades += 1;
      const buyerIsHouse = this.liquidityAccounts.has(trade.buyerId);
      const sellerIsHouse = this.liquidityAccounts.has(trade.sellerId);
      if (buyerIsHouse || sellerIsHouse) figures.makerVolume += quantity;
      if (buyerIsHouse && sellerIsHouse) figures.houseOnlyVolume += quantity;
    }
  }

  /** Per market, the sums of the window ending at `now`; minutes that left it are forgotten. */
  figures(now: number): Map<number, TradeFigures> {
    const start = TradeWindow.start(now);
    const total = new Map<number, TradeFigures>();
    for (const [minute, markets] of this.minutes) {
      if (minute < start) {
        this.minutes.delete(minute);
        continue;
      }
      for (const [marketId, figures] of markets) {
        const sum = total.get(marketId) ?? noTrades();
        addFigures(sum, figures);
        total.set(marketId, sum);
      }
    }
    return total;
  }
}
