import type { MarketView } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import type { SortKey } from '../features/markets/rules.js';
import { currentLang } from '../i18n/index.js';
import { directionOf, formatChange, formatCompact, formatPrice } from '../lib/format.js';
import type { TextKey } from '../i18n/catalogs.js';
import { Button } from './ui/index.js';

/** A change with its sign and colour: green up, red down (the sign carries it without colour). */
export function Change({ value }: { value: string }) {
  const direction = directionOf(value);
  const color = direction === 'up' ? 'text-up' : direction === 'down' ? 'text-down' : 'text-muted';
  return <span className={`tabular-nums ${color}`}>{formatChange(value, currentLang())}</span>;
}

const COLUMNS: { key: SortKey; label: TextKey; numeric: boolean; wide?: boolean }[] = [
  { key: 'symbol', label: 'markets.pair', numeric: false },
  { key: 'close', label: 'markets.price', numeric: true },
  { key: 'change', label: 'markets.change', numeric: true },
  { key: 'high', label: 'markets.high', numeric: true, wide: true },
  { key: 'low', label: 'markets.low', numeric: true, wide: true },
  { key: 'volume', label: 'markets.volume', numeric: true, wide: true },
];

/** The day's volume in the quote currency, with its unit (on a phone it sits under the pair). */
function Volume({ market }: { market: MarketView }) {
  return (
    <>
      {formatCompact(market.currency_quotation.amount, currentLang())}{' '}
      <span className="text-muted">{market.quote_currency_code}</span>
    </>
  );
}

export interface TableSort {
  key: SortKey;
  descending: boolean;
  onSort(key: SortKey): void;
}

/**
 * The market table of home and markets: pair, latest price, change, high, low and 24 h volume in the
 * quote currency. A row opens the trade page; with `sort` the headers sort, with `favorites` each row
 * has a star. On a phone, high and low are left out and the volume goes under the pair, so the pair
 * and the price keep their own columns.
 */
export function MarketTable({
  markets,
  onOpen,
  sort,
  favorites,
  caption,
}: {
  markets: MarketView[];
  onOpen(market: MarketView, index: number): void;
  sort?: TableSort;
  favorites?: { ids: ReadonlySet<number>; toggle(id: number): void };
  caption: string;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-muted">
          {favorites && (
            <th scope="col" className="w-8 py-2">
              <span className="sr-only">{t('markets.favorite')}</span>
            </th>
          )}
          {COLUMNS.map((column) => {
            const active = sort?.key === column.key;
            const align = column.numeric ? 'text-right' : 'text-left';
            return (
              <th
                key={column.key}
                scope="col"
                className={`px-2 py-2 font-normal ${align} ${column.wide ? 'hidden sm:table-cell' : ''}`}
                aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
              >
                {sort ? (
                  <>
                    <Button
                      variant="bare"
                      className={`${align} ${column.key === 'symbol' ? '' : 'w-full'}`}
                      onClick={() => sort.onSort(column.key)}
                    >
                      {t(column.label)}
                      <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
                    </Button>
                    {column.key === 'symbol' && (
                      // On a phone the volume column is hidden and its figure sits under the pair:
                      // its sort sits under the pair's head too, so the order on screen is explained.
                      <Button
                        variant="bare"
                        className="block text-left text-xs sm:hidden"
                        data-testid="sort-volume-phone"
                        aria-pressed={sort.key === 'volume'}
                        onClick={() => sort.onSort('volume')}
                      >
                        {t('markets.vol')}
                        <span aria-hidden="true">
                          {sort.key === 'volume' ? (sort.descending ? ' ▼' : ' ▲') : ''}
                        </span>
                      </Button>
                    )}
                  </>
                ) : (
                  t(column.label)
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {markets.map((market, index) => {
          const quote = market.currency_quotation;
          return (
            <tr
              key={market.id}
              className="cursor-pointer border-t border-line hover:bg-panel"
              onClick={() => onOpen(market, index)}
            >
              {favorites && (
                <td className="py-2 text-center">
                  <Button
                    variant="bare"
                    aria-pressed={favorites.ids.has(market.id)}
                    aria-label={t('markets.star', { symbol: market.symbol })}
                    className={`px-1 text-base ${favorites.ids.has(market.id) ? 'text-[#d69e2e]' : 'text-muted'}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      favorites.toggle(market.id);
                    }}
                  >
                    {favorites.ids.has(market.id) ? '★' : '☆'}
                  </Button>
                </td>
              )}
              <th scope="row" className="px-2 py-2 text-left font-medium whitespace-nowrap">
                <a
                  href={`/trade?match=${market.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    onOpen(market, index);
                  }}
                  className="inline-flex items-center gap-2"
                >
                  <img src={market.base_currency} alt="" width={20} height={20} className="rounded-full" />
                  <span>
                    {market.base_currency_code}
                    <span className="text-muted">/{market.quote_currency_code}</span>
                  </span>
                </a>
                <span className="block text-xs font-normal tabular-nums sm:hidden text-muted">
                  {t('markets.vol')} <Volume market={market} />
                </span>
              </th>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                {formatPrice(quote.close, lang, market.price_decimals)}
              </td>
              <td className="px-2 py-2 text-right">
                <Change value={quote.change} />
              </td>
              <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">
                {formatPrice(quote.high, lang, market.price_decimals)}
              </td>
              <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">
                {formatPrice(quote.low, lang, market.price_decimals)}
              </td>
              <td className="hidden px-2 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">
                <Volume market={market} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
