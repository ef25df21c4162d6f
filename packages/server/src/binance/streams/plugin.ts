import type { WebSocket } from 'ws';
import type { ApiPlugin } from '../../platform/api.js';
import { bookSequenceOf } from '../book-sequence.js';
import type { BinanceContext } from '../domain.js';
import { listenKeysOf, type ListenKeyGrant } from '../listen-keys.js';
import { MarketFeed } from './market-feed.js';
import { knownStream, MarketSocket } from './market-socket.js';
import { StreamRegistry, type StreamSocket } from './sockets.js';
import { UserDataFeed, type UserDataSink } from './user-data.js';
import { WsApiSocket } from './ws-api.js';

/** Binance pings every 20 s and cuts a connection that has not answered for a minute. */
export const PING_MS = 20_000;
export const PONG_TIMEOUT_MS = 60_000;

/**
 * Binance's market streams (`/ws/<stream>`, `/stream?streams=a/b`), the classic user-data stream
 * (`/ws/<listenKey>`) and the WebSocket API's user-data subscription (`/ws-api/v3`). The spec's own
 * live channel stays at `/ws`. `close()` ends every socket with 1001.
 */
export function binanceStreams(context: BinanceContext): {
  plugin: ApiPlugin;
  close(): Promise<void>;
  registry: StreamRegistry;
} {
  const registry = new StreamRegistry();
  const sequence = bookSequenceOf(context);
  const feed = new MarketFeed(registry, context.spot, sequence, context.clock, context.timeZone);
  const userData = new UserDataFeed(
    context.db.kysely,
    context.spot,
    context.sequencer,
    context.currencies,
    context.clock,
  );
  const listenKeys = listenKeysOf(context);
  /** The user-data sinks of each listen key, ended with it. */
  const byListenKey = new Map<string, Set<{ client: StreamSocket; sink: UserDataSink }>>();
  listenKeys.onClose((grant) => endListenKey(grant));
  const lastPong = new WeakMap<WebSocket, number>();

  const heartbeat = setInterval(() => {
    listenKeys.sweep();
    const now = Date.now();
    for (const socket of registry.openSockets()) {
      if (now - (lastPong.get(socket) ?? now) > PONG_TIMEOUT_MS) socket.terminate();
      else socket.ping();
    }
  }, PING_MS);
  heartbeat.unref();

  function open(socket: WebSocket, combined: boolean): StreamSocket {
    const client: StreamSocket = { socket, combined, streams: new Set() };
    registry.add(client);
    lastPong.set(socket, Date.now());
    socket.on('pong', () => lastPong.set(socket, Date.now()));
    // A client's own ping frames are answered by the ws library; an unsolicited pong counts as life.
    return client;
  }

  /** Attaches a listen key's user data to a socket, plain (`/ws/<key>`) or wrapped (`/stream`). */
  function attachListenKey(client: StreamSocket, grant: ListenKeyGrant): void {
    const wrap = client.combined ? `{"stream":${JSON.stringify(grant.listenKey)},"data":` : '';
    const sink: UserDataSink = {
      userId: grant.userId,
      deliver: (eventText) => registry.send(client, wrap ? `${wrap}${eventText}}` : eventText),
    };
    userData.add(sink);
    let entries = byListenKey.get(grant.listenKey);
    if (!entries) byListenKey.set(grant.listenKey, (entries = new Set()));
    const entry = { client, sink };
    entries.add(entry);
    client.socket.on('close', () => {
      userData.remove(sink);
      entries.delete(entry);
    });
  }

  function endListenKey(grant: ListenKeyGrant): void {
    const entries = byListenKey.get(grant.listenKey);
    if (!entries) return;
    byListenKey.delete(grant.listenKey);
    const event = JSON.stringify({
      e: 'listenKeyExpired',
      E: context.clock.now(),
      listenKey: grant.listenKey,
    });
    for (const { client, sink } of entries) {
      userData.remove(sink);
      registry.send(
        client,
        client.combined ? `{"stream":${JSON.stringify(grant.listenKey)},"data":${event}}` : event,
      );
      client.socket.close(1000, 'listen key expired');
    }
  }

  /** A stream of a path or a `streams` list: a market stream, a listen key, or nothing we know. */
  function attachNamed(client: StreamSocket, name: string): void {
    const stream = knownStream(context.markets, name);
    if (stream) {
      registry.subscribe(client, stream);
      feed.greet(client, [stream]);
      return;
    }
    const grant = listenKeys.find(name);
    if (grant) attachListenKey(client, grant);
  }

  const plugin: ApiPlugin = async (app) => {
    const hidden = { schema: { hide: true } } as const;
    // `/ws/<anything>`: ccxt opens `/ws/0`, `/ws/1`... and subscribes by request; Binance takes them.
    app.get('/ws/:name', { websocket: true, ...hidden }, (socket, request) => {
      const client = open(socket, false);
      new MarketSocket(client, registry, context.markets, (target, streams) => feed.greet(target, streams));
      attachNamed(client, (request.params as { name: string }).name);
    });
    app.get('/stream', { websocket: true, ...hidden }, (socket, request) => {
      const client = open(socket, true);
      new MarketSocket(client, registry, context.markets, (target, streams) => feed.greet(target, streams));
      const { streams } = request.query as { streams?: unknown };
      if (typeof streams === 'string') for (const name of streams.split('/')) attachNamed(client, name);
    });
    app.get('/ws-api/v3', { websocket: true, ...hidden }, (socket, request) => {
      const client = open(socket, false);
      new WsApiSocket(client, registry, userData, context.apiKeys, context.clock, request.ip);
    });
  };

  return {
    plugin,
    registry,
    async close() {
      clearInterval(heartbeat);
      feed.close();
      await registry.close();
    },
  };
}
