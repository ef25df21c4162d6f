import { api } from '@oex/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/http.js';
import { useSession } from '../session.js';

const LOCAL_KEY = 'favorites';

function localFavorites(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/**
 * Starred markets: on the server for a signed-in user (market/favorites), in local storage for a
 * visitor. `toggle` stars or unstars one market.
 */
export function useFavorites(): { ids: ReadonlySet<number>; toggle(id: number): void } {
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const [local, setLocal] = useState(localFavorites);
  const key = ['market/favorites', token];
  const server = useQuery({
    queryKey: key,
    queryFn: () => call(api.spot.favorites, {}, { quiet: true }),
    enabled: token !== null,
  });
  const change = useMutation({
    mutationFn: ({ id, add }: { id: number; add: boolean }) =>
      call(add ? api.spot.addFavorite : api.spot.removeFavorite, { currency_match_id: id }, { quiet: true }),
    onSuccess: (ids) => client.setQueryData(key, ids),
  });
  const ids = new Set(token ? (server.data ?? []) : local);
  return {
    ids,
    toggle(id) {
      const add = !ids.has(id);
      if (token) return change.mutate({ id, add });
      const next = add ? [...local, id] : local.filter((other) => other !== id);
      localStorage.setItem(LOCAL_KEY, JSON.stringify(next));
      setLocal(next);
    },
  };
}
