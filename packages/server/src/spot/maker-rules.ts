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
