import type { QuoteGroup } from '@oex/protocol';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHomeCoins } from '../../features/content/news.js';
import { useQuoteGroups } from '../../features/markets/quotes.js';
import { useSession } from '../../features/session.js';
import { useMarketBalances } from '../../features/trade/balances.js';
import { chosenMarket } from '../../features/trade/choose.js';
import { useMarketData } from '../../features/trade/market-data.js';
import { jumpTo } from '../../lib/jump.js';
import { DepthChart as DepthChartPanel } from './DepthChart.js';
import { MarketHeader as MarketHeaderPanel } from './MarketHeader.js';
import { MarketList as MarketListPanel } from './MarketList.js';
import { OrderBook as OrderBookPanel } from './OrderBook.js';
import { OrderForms, type PickedPrice } from './OrderForms.js';
import { OrdersPanel } from './OrdersPanel.js';
import { RecentTrades as RecentTradesPanel } from './RecentTrades.js';
import { Loading, Panel, QueryState, Tabs } from '../../components/ui/index.js';

/*
 * The market data reaches the panels as deferred values (useDeferredValue): a push or a loaded
 * answer first re-renders the page cheaply, the memoised panels keeping their props, and the
 * panels then draw the new data in the background, in slices that never block a tap for long (on
 * a phone a whole book and trade list in one go blocked input for a third of a second).
 */
const PriceChart = memo(lazy(() => import('./PriceChart.js')));
const DepthChart = memo(DepthChartPanel);
const MarketHeader = memo(MarketHeaderPanel);
const MarketList = memo(MarketListPanel);
const OrderBook = memo(OrderBookPanel);
const RecentTrades = memo(RecentTradesPanel);
const NO_TRADES: never[] = [];
const NO_LEVELS: never[] = [];

function Trade({ groups }: { groups: QuoteGroup[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const token = useSession((state) => state.token);
  const market = chosenMarket(groups, search, useHomeCoins());
  // A link to a market closed for trading opens another one, and says so.
  const named = Number(search.get('match'));
  const closed = groups.flatMap((group) => group.matches).find((m) => m.id === named && m.open_change !== 1);
  const deal = useMarketData(market);
  const dealData = useDeferredValue(deal.data);
  const balances = useMarketBalances(market);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const [chartTab, setChartTab] = useState<'kline' | 'depth'>('kline');
  const onPick = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);
  const select = useCallback(
    (id: number) => setSearch({ match: String(id) }, { replace: true }),
    [setSearch],
  );
  // The quote groups are live through DAY_MARKET, so the header follows every trade's ticker.
  const quotation = market?.currency_quotation;
  if (!market || !quotation) return <p className="p-6">{t('trade.noMarkets')}</p>;
  // The forms price market orders from the book as it is now, not as last drawn.
  const bestAsk = deal.data?.depth.out[0]?.price ?? null;
  const bestBid = deal.data?.depth.in[0]?.price ?? null;

  return (
    <div className="mx-auto flex max-w-[1600px] flex-col gap-2 py-2 pb-16 lg:pb-2">
      {closed && (
        <p role="status" className="rounded border border-warn px-3 py-2 text-sm" data-testid="market-closed">
          {t('trade.closedMarket', { symbol: closed.symbol })}
        </p>
      )}
      <Panel>
        <MarketHeader market={market} quotation={quotation} />
        <label className="flex items-center gap-2 px-2 pb-2 text-xs lg:hidden">
          <span className="text-muted">{t('trade.markets')}</span>
          <select
            value={market.id}
            onChange={(event) => select(Number(event.target.value))}
            className="rounded border border-line bg-page px-1 py-0.5 text-ink"
          >
            {groups
              .flatMap((group) => group.matches)
              .filter((option) => option.open_change === 1)
              .map((option) => (
                <option key={option.id} value={option.id}>
                  {option.symbol}
                </option>
              ))}
          </select>
        </label>
      </Panel>
      <div className="grid gap-2 lg:grid-cols-[200px_minmax(0,1fr)_280px] xl:grid-cols-[220px_minmax(0,1fr)_300px_260px]">
        <Panel className="hidden lg:block lg:row-span-2">
          <MarketList groups={groups} selected={market.id} onSelect={select} />
        </Panel>
        <Panel className="flex h-[420px] flex-col">
          <Tabs
            className="flex gap-3 border-b px-2 pt-1 text-xs"
            values={['kline', 'depth'] as const}
            active={chartTab}
            text={(tab) => t(tab === 'kline' ? 'trade.chart' : 'trade.depthChart')}
            onChange={setChartTab}
          />
          <div className="min-h-0 flex-1">
            {chartTab === 'kline' ? (
              <Suspense fallback={<Loading />}>
                <PriceChart market={market} />
              </Suspense>
            ) : (
              <DepthChart
                market={market}
                bids={dealData?.depth.in ?? NO_LEVELS}
                asks={dealData?.depth.out ?? NO_LEVELS}
              />
            )}
          </div>
        </Panel>
        <Panel className="lg:row-span-2">
          <OrderBook market={market} deal={dealData} onPick={onPick} />
        </Panel>
        <Panel className="lg:col-start-2 xl:col-start-4 xl:row-span-2 xl:row-start-1">
          <RecentTrades trades={dealData?.tx_completes ?? NO_TRADES} market={market} />
        </Panel>
        <Panel className="lg:col-start-2 xl:row-start-2">
          <OrderForms
            market={market}
            balances={balances}
            bestAsk={bestAsk}
            bestBid={bestBid}
            depth={deal.data?.depth}
            picked={picked}
            onPlaced={balances.refresh}
          />
        </Panel>
      </div>
      {/* A visitor has no orders; the forms' place already offers login and register. */}
      {token && (
        <Panel>
          <OrdersPanel marketId={market.id} onChange={balances.refresh} />
        </Panel>
      )}
      <div className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-2 gap-2 border-t border-line bg-page p-2 lg:hidden">
        {(['buy', 'sell'] as const).map((side) => (
          <a
            key={side}
            href={`#order-form-${side}`}
            onClick={(event) => {
              // To that side's form, in its first field; a visitor has none and gets sign-in instead.
              event.preventDefault();
              if (!jumpTo(`order-form-${side}`, true)) jumpTo('order-forms', true);
            }}
            className={`rounded py-2 text-center font-medium text-white ${side === 'buy' ? 'bg-up-strong' : 'bg-down-strong'}`}
          >
            {t(side === 'buy' ? 'trade.buy' : 'trade.sell')}
          </a>
        ))}
      </div>
    </div>
  );
}

/** The spot trade page (docs/spot.md), everything live. */
export function TradePage() {
  const groups = useQuoteGroups();
  // The page's first full draw is its longest piece of work: done in the background, see above.
  const data = useDeferredValue(groups.data);
  return (
    <QueryState query={{ ...groups, data }} isEmpty={(loaded) => loaded.length === 0}>
      {(data) => <Trade groups={data} />}
    </QueryState>
  );
}
