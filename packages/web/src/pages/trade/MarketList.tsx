import type { MarketView, QuoteGroup } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Change } from '../../components/MarketTable.js';
import { currentLang } from '../../i18n/index.js';
import { formatPrice } from '../../lib/format.js';
import { Button, Tabs } from '../../components/ui/index.js';

const openForSpot = (market: MarketView) => market.open_change === 1;

/**
 * The left list: quote-currency tabs, a search box and the markets open for trading (`listed`: the
 * spot page's open_change by default; the lever page passes its own).
 */
export function MarketList({
  groups,
  selected,
  onSelect,
  listed = openForSpot,
}: {
  groups: QuoteGroup[];
  selected: number;
  onSelect(id: number): void;
  listed?(market: MarketView): boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [tab, setTab] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const active =
    tab ?? groups.find((group) => group.matches.some((m) => m.id === selected))?.code ?? groups[0]?.code;
  const wanted = search.trim().toUpperCase();
  const markets = (groups.find((group) => group.code === active)?.matches ?? []).filter(
    (market) => listed(market) && (!wanted || market.base_currency_code.includes(wanted)),
  );
  return (
    <nav aria-label={t('trade.markets')} className="flex flex-col text-xs">
      <Tabs
        className="flex gap-3 border-b px-1 pt-1"
        values={groups.map((group) => group.code)}
        active={active ?? ''}
        text={(code) => code}
        onChange={setTab}
      />
      <label className="sr-only" htmlFor="market-search">
        {t('trade.search')}
      </label>
      <input
        id="market-search"
        type="search"
        value={search}
        placeholder={t('trade.search')}
        onChange={(event) => setSearch(event.target.value)}
        className="m-1 rounded border border-line bg-page px-2 py-1 text-ink"
      />
      <ul>
        {markets.map((market) => (
          <li key={market.id}>
            {/* A row of the list: no frame, the whole width, the chosen one shaded. */}
            <Button
              variant="bare"
              aria-current={market.id === selected ? 'true' : undefined}
              onClick={() => onSelect(market.id)}
              className="grid w-full grid-cols-[1fr_auto_auto] gap-2 px-2 py-1 text-left hover:bg-panel aria-current:bg-panel"
            >
              <span className="font-medium">{market.base_currency_code}</span>
              <span className="tabular-nums">
                {formatPrice(market.currency_quotation.close, lang, market.price_decimals)}
              </span>
              <Change value={market.currency_quotation.change} />
            </Button>
          </li>
        ))}
      </ul>
      {markets.length === 0 && <p className="p-2 text-muted">{t('trade.noMarkets')}</p>}
    </nav>
  );
}
