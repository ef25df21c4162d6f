import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useChannel } from './socket.js';

/**
 * Writes a channel's pushes into a loaded query: each push turns the cached snapshot into the next
 * one, and a missed push (a sequence gap or a reconnect) reloads the snapshot. Nothing is written
 * before the snapshot has loaded.
 */
export function useLiveCache<T, P>(
  key: QueryKey,
  channel: string | null,
  apply: (data: T, push: P) => T,
): void {
  const client = useQueryClient();
  useChannel<P>(
    channel,
    (push) => client.setQueryData<T>(key, (data) => (data === undefined ? data : apply(data, push))),
    () => void client.invalidateQueries({ queryKey: key }),
  );
}
