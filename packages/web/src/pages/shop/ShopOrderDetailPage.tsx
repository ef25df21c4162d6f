import { OrderDetail } from '../p2p/OrderDetail.js';

/** /myshop/shoporderdetail?id= — an order on one of my ads, from my side. */
export function ShopOrderDetailPage() {
  return <OrderDetail back="/myshop/shoporders" />;
}
