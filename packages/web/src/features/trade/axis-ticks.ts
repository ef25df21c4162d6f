/** A price-axis label as the chart places it: its pixel row and its value. */
export interface Tick {
  coord: number;
  value: number | string;
  text: string;
}

/**
 * The price axis's labels without those the last-price tag would cover: the tag sits on the axis
 * at the last price's row, so a label within `clearance` pixels of that row is left out (as
 * trading terminals do) instead of being half hidden under the tag. The row is found from two
 * labels, the axis being linear between them.
 */
export function ticksClearOfLast<T extends Tick>(
  ticks: T[],
  last: number | undefined,
  clearance: number,
): T[] {
  if (last === undefined || !Number.isFinite(last) || ticks.length < 2) return ticks;
  const [a, b] = [ticks[0]!, ticks[ticks.length - 1]!];
  const [va, vb] = [Number(a.value), Number(b.value)];
  if (!Number.isFinite(va) || !Number.isFinite(vb) || va === vb) return ticks;
  const row = a.coord + ((last - va) * (b.coord - a.coord)) / (vb - va);
  return ticks.filter((tick) => Math.abs(tick.coord - row) >= clearance);
}
