import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { overflowEdges, overflowMask, type OverflowEdges } from '../lib/scroll.js';

function Arrow({ side }: { side: 'start' | 'end' }) {
  return (
    <span
      aria-hidden="true"
      className={`pointer-events-none absolute inset-y-0 flex items-center ${side === 'start' ? 'left-0 pl-0.5' : 'right-0 pr-0.5'} text-muted`}
    >
      {side === 'start' ? '‹' : '›'}
    </span>
  );
}

/**
 * A strip that scrolls sideways when its content is wider than the screen, and shows it: the side
 * with more content fades out under an arrow. `as="nav"` makes the strip a navigation landmark; a
 * plain one is focusable (a keyboard scrolls it with the arrow keys) and needs a label.
 */
export function ScrollArea({
  as = 'div',
  label,
  className = '',
  innerClassName = '',
  children,
}: {
  as?: 'div' | 'nav';
  label: string;
  className?: string;
  innerClassName?: string;
  children: React.ReactNode;
}) {
  const strip = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState<OverflowEdges>({ start: false, end: false });
  const measure = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    const next = overflowEdges(element.scrollLeft, element.scrollWidth, element.clientWidth);
    setEdges((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
  }, []);
  useLayoutEffect(() => {
    measure();
    const observer = new ResizeObserver(measure);
    if (strip.current) {
      observer.observe(strip.current);
      if (strip.current.firstElementChild) observer.observe(strip.current.firstElementChild);
    }
    return () => observer.disconnect();
  }, [measure]);
  const mask = overflowMask(edges);
  const Strip = as;
  const plain = as === 'div' ? { role: 'group', tabIndex: 0 } : {};
  return (
    <div className={`relative ${className}`}>
      <Strip
        ref={strip as React.RefObject<HTMLDivElement>}
        aria-label={label}
        onScroll={measure}
        data-overflow-start={edges.start}
        data-overflow-end={edges.end}
        // Positioned, so it also clips absolutely placed content (screen-reader-only labels) inside it.
        className={`relative overflow-x-auto ${innerClassName}`}
        style={{ maskImage: mask, WebkitMaskImage: mask }}
        {...plain}
      >
        {children}
      </Strip>
      {edges.start && <Arrow side="start" />}
      {edges.end && <Arrow side="end" />}
    </div>
  );
}
