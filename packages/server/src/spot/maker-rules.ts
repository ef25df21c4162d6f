/**
 * The demo market maker's rules, pure and seeded: a random walk of a reference price in integer
 * ticks, and the ladder of quotes around it. Floating point is used only to draw random numbers;
 * every price and size that leaves here is a whole number of ticks or lots.
 */

/** A small seeded generator (mulberry32), so a walk can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller). */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** The next reference price: a multiplicative step of `volatility` standard deviations, at least 1 tick. */
export function walk(ticks: number, volatility: number, random: () => number): number {
  const next = Math.round(ticks * (1 + volatility * gaussian(random)));
  return Math.max(1, next);
}

export interface Quote {
  side: 1 | 2;
  price: number;
  lots: number;
}

export interface LadderShape {
  levels: number;
  /** Distance of the first quote from the reference, and between quotes, as fractions. */
  spread: number;
  step: number;
  /** Lots per quote: from minLots to maxLots. */
  minLots: number;
  maxLots: number;
}

/** Bids below and asks above the reference, never crossing it. */
export function ladder(reference: number, shape: LadderShape, random: () => number): Quote[] {
  const quotes: Quote[] = [];
  for (let level = 0; level < shape.levels; level += 1) {
    const distance = shape.spread + level * shape.step;
    const offset = Math.max(level + 1, Math.round(reference * distance));
    const lots = () => shape.minLots + Math.floor(random() * (shape.maxLots - shape.minLots + 1));
    if (reference - offset >= 1) quotes.push({ side: 1, price: reference - offset, lots: lots() });
    quotes.push({ side: 2, price: reference + offset, lots: lots() });
  }
  return quotes;
}

/**
 * The demo's ladder: 20 levels a side, so the trade page's book (at least 15 a side on a desktop)
 * shows a full book; the farthest quote, 0.05% + 19 x 0.04% = 0.81% away, stays inside the 1% after
 * which quotes are withdrawn.
 */
export const DEMO_LIQUIDITY: Omit<StepRules, 'lotsFor'> = {
  shape: { levels: 20, spread: 0.0005, step: 0.0004, minLots: 1, maxLots: 1 },
  maxDistance: 0.01,
};

/** One of the maker's resting orders, as a step sees it. */
export interface RestingQuote<Id> {
  id: Id;
  side: 1 | 2;
  price: number;
}

export interface StepPlan<Id> {
  /** Quotes on the wrong side of the new reference or too far from it. */
  cancels: RestingQuote<Id>[];
  /** New quotes where the ladder has a gap. */
  quotes: Quote[];
  /** A small market order of the taker's, or null this step. */
  take: { side: 1 | 2; lots: number } | null;
}

export interface StepRules {
  shape: LadderShape;
  /** Quotes further than this fraction from the reference are withdrawn. */
  maxDistance: number;
  /** Lots worth roughly `usd` at a price in ticks. */
  lotsFor(ticks: number, usd: number): number;
}

/**
 * One step of the demo's liquidity around a reference already walked: withdraw stale quotes, fill the
 * ladder's gaps (1,000 to 9,000 USD a level, so the top five or so fill the impact notional of
 * docs/mark-price.md), and every other step or so a small market order. Pure: the server's seeder
 * and the trading-API bot carry the same plan out, each its own way.
 */
export function planStep<Id>(
  reference: number,
  resting: readonly RestingQuote<Id>[],
  rules: StepRules,
  random: () => number,
): StepPlan<Id> {
  const cancels: RestingQuote<Id>[] = [];
  const taken = new Set<number>();
  for (const order of resting) {
    const wrongSide = order.side === 1 ? order.price >= reference : order.price <= reference;
    const tooFar = Math.abs(order.price - reference) > reference * rules.maxDistance;
    if (wrongSide || tooFar) cancels.push(order);
    else taken.add(order.price);
  }
  const quotes: Quote[] = [];
  for (const quote of ladder(reference, rules.shape, random)) {
    if (taken.has(quote.price)) continue;
    const count = [...taken].filter((price) =>
      quote.side === 1 ? price < reference : price > reference,
    ).length;
    if (count >= rules.shape.levels) continue;
    taken.add(quote.price);
    quotes.push({ ...quote, lots: rules.lotsFor(quote.price, 1000 + random() * 8000) });
  }
  let take: StepPlan<Id>['take'] = null;
  if (random() < 0.5) {
    const side = random() < 0.5 ? 1 : 2;
    take = { side, lots: rules.lotsFor(reference, 20 + random() * 600) };
  }
  return { cancels, quotes, take };
}
