import { describe, expect, it } from 'vitest';
import { ticksClearOfLast } from '../src/features/trade/axis-ticks.js';

const ticks = [70800, 70500, 70200, 69900, 69600, 69300, 69000].map((value, index) => ({
  value,
  text: String(value),
  coord: 20 + index * 40,
}));

describe('price-axis labels beside the last-price tag', () => {
  it('leaves out the label the tag would cover, and only that one', () => {
    // 69,584 sits 2.1 px below the 69,600 label (40 px per 300).
    const shown = ticksClearOfLast(ticks, 69584, 14).map((tick) => tick.value);
    expect(shown).toEqual([70800, 70500, 70200, 69900, 69300, 69000]);
  });

  it('keeps every label when the tag sits between two of them, or there is no last price', () => {
    expect(ticksClearOfLast(ticks, 69750, 14)).toHaveLength(7);
    expect(ticksClearOfLast(ticks, undefined, 14)).toHaveLength(7);
    expect(ticksClearOfLast(ticks.slice(0, 1), 70800, 14)).toHaveLength(1);
  });
});
