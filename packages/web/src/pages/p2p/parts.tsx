import type { P2pMerchantLevel, P2pOrderView, Paged, PayMethodCode } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SideMenuLayout } from '../../components/SideMenuLayout.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { useOrderList, useP2pLive, type OrderListKind } from '../../features/p2p/queries.js';
import { ORDER_STATUSES } from '../../features/p2p/rules.js';
import { currentLang } from '../../i18n/index.js';
import { formatInZone } from '../../lib/format.js';
import { formatAmount } from '../assets/parts.js';
import type { AppCatalog } from '../../i18n/catalogs.js';
import { Badge, ListStatus, RecordsPager, RecordTable } from '../../components/ui/index.js';

/** Shared pieces of the fiat desk (/legalIndex) and my shop (/myshop). */

export const COIN_SHOWN = 8;

/** The desk's section: hall and my orders, kept live by P2P_ORDER. */
export function P2pLayout() {
  const { t } = useTranslation();
  useP2pLive();
  return (
    <SideMenuLayout
      label={t('p2p.menu')}
      items={[
        { to: '/legalIndex/legal', text: t('p2p.nav.legal') },
        { to: '/legalIndex/orders', text: t('p2p.nav.orders') },
      ]}
    />
  );
}

/** My shop's section: my ads and the orders on them, kept live by P2P_ORDER. */
export function ShopLayout() {
  const { t } = useTranslation();
  useP2pLive();
  return (
    <SideMenuLayout
      label={t('shop.menu')}
      items={[
        { to: '/myshop/myshoporders', text: t('shop.nav.myshoporders') },
        { to: '/myshop/shoporders', text: t('shop.nav.shoporders') },
      ]}
    />
  );
}

/** An order's state in words, coloured: green completed, red cancelled or abnormal, amber in between. */
export function OrderStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const color =
    status === 3 ? 'text-up' : status === 4 || status === 5 || status === 6 ? 'text-down' : 'text-accent';
  return (
    <span className={`whitespace-nowrap font-medium ${color}`} data-status={status}>
      {t(`p2p.status.${String(status) as keyof AppCatalog['p2p']['status']}`)}
    </span>
  );
}

/** A merchant's level (1 phone, 2 real name, 3 advanced) as a short badge with its meaning. */
export function LevelBadge({ level }: { level: P2pMerchantLevel }) {
  const { t } = useTranslation();
  return (
    <Badge title={t(`p2p.level.${level}`)}>
      {t('p2p.levelShort', { level })}
      <span className="sr-only"> ({t(`p2p.level.${level}`)})</span>
    </Badge>
  );
}

/** The names of payment methods, in the language. */
export function PayTypes({ types }: { types: readonly PayMethodCode[] }) {
  const { t } = useTranslation();
  return <span>{types.map((type) => t(`p2p.payType.${type}`)).join(' · ')}</span>;
}

/** A labelled select of order states, "All" first. */
export function StatusFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | undefined;
  onChange(value: number | undefined): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted">
        {t('p2p.statusFilter')}
      </label>
      <select
        id={id}
        className="rounded border px-2 py-1 bg-page border-line text-ink"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">{t('assets.all')}</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`p2p.status.${status}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A paged table of orders, each linking to its detail page (`detailPath`?id=). */
export function OrdersTable({
  query,
  page,
  onPage,
  detailPath,
  testId,
}: {
  query: { data: Paged<P2pOrderView> | undefined; isError: boolean; refetch(): unknown };
  page: number;
  onPage(page: number): void;
  detailPath: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const zone = useExchangeTimeZone();
  const rows = query.data?.data ?? [];
  return (
    <>
      <RecordTable
        label={t('p2p.ordersTable')}
        testId={testId}
        className="min-w-[44rem] text-sm"
        columns={[
          { title: t('p2p.col.order') },
          { title: t('p2p.col.status') },
          { title: t('p2p.col.type') },
          { title: t('p2p.col.number'), numeric: true },
          { title: t('p2p.col.fiatAmount'), numeric: true },
          { title: t('p2p.col.counterparty') },
          { title: t('p2p.col.time') },
        ]}
      >
        {rows.map((order) => (
          <tr key={order.id} className="border-t border-line" data-order-id={order.id}>
            <td className="px-2 py-1.5">
              <Link
                to={`${detailPath}?id=${order.id}`}
                className="underline text-accent"
                aria-label={t('p2p.openOrder', { id: order.id })}
              >
                #{order.id}
              </Link>
            </td>
            <td className="px-2 py-1.5">
              <OrderStatusBadge status={order.status} />
            </td>
            <td className={`px-2 py-1.5 ${order.side === 'buy' ? 'text-up' : 'text-down'}`}>
              {t(order.side === 'buy' ? 'p2p.buyCoin' : 'p2p.sellCoin', { coin: order.currency_code })}
            </td>
            <td className="px-2 py-1.5 text-right tabular-nums">
              {formatAmount(order.number, COIN_SHOWN, lang)} {order.currency_code}
            </td>
            <td className="px-2 py-1.5 text-right tabular-nums">
              {formatAmount(order.fiat_amount, 2, lang)} {order.fiat}
            </td>
            <td className="px-2 py-1.5">{order.counterparty.name}</td>
            <td className="whitespace-nowrap px-2 py-1.5 tabular-nums text-muted">
              {formatInZone(order.created_at, zone)}
            </td>
          </tr>
        ))}
      </RecordTable>
      <ListStatus query={query} emptyText={t('p2p.noOrders')} />
      {query.data && (
        <RecordsPager total={query.data.total} page={page} perPage={query.data.per_page} onPage={onPage} />
      )}
    </>
  );
}

const ORDER_LISTS = {
  mine: { title: 'p2p.nav.orders', id: 'p2p-orders', detailPath: '/legalIndex/orderdetail' },
  shop: { title: 'shop.nav.shoporders', id: 'shop-orders', detailPath: '/myshop/shoporderdetail' },
} as const;

/** /legalIndex/orders (mine, as buyer and seller) and /myshop/shoporders (on my ads): by state, paged. */
export function OrderListPage({ kind }: { kind: OrderListKind }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useOrderList(kind, status, page);
  const list = ORDER_LISTS[kind];
  return (
    <section className="flex flex-col gap-3 px-3" aria-labelledby={`${list.id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id={`${list.id}-title`} className="text-lg font-semibold">
          {t(list.title)}
        </h1>
        <StatusFilter
          id={`${list.id}-status`}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      <OrdersTable query={query} page={page} onPage={setPage} detailPath={list.detailPath} testId={list.id} />
    </section>
  );
}
