import type { SpotOrderView } from '@oex/protocol';

/** How the orders panel follows TX_SUBMIT and TX_MATCHED (docs/spot.md). */

/** Orders panel tabs: current (open) orders, all orders of a side, and finished history. */
export type OrdersView = 'current' | 'all' | 'history';
export const PAGE_SIZE = 10;
export const OrderStatus = { OPEN: 1, COMPLETED: 2, CANCELLED: 3 } as const;

export interface OrdersPage {
  rows: SpotOrderView[];
  total: number;
}

export interface PanelContext {
  view: OrdersView;
  way: 1 | 2;
  pageNumber: number;
  marketId: number | null;
}

/** Whether an order belongs on page 1 of the panel as it is now. */
function belongsOnTop(order: SpotOrderView, context: PanelContext): boolean {
  if (context.pageNumber !== 1) return false;
  if (context.view === 'history') return order.status !== OrderStatus.OPEN;
  if (order.way !== context.way) return false;
  if (context.view === 'all') return true;
  return (
    order.status === OrderStatus.OPEN &&
    (context.marketId === null || order.currency_match_id === context.marketId)
  );
}

/**
 * A fill: the order's quantity, filled amount and status change in place. In the current view a
 * finished order leaves the list. An order the page does not show yet (a market order that filled
 * at once, or one that just finished) joins the top of page 1 where it belongs.
 */
export function applyMatched(page: OrdersPage, order: SpotOrderView, context: PanelContext): OrdersPage {
  const index = page.rows.findIndex((row) => row.id === order.id);
  if (index < 0) {
    if (!belongsOnTop(order, context)) return page;
    return { rows: [order, ...page.rows].slice(0, PAGE_SIZE), total: page.total + 1 };
  }
  if (context.view === 'current' && order.status !== OrderStatus.OPEN) {
    return { rows: page.rows.filter((row) => row.id !== order.id), total: Math.max(0, page.total - 1) };
  }
  const rows = page.rows.slice();
  rows[index] = { ...rows[index]!, ...order };
  return { rows, total: page.total };
}

/**
 * A new resting order: it goes on top of page 1 when the tab shows its side and market, never in
 * history; the page keeps its size.
 */
export function applySubmitted(page: OrdersPage, order: SpotOrderView, context: PanelContext): OrdersPage {
  if (context.view === 'history' || !belongsOnTop(order, context)) return page;
  if (page.rows.some((row) => row.id === order.id)) return page;
  return { rows: [order, ...page.rows].slice(0, PAGE_SIZE), total: page.total + 1 };
}
