import { OrderListPage } from './parts.js';

/** /legalIndex/orders: my fiat orders, as buyer and as seller, by state, paged. */
export function OrdersPage() {
  return <OrderListPage kind="mine" />;
}
