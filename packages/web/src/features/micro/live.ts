import { MICRO_CLOSED, MICRO_OPEN, type MicroOrderView } from '@oex/protocol';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useChannel } from '../../api/socket.js';
import { useSession } from '../session.js';
import { microKeys } from './queries.js';
import { addClosed, CLOSED_LEAVE_MS, inList, removeOrder, replaceOrder, type MicroPage } from './rules.js';

/** A list's pair filter, the third part of its query key (see useMicroOrders). */
function pairOf(key: QueryKey): number | null {
  const matchId = key[2];
  return typeof matchId === 'number' ? matchId : null;
}

function updateLists(
  client: QueryClient,
  status: typeof MICRO_OPEN | typeof MICRO_CLOSED,
  order: MicroOrderView,
  change: (page: MicroPage) => MicroPage,
): void {
  for (const [key] of client.getQueriesData<MicroPage>({ queryKey: microKeys.list(status) })) {
    if (!inList(order, pairOf(key))) continue;
    client.setQueryData<MicroPage>(key, (page) => (page ? change(page) : page));
  }
}

/** After a settlement: the pages, the balance and the pool as the server has them. */
function reloadAfterSettle(client: QueryClient): void {
  for (const queryKey of [microKeys.lists, microKeys.balance, microKeys.payable, microKeys.pool]) {
    void client.invalidateQueries({ queryKey });
  }
}

/**
 * MICRO_CLOSED (docs/seconds-contracts.md), listened to once per page: the settled order's row takes its final
 * data at once, and half a second later it leaves the in-progress list and joins the closed one;
 * then the lists and the balance reload. A missed push (gap, reconnect) reloads everything.
 */
export function useMicroClosed(): void {
  const client = useQueryClient();
  const token = useSession((state) => state.token);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  useChannel(
    token ? 'MICRO_CLOSED' : null,
    ({ order }) => {
      updateLists(client, MICRO_OPEN, order, (page) => replaceOrder(page, order));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        updateLists(client, MICRO_OPEN, order, (page) => removeOrder(page, order.id));
        updateLists(client, MICRO_CLOSED, order, (page) => addClosed(page, order));
        reloadAfterSettle(client);
      }, CLOSED_LEAVE_MS);
      timers.current.add(timer);
    },
    () => reloadAfterSettle(client),
  );
}

/** The time now, once a second while `running`: what the countdowns count from. */
export function useSecondTicks(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * Should an order stay open past its end (the push missed, say, with the channel down), the
 * in-progress list reloads every few seconds until the server has settled it.
 */
export function useOverdueReload(overdue: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!overdue) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: microKeys.lists }), 3000);
    return () => clearInterval(timer);
  }, [overdue, client]);
}
