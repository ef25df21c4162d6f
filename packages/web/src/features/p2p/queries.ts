import {
  api,
  P2P_ORDER_EVENT,
  type P2pAdSaveRequest,
  type P2pAppealRequest,
  type P2pConfirmRequest,
  type P2pOrderDetail,
  type P2pPlaceRequest,
  type P2pSide,
  type PayMethodCode,
} from '@oex/protocol';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../api/http.js';
import { useChannel } from '../../api/socket.js';
import { useSession } from '../session.js';
import { P2P_PAGE_SIZE } from './rules.js';

/** The fiat desk's calls (legal_deal/*, legal_shop/*) as react-query hooks, kept live by P2P_ORDER. */

const quiet = { quiet: true };

export const p2pKeys = {
  all: ['p2p'] as const,
  config: ['p2p', 'config'] as const,
  ads: ['p2p', 'ads'] as const,
  orders: ['p2p', 'orders'] as const,
  order: (id: number) => ['p2p', 'order', id] as const,
  shop: ['p2p', 'shop'] as const,
  myAds: ['p2p', 'shop', 'ads'] as const,
  shopOrders: ['p2p', 'shop', 'orders'] as const,
};

/** The desk's fiats, coins, pay types and timer settings (public). */
export function useP2pConfig() {
  return useQuery({
    queryKey: p2pKeys.config,
    queryFn: () => call(api.p2p.config, {}, quiet),
    staleTime: 300_000,
  });
}

export interface HallFilter {
  side: P2pSide;
  currencyId: number | undefined;
  fiat: string | undefined;
  payType: PayMethodCode | undefined;
  page: number;
}

/** The hall: open ads of one side, filtered (public). */
export function useHallAds({ side, currencyId, fiat, payType, page }: HallFilter) {
  return useQuery({
    queryKey: [...p2pKeys.ads, side, currencyId, fiat, payType, page],
    queryFn: () =>
      call(
        api.p2p.hall,
        { side, currency_id: currencyId, fiat, pay_type: payType, page, limit: P2P_PAGE_SIZE },
        quiet,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Whose orders a list shows: mine as buyer and seller (the desk), or those on my ads (my shop). */
export type OrderListKind = 'mine' | 'shop';

/** A page of my orders or my shop's, optionally of one status. */
export function useOrderList(kind: OrderListKind, status: number | undefined, page: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...(kind === 'mine' ? p2pKeys.orders : p2pKeys.shopOrders), status, page, token],
    queryFn: () =>
      kind === 'mine'
        ? call(api.p2p.orders, { role: 'all', status, page, limit: P2P_PAGE_SIZE }, quiet)
        : call(api.p2p.shopOrders, { status, page, limit: P2P_PAGE_SIZE }, quiet),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The server's clock against this device's: the Date header of a health check, less half the
 * round trip. Countdowns count to server-time deadlines from the server's "now", so a device clock
 * set wrong does not change them (to the second: the header has whole seconds).
 */
export function useServerOffset() {
  return useQuery({
    queryKey: ['server-clock'],
    queryFn: async () => {
      const sent = Date.now();
      const response = await fetch('/api/health', { cache: 'no-store' });
      const received = Date.now();
      const header = response.headers.get('date');
      const server = header ? Date.parse(header) : NaN;
      // The header is cut to the second: on average half a second behind.
      return Number.isFinite(server) ? server + 500 - (sent + received) / 2 : 0;
    },
    staleTime: 600_000,
    retry: false,
  });
}

/** One of my orders in full. */
export function useOrderDetail(id: number | null) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...p2pKeys.order(id ?? 0), token],
    queryFn: () => call(api.p2p.order, { id: id! }, quiet),
    enabled: token !== null && id !== null,
  });
}

/** My merchant state: seller or not, my application, level and stats. */
export function useShopInfo() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...p2pKeys.shop, 'info', token],
    queryFn: () => call(api.p2p.shopInfo, {}, quiet),
    enabled: token !== null,
  });
}

/** A page of my ads, every status. */
export function useMyAds(page: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: [...p2pKeys.myAds, page, token],
    queryFn: () => call(api.p2p.myAds, { page, limit: P2P_PAGE_SIZE }, quiet),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** Reloads everything of the desk (after any of my own calls, or a push). */
export function useP2pReload() {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: p2pKeys.all }), [client]);
}

/**
 * While a desk page is open: every P2P_ORDER push (an order of mine changed, by me, the other side,
 * a timer or the operator) writes the order into its cached detail at once and reloads the lists.
 */
export function useP2pLive() {
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  useChannel(
    token ? P2P_ORDER_EVENT : null,
    (order) => {
      client.setQueryData<P2pOrderDetail>([...p2pKeys.order(order.id), token], (detail) =>
        detail ? { ...detail, ...order } : detail,
      );
      void client.invalidateQueries({ queryKey: p2pKeys.all });
    },
    () => void client.invalidateQueries({ queryKey: p2pKeys.all }),
  );
}

export const placeOrder = (body: P2pPlaceRequest) => call(api.p2p.place, body);
export const markPaid = (id: number, voucher: number) => call(api.p2p.paid, { id, voucher });
export const cancelOrder = (id: number) => call(api.p2p.cancel, { id });
export const confirmOrder = (body: P2pConfirmRequest) => call(api.p2p.confirm, body);
export const appealOrder = (body: P2pAppealRequest) => call(api.p2p.appeal, body);
export const applySeller = () => call(api.p2p.apply);
export const saveAd = (body: P2pAdSaveRequest) => call(api.p2p.saveAd, body);
export const setAdStatus = (id: number, status: 1 | 2 | 3) => call(api.p2p.adStatus, { id, status });
