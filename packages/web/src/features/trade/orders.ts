import { api, type PlaceOrderRequest, type SpotOrderView } from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.js';
import { useLiveCache } from '../../api/live-cache.js';
import { useChannel } from '../../api/socket.js';
import { useSession } from '../session.js';
import type { Side } from './form-rules.js';
import { applyMatched, applySubmitted, PAGE_SIZE, type OrdersPage, type OrdersView } from './order-rules.js';

export interface OrdersQuery {
  view: OrdersView;
  /** 1 buy, 2 sell; history shows both. */
  way: 1 | 2;
  marketId: number | null;
  page: number;
}

function listCall(query: OrdersQuery) {
  if (query.view === 'history') return api.spot.history;
  return query.way === 1 ? api.spot.buyOrders : api.spot.sellOrders;
}

async function load(query: OrdersQuery): Promise<OrdersPage> {
  const answer = await call(
    listCall(query),
    {
      page: query.page,
      limit: PAGE_SIZE,
      status: query.view === 'all' ? 'all' : query.view === 'current' ? 'open' : undefined,
      currency_match_id: query.view === 'current' ? (query.marketId ?? undefined) : undefined,
    },
    { quiet: true },
  );
  return { rows: answer.data, total: answer.total };
}

/**
 * A page of the signed-in user's orders, kept live: TX_MATCHED updates or removes an order,
 * TX_SUBMIT adds a new one. `onFill` runs on every fill, to refresh balances.
 */
export function useOrders(query: OrdersQuery, onFill: () => void) {
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const key = ['orders', query.view, query.way, query.marketId, query.page, token];
  const orders = useQuery({ queryKey: key, queryFn: () => load(query), enabled: token !== null });
  const reload = () => void client.invalidateQueries({ queryKey: ['orders'] });
  const context = { view: query.view, way: query.way, pageNumber: query.page, marketId: query.marketId };
  useLiveCache<OrdersPage, 'TX_MATCHED'>(key, token ? 'TX_MATCHED' : null, (page, push) =>
    applyMatched(page, push.order, context),
  );
  useLiveCache<OrdersPage, 'TX_SUBMIT'>(key, token ? 'TX_SUBMIT' : null, (page, push) =>
    applySubmitted(page, push.order, context),
  );
  // ORDER brings every change of an order of this user, made in any tab or device (a cancel too).
  useLiveCache<OrdersPage, 'ORDER'>(key, token ? 'ORDER' : null, (page, push) =>
    applyMatched(page, push.order, context),
  );
  // Every fill also changes balances.
  useChannel(token ? 'TX_MATCHED' : null, onFill);
  return { orders, reload };
}

/** Places a spot order (tx_in/add to buy, tx_out/add to sell); the server's message shows as a toast. */
export const placeSpotOrder = (side: Side, request: PlaceOrderRequest) =>
  call(side === 'buy' ? api.spot.placeBuy : api.spot.placeSell, request);

/** Cancels an open order (tx_in/cancel for a buy, tx_out/cancel for a sell). */
export const cancelSpotOrder = (order: Pick<SpotOrderView, 'id' | 'way'>) =>
  call(order.way === 1 ? api.spot.cancelBuy : api.spot.cancelSell, { id: order.id });
