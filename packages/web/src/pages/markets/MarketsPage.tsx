import type { MarketView } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MarketTable, type TableSort } from '../../components/MarketTable.js';
import { useFavorites } from '../../features/markets/favorites.js';
import { useQuoteGroups } from '../../features/markets/quotes.js';
import { sortMarkets, type SortKey } from '../../features/markets/rules.js';
import { useStableOrder } from '../../features/markets/stable-order.js';
import { Empty, QueryState, Tabs } from '../../components/ui/index.js';

/** The tab of starred markets, beside one tab per quote currency. */
const FAVORITES_TAB = '*';

/** The sorted table: ordered on load and on each sort or tab change; live values change in place. */
function SortedTable({
  markets,
  orderKey,
  sort,
  favorites,
}: {
  markets: MarketView[];
  orderKey: string;
  sort: TableSort;
  favorites: { ids: ReadonlySet<number>; toggle(id: number): void };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rows = useStableOrder(markets, `${orderKey}:${sort.key}:${sort.descending}`, (shown) =>
    sortMarkets(shown, sort.key, sort.descending),
  );
  return (
    <MarketTable
      caption={t('markets.title')}
      markets={rows}
      sort={sort}
      favorites={favorites}
      onOpen={(market) => void navigate(`/trade?match=${market.id}`)}
    />
  );
}

/** All markets: tabs by quote currency, a sortable live table, starred pairs. */
export function MarketsPage() {
  const { t } = useTranslation();
  const groups = useQuoteGroups();
  const favorites = useFavorites();
  const [tab, setTab] = useState<string | null>(null);
  const [sortKey, setSortKey] = useState<SortKey>('volume');
  const [descending, setDescending] = useState(true);

  const onSort = (key: SortKey) => {
    if (key === sortKey) setDescending(!descending);
    else {
      setSortKey(key);
      setDescending(key !== 'symbol');
    }
  };

  return (
    <div className="mx-auto max-w-6xl py-6">
      <h1 className="mb-4 text-2xl font-semibold">{t('markets.title')}</h1>
      <QueryState
        query={groups}
        isEmpty={(data) => data.length === 0}
        skeleton={{ rows: 6, rowClass: 'h-10' }}
      >
        {(data) => {
          const active = tab ?? data[0]?.code ?? FAVORITES_TAB;
          const all = data.flatMap((group) => group.matches);
          const shown: MarketView[] =
            active === FAVORITES_TAB
              ? all.filter((market) => favorites.ids.has(market.id))
              : (data.find((group) => group.code === active)?.matches ?? []);
          return (
            <>
              <Tabs
                className="mb-3 flex gap-4 border-b"
                values={[...data.map((group) => group.code), FAVORITES_TAB]}
                active={active}
                text={(code) => (code === FAVORITES_TAB ? t('markets.favorites') : code)}
                onChange={setTab}
              />
              {shown.length === 0 ? (
                <Empty text={active === FAVORITES_TAB ? t('markets.noFavorites') : undefined} />
              ) : (
                <SortedTable
                  markets={shown}
                  orderKey={active}
                  sort={{ key: sortKey, descending, onSort }}
                  favorites={favorites}
                />
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
