import type { Lang, MarkPriceView } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import { formatTime, markMatches } from '../features/micro/rules.js';
import { formatMark } from '../pages/micro/parts.js';
import { ScrollArea } from './ScrollArea.js';

/**
 * The mark-price tape rows of a verify view (seconds and leveraged contracts): each row's inputs,
 * the price they give, and whether that is the row's price, checked in the browser.
 */

const TAPE_COLUMNS = ['row', 'time', 'bid', 'ask', 'last', 'sample', 'mark', 'check'] as const;
const PRICE_COLUMNS: readonly string[] = ['bid', 'ask', 'last', 'sample', 'mark'];

/** A tick or a cross, with words, so the check never rests on a symbol alone. */
export function Check({ ok, testId }: { ok: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={ok ? 'text-up' : 'text-down'} data-check={ok ? 'ok' : 'failed'} data-testid={testId}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {t(ok ? 'micro.checkOk' : 'micro.checkFailed')}
    </span>
  );
}

/** One tape row with its inputs, the price they give, and whether that is the row's price. */
export function TapeRow({
  label,
  entry,
  decimals,
  lang,
  timeZone,
}: {
  label: string;
  entry: MarkPriceView;
  decimals: number;
  lang: Lang;
  timeZone: string;
}) {
  const price = (value: string | null) => formatMark(value, lang, decimals);
  const figures = entry.figures;
  // Rows of the impact-price rule show its figures; older rows their best bid, ask and last trade.
  const bid = figures ? figures.impact_bid : entry.best_bid;
  const ask = figures ? figures.impact_ask : entry.best_ask;
  const trade = figures ? figures.trade_price : entry.last_price;
  const tradeId = figures || entry.last_trade_id === null ? '' : ` (#${entry.last_trade_id})`;
  return (
    <tr className="border-t border-line" data-entry={label}>
      <th scope="row" className="px-2 py-1 text-left font-normal">
        {label}
      </th>
      <td className="px-2 py-1 whitespace-nowrap tabular-nums">{formatTime(entry.time, timeZone)}</td>
      <td className="px-2 py-1 text-right tabular-nums" data-testid="tape-impact-bid">
        {price(bid)}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">{price(ask)}</td>
      <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{`${price(trade)}${tradeId}`}</td>
      <td className="px-2 py-1 text-right tabular-nums">{price(figures?.sample ?? null)}</td>
      <td className="px-2 py-1 text-right font-semibold tabular-nums" data-testid="tape-price">
        {price(entry.price)}
      </td>
      <td className="px-2 py-1 whitespace-nowrap">
        <Check ok={markMatches(entry)} />
      </td>
    </tr>
  );
}

/** The tape section's heading, the rule's note and the rows in one table. */
export function TapeTable({
  rows,
  decimals,
  lang,
  timeZone,
  children,
}: {
  rows: readonly { label: string; entry: MarkPriceView }[];
  decimals: number;
  lang: Lang;
  timeZone: string;
  /** What follows the table: the recomputation, a link to the raw tape. */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="verify-tape-title">
      <h3 id="verify-tape-title" className="mb-1 text-xs font-semibold">
        {t('micro.tapeTitle')}
      </h3>
      <p className="mb-1 text-[11px] text-muted">{t('micro.tapeNote')}</p>
      <ScrollArea label={t('micro.tapeTitle')}>
        <table className="w-full min-w-[640px] border-collapse text-xs">
          <thead>
            <tr className="text-muted">
              {TAPE_COLUMNS.map((key) => (
                <th
                  key={key}
                  scope="col"
                  className={`px-2 py-1 font-normal ${PRICE_COLUMNS.includes(key) ? 'text-right' : 'text-left'}`}
                >
                  {t(`micro.tapeColumns.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ label, entry }) => (
              <TapeRow
                key={label}
                label={label}
                entry={entry}
                decimals={decimals}
                lang={lang}
                timeZone={timeZone}
              />
            ))}
          </tbody>
        </table>
      </ScrollArea>
      {children}
    </section>
  );
}

/** The rule in words, as the server states it. */
export function RuleText({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="verify-rule-title">
      <h3 id="verify-rule-title" className="mb-1 text-xs font-semibold">
        {t('micro.rule')}
      </h3>
      <p className="rounded border p-2 text-xs border-line" data-testid="verify-rule">
        {text}
      </p>
    </section>
  );
}
