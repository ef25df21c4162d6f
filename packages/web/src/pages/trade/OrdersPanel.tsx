import type { MarketView, SpotOrderView } from '@oex/protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollArea } from '../../components/ScrollArea.js';
import { OrderStatus, PAGE_SIZE, type OrdersView } from '../../features/trade/order-rules.js';
import { cancelSpotOrder, useOrders } from '../../features/trade/orders.js';
import { currentLang } from '../../i18n/index.js';
import { useQuoteGroups } from '../../features/markets/quotes.js';
import { formatPrice, formatQuantity, PRICE_DECIMALS, QUANTITY_DECIMALS } from '../../lib/format.js';
import { Button, Empty, Failed, Loading, Pager, Tabs } from '../../components/ui/index.js';

/** Fees are small fractions of a fill; they are shown to this many decimals, cut. */
const FEE_DECIMALS = 8;
const NUMERIC_COLUMNS = ['price', 'amount', 'filled', 'average', 'fee'];

const VIEWS: OrdersView[] = ['current', 'all', 'history'];

function OrderRow({
  order,
  market,
  view,
  onCancel,
}: {
  order: SpotOrderView;
  market: MarketView | undefined;
  view: OrdersView;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const priceDecimals = market?.price_decimals ?? PRICE_DECIMALS;
  const quantityDecimals = market?.number_decimals ?? QUANTITY_DECIMALS;
  // History times are shown without the year.
  const time = view === 'history' ? order.created_at.slice(5) : order.created_at;
  return (
    <tr className="border-t border-line" data-order-id={order.id}>
      <td className="px-2 py-1 tabular-nums">{time}</td>
      <td className="px-2 py-1">{order.currency_match.symbol}</td>
      <td className={`px-2 py-1 ${order.way === 1 ? 'text-up' : 'text-down'}`}>{order.way_name}</td>
      <td className="px-2 py-1 text-right tabular-nums">
        {order.price === null ? t('trade.market') : formatPrice(order.price, lang, priceDecimals)}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">
        {formatQuantity(order.number, lang, quantityDecimals)}
      </td>
      <td className="px-2 py-1 text-right tabular-nums" data-testid="filled">
        {formatQuantity(order.transacted_amount, lang, quantityDecimals)}
      </td>
      <td className="px-2 py-1 text-right tabular-nums" data-testid="average">
        {/* The market's own precision, as every other price of the market. */}
        {order.avg_price === null ? '—' : formatPrice(order.avg_price, lang, priceDecimals)}
      </td>
      <td className="px-2 py-1 text-right tabular-nums" data-testid="fee">
        {formatQuantity(order.fee, lang, FEE_DECIMALS)} {order.fee_currency}
      </td>
      <td className="px-2 py-1">{order.status_name}</td>
      <td className="px-2 py-1 text-right">
        {order.status === OrderStatus.OPEN && (
          <Button size="sm" onClick={onCancel}>
            {t('trade.cancelOrder')}
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * The orders panel (docs/spot.md): current, all and history; buy and sell sub-tabs; pages of 10;
 * cancel; live through TX_MATCHED and TX_SUBMIT. Changing a tab goes back to page 1.
 */
export function OrdersPanel({ marketId, onChange }: { marketId: number; onChange(): void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<OrdersView>('current');
  const [way, setWay] = useState<1 | 2>(1);
  const [page, setPage] = useState(1);
  const { orders, reload } = useOrders({ view, way, marketId, page }, onChange);
  const groups = useQuoteGroups();
  const markets = useMemo(
    () => new Map(groups.data?.flatMap((group) => group.matches).map((match) => [match.id, match])),
    [groups.data],
  );
  const cancel = async (order: SpotOrderView) => {
    try {
      await cancelSpotOrder(order);
      reload();
      onChange();
    } catch {
      // The client has shown the server's message.
    }
  };
  const lastPage = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));
  return (
    <section aria-label={t('trade.orders')} className="text-xs">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-line px-2 py-1.5 text-sm">
        <Tabs
          label={t('trade.orders')}
          values={VIEWS}
          active={view}
          text={(value) => t(`trade.views.${value}`)}
          onChange={(value) => {
            setView(value);
            setPage(1);
          }}
        />
        {view !== 'history' && (
          <Tabs
            label={t('trade.side')}
            values={[1, 2] as (1 | 2)[]}
            active={way}
            text={(value) => t(value === 1 ? 'trade.buy' : 'trade.sell')}
            onChange={(value) => {
              setWay(value);
              setPage(1);
            }}
          />
        )}
      </div>
      {/* Scrolls sideways inside the panel on a phone, and shows it; focusable for the keyboard. */}
      <ScrollArea label={t('trade.orders')}>
        <table className="w-full min-w-[820px] border-collapse">
          <thead>
            <tr className="text-muted">
              {(
                ['time', 'pair', 'side', 'price', 'amount', 'filled', 'average', 'fee', 'status'] as const
              ).map((key) => (
                <th
                  key={key}
                  scope="col"
                  className={`px-2 py-1 font-normal ${NUMERIC_COLUMNS.includes(key) ? 'text-right' : 'text-left'}`}
                >
                  {t(`trade.columns.${key}`)}
                </th>
              ))}
              <th scope="col" className="px-2 py-1">
                <span className="sr-only">{t('trade.columns.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.data?.rows.map((order) => (
              <OrderRow
                key={order.id}
                order={order}
                market={markets.get(order.currency_match_id)}
                view={view}
                onCancel={() => void cancel(order)}
              />
            ))}
          </tbody>
        </table>
      </ScrollArea>
      {orders.isError ? (
        <Failed onRetry={reload} />
      ) : orders.isPending ? (
        <Loading />
      ) : orders.data.rows.length === 0 ? (
        <Empty text={t('trade.noOrders')} />
      ) : null}
      <Pager
        page={page}
        last={lastPage}
        labels={{ pages: t('trade.pages'), previous: t('trade.previous'), next: t('trade.next') }}
        onPage={setPage}
      />
    </section>
  );
}
