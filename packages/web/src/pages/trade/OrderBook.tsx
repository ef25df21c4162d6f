import type { Deal, MarketView } from '@oex/protocol';
import { memo, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n/index.js';
import {
  groupLevels,
  groupSteps,
  lastMove,
  MIN_DESKTOP_ROWS,
  rowsThatFit,
  spreadOf,
  type BookRow,
} from '../../features/trade/book-rules.js';
import { formatNumber, formatPrice, formatQuantity } from '../../lib/format.js';
import { Button } from '../../components/ui/index.js';

/**
 * Row heights in pixels, for counting the levels that fit, and the classes that set them on the rows
 * below (in pixels, not rem: the page's root size is 14 px).
 */
const ROW_PX = 20;
const HEAD_PX = ROW_PX;
const SPREAD_PX = 28;
const ROW_HEIGHT = 'h-[20px]';
const SPREAD_HEIGHT = 'h-[28px]';
/** Below the desktop layout the book is not stretched beside the chart: ten levels a side. */
const PHONE_ROWS = 10;
const DESKTOP = '(min-width: 1024px)';

function useDesktop(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(DESKTOP);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(DESKTOP).matches,
  );
}

/** The element's height, followed as it changes. */
function useHeight(element: HTMLElement | null): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setHeight(entry!.contentRect.height));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return height;
}

