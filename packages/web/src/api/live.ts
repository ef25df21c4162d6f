/**
 * The live-channel client (docs/platform.md): logs in with the token, subscribes by reference count,
 * pings every 5 s, reconnects with backoff and subscribes again, and reports a gap in a channel's
 * sequence numbers so the caller reloads its snapshot.
 */

export const PING_MS = 5000;
const BACKOFF_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/** The part of a WebSocket this client uses (the browser's, or `ws` in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface LiveOptions {
  url: string;
  createSocket(url: string): SocketLike;
  token(): string | null;
  /** The server ended this connection's session (signed out elsewhere, password changed). */
  onSessionEnded?(): void;
}

/**
 * A frame from the server. Pushes carry the bare channel kind as `type`, the full channel name
 * subscribed to as `channel`, their fields at the top level, `seq` and `ts` (docs/platform.md); the
 * server's own answers (login, sub, unsub, pong, error, session_ended) carry `params`.
 */
export interface Frame {
  type: string;
  channel?: string;
  params?: unknown;
  /** Up to 2**53 - 1: each leader of a cluster numbers from its own range (docs/cluster.md). */
  seq?: number;
  ts?: number;
  [field: string]: unknown;
}

/** A push's own fields: the frame without its envelope keys. */
export function fieldsOf(frame: Frame): Record<string, unknown> {
  const { type: _type, channel: _channel, seq: _seq, ts: _ts, ...fields } = frame;
  return fields;
}

export interface ChannelHandler {
  onPush(params: unknown): void;
  /** A push was missed (or the connection dropped): load the snapshot again. */
  onGap?(): void;
}

const OPEN = 1;

/**
 * Where the connection stands: `idle` before anything subscribed (or after close), `connecting` to
 * the first open, `open`, and `reconnecting` from a drop (or a failed first try) to the next open.
 */
export type LiveState = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** The server's answer to a login whose token no longer signs anyone in. */
function isRefusedLogin(params: unknown): boolean {
  return typeof params === 'object' && params !== null && (params as { ok?: unknown }).ok === false;
}

export class LiveClient {
  private socket: SocketLike | undefined;
  private readonly handlers = new Map<string, Set<ChannelHandler>>();
  private readonly lastSeq = new Map<string, number>();
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  private closed = false;
  private current: LiveState = 'idle';
  private readonly stateListeners = new Set<() => void>();

  constructor(private readonly options: LiveOptions) {}

  /** Subscribes; the first handler of a channel sends `sub`. Returns the unsubscribe. */
  subscribe(channel: string, handler: ChannelHandler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.send('sub', channel);
    }
    set.add(handler);
    this.ensureConnected();
    return () => {
      const current = this.handlers.get(channel);
      if (!current?.delete(handler) || current.size > 0) return;
      this.handlers.delete(channel);
      this.lastSeq.delete(channel);
      this.send('unsub', channel);
    };
  }

  /** Logs in again with the current token (after sign-in or sign-out). */
  relogin(): void {
    const token = this.options.token();
    if (token) this.send('login', { token });
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  get state(): LiveState {
    return this.current;
  }

  /** Calls the listener on every change of `state`; returns the unsubscribe. */
  onStateChange(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  }

  private setState(next: LiveState): void {
    if (next === this.current) return;
    this.current = next;
    for (const listener of this.stateListeners) listener();
  }

  private ensureConnected(): void {
    if (this.socket || this.closed) return;
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    if (this.current !== 'reconnecting') this.setState('connecting');
    socket.onopen = () => {
      this.attempts = 0;
      this.setState('open');
      this.relogin();
      for (const channel of this.handlers.keys()) this.send('sub', channel);
      this.pingTimer = setInterval(() => this.send('ping'), PING_MS);
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = () => this.dropped();
  }

  private dropped(): void {
    clearInterval(this.pingTimer);
    this.socket = undefined;
    // Whatever was pushed while away is lost: every channel must reload its snapshot.
    this.lastSeq.clear();
    for (const set of this.handlers.values()) for (const handler of set) handler.onGap?.();
    if (this.closed || this.handlers.size === 0) return this.setState('idle');
    this.setState('reconnecting');
    const wait = BACKOFF_MS[Math.min(this.attempts, BACKOFF_MS.length - 1)]!;
    this.attempts += 1;
    this.retryTimer = setTimeout(() => this.ensureConnected(), wait);
  }

  private receive(raw: string): void {
    let frame: Frame;
    try {
      frame = JSON.parse(raw) as Frame;
    } catch {
      return;
    }
    // Ended while connected, or refused at login (a token that ended before this page connected).
    if (frame.type === 'session_ended' || (frame.type === 'login' && isRefusedLogin(frame.params))) {
      return this.options.onSessionEnded?.();
    }
    // A push names the channel it was subscribed as; `KLINE.X` and `KLINE.X.5min` share a kind.
    if (typeof frame.channel !== 'string') return;
    const channel = frame.channel;
    const set = this.handlers.get(channel);
    if (!set) return;
    if (frame.seq !== undefined) {
      const last = this.lastSeq.get(channel);
      this.lastSeq.set(channel, frame.seq);
      if (last !== undefined && frame.seq !== last + 1) {
        for (const handler of set) handler.onGap?.();
      }
    }
    const fields = fieldsOf(frame);
    for (const handler of set) handler.onPush(fields);
  }

  private send(type: string, params?: unknown): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ type, params }));
  }

  close(): void {
    this.closed = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    this.socket?.close();
    this.setState('idle');
  }
}
