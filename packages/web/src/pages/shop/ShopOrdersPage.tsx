import { OrderListPage } from '../p2p/parts.js';

/** /myshop/shoporders: the orders takers placed on my ads, by state, paged. */
export function ShopOrdersPage() {
  return <OrderListPage kind="shop" />;
}
