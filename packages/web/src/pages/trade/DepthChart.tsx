import type { DepthEntry, MarketView } from '@oex/protocol';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { axisTicks, depthPoints, type DepthPoint } from '../../features/trade/book-rules.js';
import { currentLang } from '../../i18n/index.js';
import { formatNumber } from '../../lib/format.js';

/** Room for the axes: amounts on the right, prices along the bottom. */
const PAD = { top: 8, right: 64, bottom: 22, left: 6 };

interface Picked {
  side: 'bid' | 'ask';
  point: DepthPoint;
}

/** The element's size, followed as it changes. */
function useSize(element: HTMLElement | null): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry!.contentRect;
      setSize({ width: Math.floor(box.width), height: Math.floor(box.height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** A side's step outline: flat at each level's depth until the next level's price. */
function stepPath(
  points: DepthPoint[],
  x: (price: number) => number,
  y: (amount: number) => number,
  base: number,
) {
  if (points.length === 0) return '';
  let path = `M${x(Number(points[0]!.price))},${base}`;
  let depth = base;
  for (const point of points) {
    const px = x(Number(point.price));
    path += ` L${px},${depth} L${px},${(depth = y(Number(point.cumulative)))}`;
  }
  return `${path} L${x(Number(points[points.length - 1]!.price))},${base} Z`;
}

/**
 * The depth chart tab: cumulative bids (green) and asks (red) around the spread, with a price axis,
 * an amount axis, and the level under the pointer (or chosen with the arrow keys) in a tooltip.
 * Geometry uses plain numbers (display only); the tooltip shows the exact amounts.
 */
export function DepthChart({
  market,
  bids,
  asks,
}: {
  market: MarketView;
  bids: DepthEntry[];
  asks: DepthEntry[];
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [holder, setHolder] = useState<HTMLDivElement | null>(null);
  const { width, height } = useSize(holder);
  const [picked, setPicked] = useState<Picked | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const bidPoints = depthPoints(bids);
  const askPoints = depthPoints(asks);
  const all = [...bidPoints, ...askPoints];
  if (all.length === 0) return <p className="p-6 text-center text-muted">{t('trade.noDepth')}</p>;

  const prices = all.map((point) => Number(point.price));
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const top = Math.max(...all.map((point) => Number(point.cumulative))) * 1.1;
  const plotWidth = Math.max(1, width - PAD.left - PAD.right);
  const plotBottom = Math.max(PAD.top + 1, height - PAD.bottom);
  const x = (price: number) =>
    PAD.left + (high === low ? plotWidth / 2 : ((price - low) / (high - low)) * plotWidth);
  const y = (amount: number) => plotBottom - (amount / top) * (plotBottom - PAD.top);
  const priceTicks = axisTicks(low, high, Math.max(2, Math.floor(plotWidth / 110)));
  const amountTicks = axisTicks(0, top, Math.max(2, Math.floor((plotBottom - PAD.top) / 45)));
  // Left to right as drawn: the deepest bid to the best, then the best ask outward.
  const ordered: Picked[] = [
    ...[...bidPoints].reverse().map((point) => ({ side: 'bid' as const, point })),
    ...askPoints.map((point) => ({ side: 'ask' as const, point })),
  ];

  /** The level covering a price: a bid's depth counts every bid at or above it, an ask's at or below. */
  const levelAt = (price: number): Picked | null => {
    const bestBid = bidPoints[0] ? Number(bidPoints[0].price) : -Infinity;
    const bestAsk = askPoints[0] ? Number(askPoints[0].price) : Infinity;
    const onBids = bidPoints.length > 0 && (askPoints.length === 0 || price - bestBid < bestAsk - price);
    const points = onBids ? bidPoints : askPoints;
    let found = points[0]!;
    for (const point of points) {
      if (onBids ? Number(point.price) >= price : Number(point.price) <= price) found = point;
      else break;
    }
    return { side: onBids ? 'bid' : 'ask', point: found };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = svg.current!.getBoundingClientRect();
    const px = event.clientX - box.left;
    setPicked(levelAt(low + ((px - PAD.left) / plotWidth) * (high - low)));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const index = picked ? ordered.findIndex((item) => item.point === picked.point) : -1;
    const move = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (event.key === 'Escape') setPicked(null);
    else if (move) {
      event.preventDefault();
      const start = index < 0 ? bidPoints.length - (move < 0 ? 1 : 0) : index + move;
      const next = ordered[Math.min(ordered.length - 1, Math.max(0, start))];
      if (next) setPicked(next);
    }
  };
  // A picked level from an older book is looked up again by price.
  const current =
    picked &&
    (picked.side === 'bid' ? bidPoints : askPoints).find((point) => point.price === picked.point.price);
  const price = (value: string) => formatNumber(value, market.price_decimals, lang);
  const amount = (value: string) => formatNumber(value, market.number_decimals, lang);
  const tick = (value: number, decimals: number) => formatNumber(value.toFixed(decimals), decimals, lang);
  const color = (side: 'bid' | 'ask') => (side === 'bid' ? 'var(--up)' : 'var(--down)');
  const tipX = current ? x(Number(current.price)) : 0;
  // A label at either end of the price axis grows inward, so it is never cut off.
  const anchor = (px: number) =>
    px < PAD.left + 24 ? 'start' : px > PAD.left + plotWidth - 24 ? 'end' : 'middle';

  return (
    <div ref={setHolder} className="relative h-full w-full overflow-hidden" data-testid="depth-chart">
      {width > 0 && height > 0 && (
        <svg
          ref={svg}
          width={width}
          height={height}
          role="img"
          aria-label={t('trade.depthChart')}
          tabIndex={0}
          className="block text-[11px]"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setPicked(null)}
          onKeyDown={onKeyDown}
          onBlur={() => setPicked(null)}
        >
          {amountTicks.values.map((value) => (
            <g key={`a${value}`} data-axis="amount">
              <line
                x1={PAD.left}
                x2={PAD.left + plotWidth}
                y1={y(value)}
                y2={y(value)}
                stroke="var(--border)"
              />
              <text x={PAD.left + plotWidth + 4} y={y(value) + 4} fill="var(--muted)">
                {tick(value, amountTicks.decimals)}
              </text>
            </g>
          ))}
          <path
            d={stepPath(bidPoints, x, y, plotBottom)}
            fill="color-mix(in srgb, var(--up) 25%, transparent)"
            stroke="var(--up)"
          />
          <path
            d={stepPath(askPoints, x, y, plotBottom)}
            fill="color-mix(in srgb, var(--down) 25%, transparent)"
            stroke="var(--down)"
          />
          <line
            x1={PAD.left}
            x2={PAD.left + plotWidth}
            y1={plotBottom}
            y2={plotBottom}
            stroke="var(--border)"
          />
          {priceTicks.values.map((value) => (
            <g key={`p${value}`} data-axis="price">
              <line x1={x(value)} x2={x(value)} y1={plotBottom} y2={plotBottom + 4} stroke="var(--border)" />
              <text x={x(value)} y={plotBottom + 15} fill="var(--muted)" textAnchor={anchor(x(value))}>
                {tick(value, priceTicks.decimals)}
              </text>
            </g>
          ))}
          <text x={PAD.left + plotWidth + 4} y={PAD.top + 4} fill="var(--muted)">
            {market.base_currency_code}
          </text>
          {current && picked && (
            <g aria-hidden="true">
              <line
                x1={tipX}
                x2={tipX}
                y1={PAD.top}
                y2={plotBottom}
                stroke={color(picked.side)}
                strokeDasharray="3 3"
              />
              <circle cx={tipX} cy={y(Number(current.cumulative))} r={3.5} fill={color(picked.side)} />
            </g>
          )}
        </svg>
      )}
      {current && picked && (
        <div
          role="status"
          data-testid="depth-tooltip"
          className={`pointer-events-none absolute top-2 rounded border bg-page px-2 py-1 text-xs tabular-nums shadow ${picked.side === 'bid' ? 'border-up' : 'border-down'}`}
          // Beside the pointed price, on the side with room: known only as the pointer moves.
          style={tipX > width / 2 ? { right: width - tipX + 8 } : { left: tipX + 8 }}
        >
          <div>
            <span className="text-muted">{t('trade.price')} </span>
            {price(current.price)} {market.quote_currency_code}
          </div>
          <div>
            <span className="text-muted">{t('trade.depthTotal')} </span>
            {amount(current.cumulative)} {market.base_currency_code}
          </div>
        </div>
      )}
    </div>
  );
}
