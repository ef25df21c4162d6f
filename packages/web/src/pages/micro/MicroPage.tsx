import { MICRO_OPEN, type MarketView, type QuoteGroup } from '@oex/protocol';
import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Change } from '../../components/MarketTable.js';
import { ScrollArea } from '../../components/ScrollArea.js';
import { QuoteGroupsPage } from '../../components/QuoteGroupsPage.js';
import { useMicroClosed } from '../../features/micro/live.js';
import { chosenPair, microMarkets, PAIR_KEY, PERIOD_KEY } from '../../features/micro/rules.js';
import { MarketHeader as MarketHeaderPanel } from '../trade/MarketHeader.js';
import { OrderPanel } from './OrderPanel.js';
import { Positions, type PositionsView } from './Positions.js';
import { Button, Loading, Panel } from '../../components/ui/index.js';

/** The spot page's chart and header, shared (the chart in its own chunk, loaded on first visit). */
const PriceChart = memo(lazy(() => import('../trade/PriceChart.js')));
const MarketHeader = memo(MarketHeaderPanel);

/** The pairs as tabs: symbol and day change, the chosen one underlined; scrolls sideways on a phone. */
function PairTabs({
  markets,
  selected,
  onSelect,
}: {
  markets: readonly MarketView[];
  selected: number;
  onSelect(id: number): void;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea as="nav" label={t('micro.pairs')} innerClassName="whitespace-nowrap px-1">
      {/* Not the kit's Tabs, which names a tab by text alone: these tabs also show the pair's change. */}
      <div role="tablist" aria-label={t('micro.pairs')} className="flex gap-1">
        {markets.map((market) => (
          <Button
            key={market.id}
            variant="bare"
            role="tab"
            aria-selected={market.id === selected}
            className="-mb-px flex items-baseline gap-1.5 border-b-2 border-transparent px-2 py-1.5 text-sm aria-selected:border-accent aria-selected:font-semibold"
            onClick={() => onSelect(market.id)}
          >
            {market.symbol}
            <span className="text-xs font-normal">
              <Change value={market.currency_quotation.change} />
            </span>
          </Button>
        ))}
      </div>
    </ScrollArea>
  );
}

function Micro({ groups }: { groups: QuoteGroup[] }) {
  const { t } = useTranslation();
  const markets = microMarkets(groups);
  const [saved, setSaved] = useState(() => localStorage.getItem(PAIR_KEY));
  const market = chosenPair(markets, saved);
  const [view, setView] = useState<PositionsView>({ status: MICRO_OPEN, page: 1 });
  // A new order shows at the top of the in-progress list.
  const showPlaced = useCallback(() => setView({ status: MICRO_OPEN, page: 1 }), []);
  useMicroClosed();
  const select = useCallback((id: number) => {
    localStorage.setItem(PAIR_KEY, String(id));
    setSaved(String(id));
  }, []);
  if (!market) return <p className="p-6">{t('micro.noPairs')}</p>;
  return (
    <div className="mx-auto flex max-w-[1600px] flex-col gap-2 py-2">
      <Panel>
        <PairTabs markets={markets} selected={market.id} onSelect={select} />
        <MarketHeader market={market} quotation={market.currency_quotation} />
      </Panel>
      <div className="grid gap-2 lg:grid-cols-[minmax(0,1fr)_320px] xl:grid-cols-[minmax(0,1fr)_360px]">
        <Panel className="flex h-[340px] flex-col sm:h-[420px]">
          <h2 className="sr-only">{t('micro.chart')}</h2>
          <Suspense fallback={<Loading />}>
            <PriceChart market={market} periodKey={PERIOD_KEY} />
          </Suspense>
        </Panel>
        <Panel>
          <OrderPanel market={market} onPlaced={showPlaced} />
        </Panel>
      </div>
      <Panel>
        <Positions market={market} markets={markets} view={view} onView={setView} />
      </Panel>
    </div>
  );
}

/** The seconds-contract page (/second, docs/seconds-contracts.md): pairs, chart, order panel and positions, live. */
export function MicroPage() {
  return (
    <QuoteGroupsPage isEmpty={(loaded) => microMarkets(loaded).length === 0}>
      {(loaded) => <Micro groups={loaded} />}
    </QuoteGroupsPage>
  );
}
