import type { ChannelName, PushOf } from '@oex/protocol';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useChannel } from './socket.js';

/**
 * Writes a channel's pushes into a loaded query: each push turns the cached snapshot into the next
 * one, and a missed push (a sequence gap or a reconnect) reloads the snapshot. Nothing is written
 * before the snapshot has loaded.
 */
export function useLiveCache<T, C extends ChannelName>(
  key: QueryKey,
  channel: C | null,
  apply: (data: T, push: PushOf<C>) => T,
): void {
  const client = useQueryClient();
  useChannel(
    channel,
    (push) => client.setQueryData<T>(key, (data) => (data === undefined ? data : apply(data, push))),
    () => void client.invalidateQueries({ queryKey: key }),
  );
}
