import { LeverStatus, type LeverPositionView, type MarketView, type QuoteGroup } from '@oex/protocol';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuoteGroupsPage } from '../../components/QuoteGroupsPage.js';
import { useLeverLive } from '../../features/lever/live.js';
import {
  chosenMarket,
  leverGroups,
  leverMarkets,
  MARKET_KEY,
  PERIOD_KEY,
} from '../../features/lever/rules.js';
import { useMarketData } from '../../features/trade/market-data.js';
import { MarketHeader as MarketHeaderPanel } from '../trade/MarketHeader.js';
import { MarketList as MarketListPanel } from '../trade/MarketList.js';
import { OrderBook as OrderBookPanel } from '../trade/OrderBook.js';
import { OrderPanel, type PickedPrice } from './OrderPanel.js';
import { Positions, type PositionsView } from './Positions.js';
import { Loading, Panel } from '../../components/ui/index.js';

/** The spot page's chart, header, market list and book, shared (the chart in its own chunk). */
const PriceChart = memo(lazy(() => import('../trade/PriceChart.js')));
const MarketHeader = memo(MarketHeaderPanel);
const MarketList = memo(MarketListPanel);
const OrderBook = memo(OrderBookPanel);

const openToLever = (market: MarketView) => market.open_lever === 1;

function Lever({ groups }: { groups: QuoteGroup[] }) {
  const { t } = useTranslation();
  const markets = useMemo(() => leverMarkets(groups), [groups]);
  const listed = useMemo(() => leverGroups(groups), [groups]);
  const [saved, setSaved] = useState(() => localStorage.getItem(MARKET_KEY));
  const market = chosenMarket(markets, saved);
  const deal = useMarketData(market);
  const dealData = useDeferredValue(deal.data);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const [view, setView] = useState<PositionsView>({ view: 5, page: 1 });
  useLeverLive(markets);
  const onPick = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);
  const select = useCallback((id: number) => {
    localStorage.setItem(MARKET_KEY, String(id));
    setSaved(String(id));
  }, []);
  // A new position shows at the top of the current positions; a fixed-price order in the delegation.
  const showPlaced = useCallback(
    (position: LeverPositionView) =>
      setView({ view: position.status === LeverStatus.PENDING ? 6 : 5, page: 1 }),
    [],
  );
  if (!market) return <p className="p-6">{t('lever.noMarkets')}</p>;
  return (
    <div className="mx-auto flex max-w-[1600px] flex-col gap-2 py-2">
      <Panel>
        <MarketHeader market={market} quotation={market.currency_quotation} />
        <label className="flex items-center gap-2 px-2 pb-2 text-xs lg:hidden">
          <span className="text-muted">{t('lever.markets')}</span>
          <select
            value={market.id}
            onChange={(event) => select(Number(event.target.value))}
            className="rounded border border-line bg-page px-1 py-0.5 text-ink"
          >
            {markets.map((option) => (
              <option key={option.id} value={option.id}>
                {option.symbol}
              </option>
            ))}
          </select>
        </label>
      </Panel>
      <div className="grid gap-2 lg:grid-cols-[200px_minmax(0,1fr)_300px] xl:grid-cols-[200px_minmax(0,1fr)_260px_320px]">
        <Panel className="hidden lg:row-span-2 lg:block xl:row-span-1">
          <MarketList groups={listed} selected={market.id} onSelect={select} listed={openToLever} />
        </Panel>
        <Panel className="flex h-[340px] flex-col sm:h-[420px] xl:h-auto xl:min-h-[420px]">
          <h2 className="sr-only">{t('lever.chart')}</h2>
          <Suspense fallback={<Loading />}>
            <PriceChart market={market} periodKey={PERIOD_KEY} />
          </Suspense>
        </Panel>
        <Panel className="lg:col-start-3 lg:row-span-2 lg:row-start-1 xl:col-start-4 xl:row-span-1">
          <OrderPanel market={market} picked={picked} onPlaced={showPlaced} />
        </Panel>
        <Panel className="lg:col-start-2 xl:col-start-3 xl:row-start-1">
          <OrderBook market={market} deal={dealData} onPick={onPick} />
        </Panel>
      </div>
      <Panel>
        <Positions market={market} markets={markets} view={view} onView={setView} />
      </Panel>
    </div>
  );
}

/** The leveraged contract page (/lever, docs/leverage.md): markets, chart, book, order panel and positions, live. */
export function LeverPage() {
  return (
    <QuoteGroupsPage isEmpty={(loaded) => leverMarkets(loaded).length === 0}>
      {(loaded) => <Lever groups={loaded} />}
    </QuoteGroupsPage>
  );
}
