import { describe, expect, it } from 'vitest';
import { overflowEdges, overflowMask } from '../src/lib/scroll.js';

describe('a sideways-scrolling strip shows where it continues', () => {
  it('marks the end at the start, both in the middle, the start at the end, none when it fits', () => {
    expect(overflowEdges(0, 600, 390)).toEqual({ start: false, end: true });
    expect(overflowEdges(100, 600, 390)).toEqual({ start: true, end: true });
    expect(overflowEdges(210, 600, 390)).toEqual({ start: true, end: false });
    // Sub-pixel scroll positions at the very end count as the end.
    expect(overflowEdges(209.5, 600, 390)).toEqual({ start: true, end: false });
    expect(overflowEdges(0, 390, 390)).toEqual({ start: false, end: false });
  });
  it('fades only the edges with more beyond them', () => {
    expect(overflowMask({ start: false, end: false })).toBeUndefined();
    expect(overflowMask({ start: false, end: true })).toBe(
      'linear-gradient(to right, #000, #000 calc(100% - 2rem), transparent)',
    );
    expect(overflowMask({ start: true, end: false })).toBe(
      'linear-gradient(to right, transparent, #000 2rem, #000)',
    );
  });
});
