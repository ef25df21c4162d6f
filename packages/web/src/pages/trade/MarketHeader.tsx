import type { MarketView, Quotation } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import { Change } from '../../components/MarketTable.js';
import { currentLang } from '../../i18n/index.js';
import { directionOf, formatNumber, formatPrice, type Direction } from '../../lib/format.js';
import type { TextKey } from '../../i18n/catalogs.js';

/** The last price's colour: green up, red down, the text's own when unchanged. */
const DIRECTION_CLASS: Record<Direction, string> = { up: 'text-up', down: 'text-down', flat: 'text-ink' };

/** Symbol, latest price, change, high, low and volume, all live. */
export function MarketHeader({ market, quotation }: { market: MarketView; quotation: Quotation }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const direction = directionOf(quotation.change);
  const stats: [TextKey, string][] = [
    ['markets.high', formatPrice(quotation.high, lang, market.price_decimals)],
    ['markets.low', formatPrice(quotation.low, lang, market.price_decimals)],
    ['markets.volume', `${formatNumber(quotation.volume, 2, lang)} ${market.base_currency_code}`],
  ];
  return (
    <header className="flex flex-wrap items-baseline gap-x-6 gap-y-1 border-b border-line px-2 py-2">
      <h1 className="text-lg font-semibold">{market.symbol}</h1>
      <span
        className={`text-lg font-semibold tabular-nums ${DIRECTION_CLASS[direction]}`}
        data-testid="last-price"
      >
        {formatPrice(quotation.close, lang, market.price_decimals)}
      </span>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-xs">
        <div className="flex gap-1">
          <dt className="text-muted">{t('markets.change')}</dt>
          <dd>
            <Change value={quotation.change} />
          </dd>
        </div>
        {stats.map(([label, value]) => (
          <div key={label} className="flex gap-1">
            <dt className="text-muted">{t(label)}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
