import type { DepthEntry } from '@oex/protocol';
import { useTranslation } from 'react-i18next';

const WIDTH = 600;
const HEIGHT = 300;

/** Cumulative amounts from the best price outward, as [price, cumulative] points (display only). */
function steps(entries: DepthEntry[]): [number, number][] {
  let sum = 0;
  return entries.map((entry) => {
    sum += Number(entry.amount);
    return [Number(entry.price), sum];
  });
}

/** The depth chart tab: cumulative bids (green) and asks (red) around the spread. */
export function DepthChart({ bids, asks }: { bids: DepthEntry[]; asks: DepthEntry[] }) {
  const { t } = useTranslation();
  const bidPoints = steps(bids);
  const askPoints = steps(asks);
  const all = [...bidPoints, ...askPoints];
  if (all.length === 0)
    return (
      <p className="p-6 text-center" style={{ color: 'var(--muted)' }}>
        {t('trade.noDepth')}
      </p>
    );
  const prices = all.map(([price]) => price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const top = Math.max(...all.map(([, amount]) => amount));
  const x = (price: number) => (high === low ? WIDTH / 2 : ((price - low) / (high - low)) * WIDTH);
  const y = (amount: number) => HEIGHT - (amount / top) * (HEIGHT - 10);
  const area = (points: [number, number][]) =>
    points.length === 0
      ? ''
      : `M${x(points[0]![0])},${HEIGHT} ` +
        points.map(([price, amount]) => `L${x(price)},${y(amount)}`).join(' ') +
        ` L${x(points[points.length - 1]![0])},${HEIGHT} Z`;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-full w-full"
      role="img"
      aria-label={t('trade.depthChart')}
    >
      <path d={area(bidPoints)} fill="color-mix(in srgb, var(--up) 25%, transparent)" stroke="var(--up)" />
      <path
        d={area(askPoints)}
        fill="color-mix(in srgb, var(--down) 25%, transparent)"
        stroke="var(--down)"
      />
    </svg>
  );
}
