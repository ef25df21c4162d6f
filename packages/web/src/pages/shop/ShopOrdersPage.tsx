import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopOrders } from '../../features/p2p/queries.js';
import { OrdersTable, StatusFilter } from '../p2p/parts.js';

/** /myshop/shoporders: the orders takers placed on my ads, by state, paged. */
export function ShopOrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useShopOrders(status, page);
  return (
    <section className="flex flex-col gap-3 px-3" aria-labelledby="shop-orders-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="shop-orders-title" className="text-lg font-semibold">
          {t('shop.nav.shoporders')}
        </h1>
        <StatusFilter
          id="shop-orders-status"
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
        detailPath="/myshop/shoporderdetail"
        testId="shop-orders"
      />
    </section>
  );
}
