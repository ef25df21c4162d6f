import type { WebSocket } from 'ws';
import { closeSockets } from '../../realtime/close-sockets.js';

/** A client whose unsent output passes this many bytes is dropped, not buffered further (as the live hub). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a shutdown waits for clients to answer its close frame before cutting them. */
export const CLOSE_GRACE_MS = 1000;

/** A trading-API socket: a raw stream (`/ws/...`), a combined one (`/stream`), or the WebSocket API. */
export interface StreamSocket {
  socket: WebSocket;
  /** Combined streams wrap each event as `{"stream":name,"data":event}`. */
  combined: boolean;
  streams: Set<string>;
}

/** One event, serialized at most once in each of its two shapes whatever the number of readers. */
export class Frame {
  private plain: string | undefined;
  private wrapped: string | undefined;

  constructor(
    private readonly stream: string,
    private readonly event: unknown,
  ) {}

  text(combined: boolean): string {
    this.plain ??= JSON.stringify(this.event);
    if (!combined) return this.plain;
    this.wrapped ??= `{"stream":${JSON.stringify(this.stream)},"data":${this.plain}}`;
    return this.wrapped;
  }
}

/**
 * Who listens to which stream. Each event is built once by its publisher and serialized once per
 * shape; a slow reader is cut instead of being buffered for.
 */
export class StreamRegistry {
  private readonly sockets = new Set<StreamSocket>();
  private readonly readers = new Map<string, Set<StreamSocket>>();
  /** Told each time a slow client is dropped. */
  onSlowClientDropped: () => void = () => {};
  /** Frames and bytes sent, for measurements. */
  framesSent = 0;
  bytesSent = 0;

  add(client: StreamSocket): void {
    this.sockets.add(client);
    const forget = () => this.remove(client);
    client.socket.on('close', forget);
    client.socket.on('error', forget);
  }

  remove(client: StreamSocket): void {
    this.sockets.delete(client);
    for (const stream of client.streams) this.readers.get(stream)?.delete(client);
    client.streams.clear();
  }

  subscribe(client: StreamSocket, stream: string): void {
    client.streams.add(stream);
    let readers = this.readers.get(stream);
    if (!readers) this.readers.set(stream, (readers = new Set()));
    readers.add(client);
  }

  unsubscribe(client: StreamSocket, stream: string): void {
    client.streams.delete(stream);
    const readers = this.readers.get(stream);
    readers?.delete(client);
    if (readers?.size === 0) this.readers.delete(stream);
  }

  /** Whether anyone reads a stream, so a publisher can skip building what nobody reads. */
  has(stream: string): boolean {
    return (this.readers.get(stream)?.size ?? 0) > 0;
  }

  /** Sends an event to every reader of its stream; `build` runs only when there is one. */
  publish(stream: string, build: () => unknown): void {
    const readers = this.readers.get(stream);
    if (!readers || readers.size === 0) return;
    const frame = new Frame(stream, build());
    for (const client of readers) this.send(client, frame.text(client.combined));
  }

  /** Sends one frame to one client, cutting it when its unsent output is too large. */
  send(client: StreamSocket, text: string): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      this.remove(client);
      this.onSlowClientDropped();
      return;
    }
    this.framesSent += 1;
    this.bytesSent += text.length;
    socket.send(text);
  }

  /** Sends one event of a stream to one client only (a new subscriber's first frame). */
  sendEvent(client: StreamSocket, stream: string, event: unknown): void {
    this.send(client, new Frame(stream, event).text(client.combined));
  }

  openSockets(): WebSocket[] {
    return [...this.sockets].map((client) => client.socket);
  }

  get size(): number {
    return this.sockets.size;
  }

  /** Closes every socket with 1001 (going away); one that does not answer within `graceMs` is cut. */
  async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    const sockets = [...this.sockets].map((client) => client.socket);
    for (const client of [...this.sockets]) this.remove(client);
    await closeSockets(sockets, graceMs);
  }
}
