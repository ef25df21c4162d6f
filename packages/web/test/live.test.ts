import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestExchange, type TestExchange } from '../../server/test/helpers/exchange.js';
import { login } from '../../server/test/helpers/users.js';
import { LiveClient, type SocketLike } from '../src/api/live.js';

/** The hub carries any fields; these tests of its transport send bare ones in place of a channel's push. */
const bare = <T>(fields: object): T => fields as T;

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

const sockets: WebSocket[] = [];
function client(token: () => string | null = () => null): LiveClient {
  return new LiveClient({
    url: `${ex.url.replace('http', 'ws')}/ws`,
    token,
    createSocket: (url) => {
      const socket = new WebSocket(url);
      sockets.push(socket);
      return socket as unknown as SocketLike;
    },
  });
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('LiveClient against the real server', () => {
  it('subscribes once per channel however many handlers, and unsubscribes with the last', async () => {
    const live = client();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = live.subscribe('DAY_MARKET', { onPush: (params) => a.push(params) });
    const offB = live.subscribe('DAY_MARKET', { onPush: (params) => b.push(params) });
    await until(() => live.connected);
    await new Promise((resolve) => setTimeout(resolve, 100));
    ex.hub.publish('DAY_MARKET', bare({ n: 1 }));
    await until(() => a.length === 1 && b.length === 1);
    offA();
    ex.hub.publish('DAY_MARKET', bare({ n: 2 }));
    await until(() => b.length === 2);
    expect(a).toHaveLength(1);
    offB();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ex.hub.hasSubscribers('DAY_MARKET')).toBe(false);
    live.close();
  });

  it('logs in with the token for private channels', async () => {
    const token = await login(ex.api, 'alice@demo.test', 'demo1234');
    const live = client(() => token);
    const got: unknown[] = [];
    live.subscribe('TX_MATCHED', { onPush: (params) => got.push(params) });
    const alice = await ex.users.resolveUserId('alice@demo.test');
    await until(() => ex.hub.hasSubscribers('TX_MATCHED', alice));
    ex.hub.publishTo(alice, 'TX_MATCHED', bare({ order: { id: 7 } }));
    await until(() => got.length === 1);
    // The push's fields, read from the top level of the frame, without its type, channel, seq and ts.
    expect(got).toEqual([{ order: { id: 7 } }]);
    live.close();
  });

  it('reports a gap in the sequence, and reconnects and subscribes again after a drop', async () => {
    const live = client();
    let gaps = 0;
    const got: unknown[] = [];
    live.subscribe('MARKET_DEPTH.BTC/USDT', {
      onPush: (params) => got.push(params),
      onGap: () => (gaps += 1),
    });
    await until(() => ex.hub.hasSubscribers('MARKET_DEPTH.BTC/USDT'));
    ex.hub.publish('MARKET_DEPTH.BTC/USDT', bare({ n: 1 }));
    await until(() => got.length === 1);
    // A push the client never sees: the next one is out of sequence.
    (ex.hub as unknown as { next(key: string): number }).next('MARKET_DEPTH.BTC/USDT');
    ex.hub.publish('MARKET_DEPTH.BTC/USDT', bare({ n: 3 }));
    await until(() => got.length === 2);
    expect(gaps).toBe(1);

    for (const socket of sockets) socket.terminate();
    await until(() => gaps >= 2);
    await until(() => live.connected && ex.hub.hasSubscribers('MARKET_DEPTH.BTC/USDT'), 5000);
    ex.hub.publish('MARKET_DEPTH.BTC/USDT', bare({ n: 4 }));
    await until(() => got.length === 3);
    live.close();
  });

  it('tells its state: connecting, open, reconnecting from a drop until open again, idle when closed', async () => {
    const live = client();
    const seen: string[] = [live.state];
    live.onStateChange(() => seen.push(live.state));
    live.subscribe('DAY_MARKET', { onPush: () => undefined });
    await until(() => live.state === 'open');
    sockets.at(-1)!.terminate();
    await until(() => live.state === 'reconnecting');
    await until(() => live.state === 'open', 5000);
    live.close();
    expect(seen).toEqual(['idle', 'connecting', 'open', 'reconnecting', 'open', 'idle']);
  });

  it('a token that ended before the connection logged in is reported like a session that ends', async () => {
    const token = await login(ex.api, 'alice@demo.test', 'demo1234');
    await ex.api.post('user/logout', {}, { token });
    let ended = 0;
    const live = new LiveClient({
      url: `${ex.url.replace('http', 'ws')}/ws`,
      token: () => token,
      createSocket: (url) => {
        const socket = new WebSocket(url);
        sockets.push(socket);
        return socket as unknown as SocketLike;
      },
      onSessionEnded: () => (ended += 1),
    });
    live.subscribe('BALANCE', { onPush: () => undefined });
    await until(() => ended === 1);
    live.close();
  });
});
