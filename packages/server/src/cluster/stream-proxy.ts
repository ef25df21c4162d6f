import WebSocket, { type RawData } from 'ws';

/** A client whose unsent output passes this is cut, as the core's own streams cut slow readers. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Messages a client may send before the leader's socket is open; past it the client is cut. */
const MAX_EARLY_MESSAGES = 64;
/** How often the gateway pings its clients; one silent for a whole period is cut. */
const PING_MS = 30_000;

/** A close code that may be sent on the wire (1005, 1006 and 1015 only describe what happened). */
const sendable = (code: number) =>
  (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);

/**
 * The trading API's WebSocket streams through a gateway (docs/cluster.md): each client socket is
 * carried to the leader's own port as one socket of its own, messages passed both ways as they are.
 * When the leader goes (a takeover), its sockets close and so do the clients': they connect again,
 * through any gateway, to the next leader, as they would after any Binance disconnect.
 */
export class StreamProxies {
  private readonly clients = new Map<WebSocket, { upstream: WebSocket | undefined; alive: boolean }>();
  private readonly heartbeat = setInterval(() => this.ping(), PING_MS);

  constructor() {
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /**
   * Carries `client` to the URL `target` answers (the leader's, looked up now), with the client's
   * address for the core's per-address rules. Listens at once: what the client sends while the
   * leader's socket opens is kept and sent in order.
   */
  attach(client: WebSocket, target: Promise<string | null>, forwardedFor: string): void {
    const early: { data: RawData; binary: boolean }[] = [];
    const state: { upstream: WebSocket | undefined; alive: boolean } = { upstream: undefined, alive: true };
    this.clients.set(client, state);
    const end = (code: number, reason: string) => {
      if (client.readyState === WebSocket.OPEN) client.close(sendable(code) ? code : 1012, reason);
      if (state.upstream && state.upstream.readyState <= WebSocket.OPEN) state.upstream.close();
    };
    client.on('pong', () => (state.alive = true));
    client.on('message', (data, binary) => {
      if (state.upstream?.readyState === WebSocket.OPEN) state.upstream.send(data, { binary });
      else if (early.push({ data, binary }) > MAX_EARLY_MESSAGES)
        end(1008, 'too many messages before the stream opened');
    });
    client.on('close', () => {
      this.clients.delete(client);
      if (state.upstream && state.upstream.readyState <= WebSocket.OPEN) state.upstream.close();
    });
    target.then(
      (url) => {
        if (client.readyState !== WebSocket.OPEN) return;
        if (!url) return end(1013, 'no server leads now; try again');
        const upstream = new WebSocket(url, {
          headers: { 'x-forwarded-for': forwardedFor },
          perMessageDeflate: false,
        });
        state.upstream = upstream;
        upstream.on('open', () => {
          for (const message of early.splice(0)) upstream.send(message.data, { binary: message.binary });
        });
        upstream.on('message', (data, binary) => {
          if (client.readyState !== WebSocket.OPEN) return;
          if (client.bufferedAmount > MAX_BUFFERED_BYTES) return end(1008, 'too slow to read the stream');
          client.send(data, { binary });
        });
        upstream.on('close', (code, reason) => end(code, reason.toString()));
        upstream.on('error', () => end(1012, 'the server went away'));
      },
      () => end(1011, 'the stream could not be opened'),
    );
  }

  /** Closes every carried socket (the gateway stops). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const [client, state] of this.clients) {
      client.close(1001, 'gateway shutting down');
      state.upstream?.close();
    }
    this.clients.clear();
  }

  private ping(): void {
    for (const [client, state] of this.clients) {
      if (!state.alive) {
        client.terminate();
        continue;
      }
      state.alive = false;
      client.ping();
    }
  }
}
