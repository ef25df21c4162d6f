import type { ChannelName, PushOf } from '@oex/protocol';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSession } from '../features/session.js';
import { LiveClient, type LiveState, type SocketLike } from './live.js';

/** The app's one live-channel connection, to /ws on the page's own host. */
export const live = new LiveClient({
  url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`,
  createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  token: () => useSession.getState().token,
  // Any call now answers 999 for the ended token, which signs out and goes to login as usual. The
  // calls' module is loaded when used: the contract's entries and their schemas stay out of the
  // first page's bundle.
  onSessionEnded: () =>
    void import('../features/personal/security.js')
      .then(({ loadUserInfo }) => loadUserInfo())
      .catch(() => undefined),
});

// Signing in or out changes who the private channels belong to.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) live.relogin();
});

/**
 * Subscribes to a channel while the component is mounted (and the channel is not null); leaving the
 * page unsubscribes. The latest handlers are used without subscribing again. The push's type is the
 * channel's in the protocol's `Channels` map.
 */
export function useChannel<C extends ChannelName>(
  channel: C | null,
  onPush: (push: PushOf<C>) => void,
  onGap?: () => void,
): void {
  const handlers = useRef({ onPush, onGap });
  handlers.current = { onPush, onGap };
  useEffect(() => {
    if (!channel) return;
    return live.subscribe(channel, {
      onPush: (params) => handlers.current.onPush(params as PushOf<C>),
      onGap: () => handlers.current.onGap?.(),
    });
  }, [channel]);
}

const subscribeState = (listener: () => void) => live.onStateChange(listener);
const readState = () => live.state;

/** The live channel's connection state, re-rendering on each change. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribeState, readState);
}
