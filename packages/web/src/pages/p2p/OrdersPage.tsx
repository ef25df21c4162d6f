import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyOrders } from '../../features/p2p/queries.js';
import { OrdersTable, StatusFilter } from './parts.js';

/** /legalIndex/orders: my fiat orders, as buyer and as seller, by state, paged. */
export function OrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useMyOrders(status, page);
  return (
    <section className="flex flex-col gap-3 px-3" aria-labelledby="p2p-orders-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="p2p-orders-title" className="text-lg font-semibold">
          {t('p2p.nav.orders')}
        </h1>
        <StatusFilter
          id="p2p-orders-status"
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      <OrdersTable
        query={query}
        page={page}
        onPage={setPage}
        detailPath="/legalIndex/orderdetail"
        testId="p2p-orders"
      />
    </section>
  );
}
