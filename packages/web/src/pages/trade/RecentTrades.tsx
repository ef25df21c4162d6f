import type { CompletedTrade, MarketView } from '@oex/protocol';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n/index.js';
import { formatPrice, formatQuantity } from '../../lib/format.js';

/**
 * The latest 30 trades: time, price and amount. A trade a buyer took is green and one a seller took
 * is red (our `way` 1 and 2; see docs/spot.md).
 */
export const RecentTrades = memo(function RecentTrades({
  trades,
  market,
}: {
  trades: CompletedTrade[];
  market: MarketView;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <section aria-label={t('trade.trades')} className="text-xs">
      <h2 className="px-1 py-1 font-semibold">{t('trade.trades')}</h2>
      <table className="w-full table-fixed border-collapse">
        <thead>
          <tr className="text-muted">
            <th scope="col" className="px-1 text-left font-normal">
              {t('trade.time')}
            </th>
            <th scope="col" className="px-1 text-right font-normal">
              {t('trade.price')}
            </th>
            <th scope="col" className="px-1 text-right font-normal">
              {t('trade.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <tr key={trade.id} className="h-5">
              <td className="px-1 tabular-nums text-muted">{trade.time.slice(11, 19)}</td>
              <td className={`px-1 text-right tabular-nums ${trade.way === 1 ? 'text-up' : 'text-down'}`}>
                {formatPrice(trade.price, lang, market.price_decimals)}
              </td>
              <td className="px-1 text-right tabular-nums">
                {formatQuantity(trade.amount, lang, market.number_decimals)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {trades.length === 0 && <p className="py-4 text-center text-muted">{t('trade.noTrades')}</p>}
    </section>
  );
});
