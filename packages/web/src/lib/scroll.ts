/** Which edges of a sideways-scrolling strip have more content beyond them. */
export interface OverflowEdges {
  start: boolean;
  end: boolean;
}

/** A pixel of slack, so rounding at the very end does not keep a hint on. */
const SLACK = 1;

export function overflowEdges(scrollLeft: number, scrollWidth: number, clientWidth: number): OverflowEdges {
  return {
    start: scrollLeft > SLACK,
    end: scrollLeft + clientWidth < scrollWidth - SLACK,
  };
}

/** The fade that shows a strip continues past an edge: a CSS mask, transparent at each open edge. */
export function overflowMask({ start, end }: OverflowEdges): string | undefined {
  if (!start && !end) return undefined;
  return `linear-gradient(to right, ${start ? 'transparent, #000 2rem' : '#000'}, ${end ? '#000 calc(100% - 2rem), transparent' : '#000'})`;
}
