import type { Deal, MarketView } from '@oex/protocol';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n/index.js';
import { groupLevels, groupSteps, type BookRow } from '../../features/trade/book-rules.js';
import { formatPrice, formatQuantity, PRICE_DECIMALS } from '../../lib/format.js';

/** Rows shown on each side; fixed, so updates never move the layout. */
const ROWS = 10;

function Side({ rows, side, onPick }: { rows: BookRow[]; side: 'ask' | 'bid'; onPick(price: string): void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const color = side === 'ask' ? 'var(--down)' : 'var(--up)';
  // Asks are listed from the highest down to the best, so the best of both sides meet in the middle.
  const shown = side === 'ask' ? [...rows].reverse() : rows;
  const padding = Array.from({ length: ROWS - rows.length }, (_, i) => i);
  return (
    <tbody>
      {side === 'ask' && padding.map((i) => <EmptyRow key={`pad${i}`} />)}
      {shown.map((row) => {
        const index = rows.indexOf(row) + 1;
        return (
          <tr
            key={row.price}
            className="relative h-5 cursor-pointer hover:bg-[var(--panel)]"
            onClick={() => onPick(row.price)}
          >
            <th scope="row" className="w-12 px-1 text-left font-normal" style={{ color: 'var(--muted)' }}>
              {t(side === 'ask' ? 'trade.sellN' : 'trade.buyN', { n: index })}
            </th>
            <td className="px-1 text-right tabular-nums" style={{ color }}>
              <button type="button" className="tabular-nums" onClick={() => onPick(row.price)}>
                {formatPrice(row.price, lang)}
              </button>
            </td>
            <td
              className="px-1 text-right tabular-nums"
              style={{
                background: `linear-gradient(to left, color-mix(in srgb, ${color} 16%, transparent) ${(row.share * 100).toFixed(1)}%, transparent 0)`,
              }}
            >
              {formatQuantity(row.amount, lang)}
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
    <tr className="h-5" aria-hidden="true">
      <td colSpan={3} />
    </tr>
  );
}

/**
 * The order book (spec 000 §2): asks above, bids below, cumulative depth bars, the spread row with
 * the last price, grouping by multiples of the tick. Clicking a price fills both forms.
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
  const steps = groupSteps(Math.min(market.price_decimals, PRICE_DECIMALS));
  const [step, setStep] = useState(steps[0]!);
  const asks = groupLevels(deal?.depth.out ?? [], step, 'ask', ROWS);
  const bids = groupLevels(deal?.depth.in ?? [], step, 'bid', ROWS);
  // The spread row shows the last trade's price, live from GLOBAL_TX.
  const last = deal?.tx_completes[0]?.price ?? market.currency_quotation.close;
  return (
    <section aria-label={t('trade.book')} className="flex flex-col text-xs">
      <div className="flex items-center justify-between px-1 py-1">
        <h2 className="font-semibold">{t('trade.book')}</h2>
        <label className="flex items-center gap-1" style={{ color: 'var(--muted)' }}>
          {t('trade.grouping')}
          <select
            value={step}
            onChange={(event) => setStep(event.target.value)}
            className="rounded border px-1"
            style={{ background: 'var(--bg)', borderColor: 'var(--border)', color: 'var(--text)' }}
          >
            {steps.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      <table className="w-full table-fixed border-collapse">
        <thead>
          <tr style={{ color: 'var(--muted)' }}>
            <th scope="col" className="w-12 px-1 text-left font-normal">
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
        <Side rows={asks} side="ask" onPick={onPick} />
        <tbody>
          <tr className="h-7 border-y" style={{ borderColor: 'var(--border)' }}>
            <td colSpan={3} className="px-1 font-semibold tabular-nums" data-testid="book-last">
              {last ? formatPrice(last, lang) : '—'}
            </td>
          </tr>
        </tbody>
        <Side rows={bids} side="bid" onPick={onPick} />
      </table>
    </section>
  );
});