function Side({
  rows,
  count,
  side,
  market,
  onPick,
}: {
  rows: BookRow[];
  /** Rows the side always takes, padded when the book is thinner, so updates never move the layout. */
  count: number;
  side: 'ask' | 'bid';
  market: MarketView;
  onPick(price: string): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const color = side === 'ask' ? 'var(--down)' : 'var(--up)';
  const text = side === 'ask' ? 'text-down' : 'text-up';
  // Asks are listed from the highest down to the best, so the best of both sides meet in the middle.
  const shown = side === 'ask' ? [...rows].reverse() : rows;
  const padding = Array.from({ length: Math.max(0, count - rows.length) }, (_, i) => i);
  return (
    <tbody>
      {side === 'ask' && padding.map((i) => <EmptyRow key={`pad${i}`} />)}
      {shown.map((row) => {
        const index = rows.indexOf(row) + 1;
        return (
          <tr
            key={row.price}
            className={`relative cursor-pointer hover:bg-panel ${ROW_HEIGHT}`}
            onClick={() => onPick(row.price)}
          >
            <th scope="row" className="truncate px-1 text-left font-normal whitespace-nowrap text-muted">
              {t(side === 'ask' ? 'trade.sellN' : 'trade.buyN', { n: index })}
            </th>
            <td className={`px-1 text-right tabular-nums ${text}`}>
              {/* Bare: the price as text, so the levels stay one line each. */}
              <Button variant="bare" className="tabular-nums" onClick={() => onPick(row.price)}>
                {formatPrice(row.price, lang, market.price_decimals)}
              </Button>
            </td>
            {/* The depth bar: as long as this level's share of the side, known only from the book. */}
            <td
              className="px-1 text-right tabular-nums"
              style={{
                background: `linear-gradient(to left, color-mix(in srgb, ${color} 16%, transparent) ${(row.share * 100).toFixed(1)}%, transparent 0)`,
              }}
            >
              {formatQuantity(row.amount, lang, market.number_decimals)}
            </td>
          </tr>
        );
      })}
      {side === 'bid' && padding.map((i) => <EmptyRow key={`pad${i}`} />)}
    </tbody>
  );
}

function EmptyRow() {
  return (
    <tr className={ROW_HEIGHT} aria-hidden="true">
      <td colSpan={3} />
    </tr>
  );
}

/**
 * The order book: asks above, bids below, as many levels a side as fit beside the
 * chart (at least 15 on a desktop), cumulative depth bars, the last price with its direction and the
 * spread between the sides, grouping by the market's tick and 10, 100 and 1000 times it. Clicking a
 * price fills both forms.
 */
export const OrderBook = memo(function OrderBook({
  market,
  deal,
  onPick,
}: {
  market: MarketView;
  deal: Deal | undefined;
  onPick(price: string): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const steps = groupSteps(market.price_decimals);
  // A grouping chosen for one market means nothing for another: each starts at its tick.
  const [chosen, setChosen] = useState({ market: market.id, step: steps[0]! });
  const step = chosen.market === market.id && steps.includes(chosen.step) ? chosen.step : steps[0]!;
  const least = useDesktop() ? MIN_DESKTOP_ROWS : PHONE_ROWS;
  const [levels, setLevels] = useState<HTMLDivElement | null>(null);
  const rows = rowsThatFit(useHeight(levels) - HEAD_PX, ROW_PX, SPREAD_PX, least);
  const asks = groupLevels(deal?.depth.out ?? [], step, 'ask', rows);
  const bids = groupLevels(deal?.depth.in ?? [], step, 'bid', rows);
  const spread = spreadOf(deal?.depth.in[0]?.price, deal?.depth.out[0]?.price);
  // The middle row shows the last trade's price, live from GLOBAL_TX, and which way it moved.
  const trades = deal?.tx_completes ?? [];
  const last = trades[0]?.price ?? market.currency_quotation.close;
  const move = lastMove(trades);
  const levelLabelChars = Math.max(
    4,
    t('trade.sellN', { n: rows }).length,
    t('trade.buyN', { n: rows }).length,
  );
  const moveColor = move === 'up' ? 'text-up' : move === 'down' ? 'text-down' : 'text-ink';
  return (
    <section aria-label={t('trade.book')} className="flex h-full flex-col text-xs">
      <div className="flex items-center justify-between px-1 py-1">
        <h2 className="font-semibold">{t('trade.book')}</h2>
        <label className="flex items-center gap-1 text-muted">
          {t('trade.grouping')}
          <select
            value={step}
            onChange={(event) => setChosen({ market: market.id, step: event.target.value })}
            className="rounded border border-line bg-page px-1 text-ink"
          >
            {steps.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      {/* The levels fill whatever height the layout gives the book; they never set it themselves. */}
      <div
        ref={setLevels}
        className="relative flex-1"
        // At least the phone's or the desktop's least levels, whichever layout shows now.
        style={{ minHeight: HEAD_PX + SPREAD_PX + 2 * least * ROW_PX }}
      >
        <table className="absolute inset-x-0 top-0 w-full table-fixed border-collapse" data-rows={rows}>
          <thead>
            <tr className={`text-muted ${ROW_HEIGHT}`}>
              <th
                scope="col"
                className="px-1 text-left font-normal"
                // As wide as the language's longest level label ("Verkauf 15"), never cut off.
                style={{ width: `calc(${levelLabelChars} * 1ch + 0.75rem)` }}
              >
                <span className="sr-only">{t('trade.level')}</span>
              </th>
              <th scope="col" className="px-1 text-right font-normal">
                {t('trade.price')}
              </th>
              <th scope="col" className="px-1 text-right font-normal">
                {t('trade.amount')}
              </th>
            </tr>
          </thead>
          <Side rows={asks} count={rows} side="ask" market={market} onPick={onPick} />
          <tbody>
            <tr className={`border-y border-line ${SPREAD_HEIGHT}`}>
              <td colSpan={3} className="px-1">
                <div className="flex items-center justify-between gap-2 whitespace-nowrap">
                  <span className={`font-semibold tabular-nums ${moveColor}`}>
                    <span data-testid="book-last">
                      {last ? formatPrice(last, lang, market.price_decimals) : '—'}
                    </span>
                    {move !== 'flat' && (
                      <>
                        <span aria-hidden="true"> {move === 'up' ? '↑' : '↓'}</span>
                        <span className="sr-only">
                          {t(move === 'up' ? 'trade.lastUp' : 'trade.lastDown')}
                        </span>
                      </>
                    )}
                  </span>
                  {spread && (
                    <span className="truncate tabular-nums text-muted" data-testid="book-spread">
                      {t('trade.spread')} {formatPrice(spread.absolute, lang, market.price_decimals)} (
                      {formatNumber(spread.percent, spread.percent.split('.')[1]?.length ?? 0, lang)}%)
                    </span>
                  )}
                </div>
              </td>
            </tr>
          </tbody>
          <Side rows={bids} count={rows} side="bid" market={market} onPick={onPick} />
        </table>
      </div>
    </section>
  );
});
