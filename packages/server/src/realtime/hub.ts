import type { ChannelName, PushOf } from '@oex/protocol';
import type { WebSocket } from 'ws';
import type { SessionResolver } from '../users/auth-user.js';
import { channelOf, isKnownChannel, isPrivateChannel, parseClientMessage, pushFrame } from './channels.js';
import { closeSockets } from './close-sockets.js';

/** What the hub needs of sessions: sign-in, word of sessions that end, and a check of the rest. */
export interface LiveSessions extends SessionResolver {
  onEnded(listener: (sessionIds: number[]) => void): void;
  stillActive(sessionIds: number[]): Promise<Set<number>>;
}

/** How often signed-in connections are checked against their sessions (idle expiry, other processes). */
export const SESSION_RECHECK_MS = 30_000;

/** How long a shutdown waits for clients to answer its close frame before cutting them. */
export const CLOSE_GRACE_MS = 1000;

/** A client whose unsent output passes this many bytes is dropped, not buffered further. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Client {
  socket: WebSocket;
  userId: number | null;
  sessionId: number | null;
  channels: Set<string>;
  /** A client's frames are handled one after another: a sub right after a login waits for it. */
  pending: Promise<void>;
}

/**
 * The live feed: clients log in with their token, subscribe to channels, and receive pushes framed
 * as the spec's client reads them (channels.ts, pushFrame). Private channels reach only their owner.
 * Each channel (and each owner's private channel) numbers its pushes, so a client can see a gap.
 */
export class Hub {
  private readonly clients = new Set<Client>();
  private readonly sequences = new Map<string, number>();
  private readonly recheckTimer: NodeJS.Timeout;
  /** Told each time a slow client is dropped (metrics). */
  onSlowClientDropped: () => void = () => {};

  constructor(
    private readonly sessions: LiveSessions,
    recheckMs = SESSION_RECHECK_MS,
  ) {
    sessions.onEnded((ids) => this.endSessions(new Set(ids)));
    this.recheckTimer = setInterval(() => void this.recheckSessions(), recheckMs);
    this.recheckTimer.unref();
  }

  attach(socket: WebSocket): void {
    const client: Client = {
      socket,
      userId: null,
      sessionId: null,
      channels: new Set(),
      pending: Promise.resolve(),
    };
    this.clients.add(client);
    socket.on('message', (data) => {
      const raw = String(data);
      client.pending = client.pending.then(() => this.onMessage(client, raw));
    });
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => this.clients.delete(client));
  }

  private async onMessage(client: Client, raw: string): Promise<void> {
    const message = parseClientMessage(raw);
    if (!message) return this.send(client, { type: 'error', params: { msg: 'expected {type, params}' } });
    switch (message.type) {
      case 'ping':
        return this.send(client, { type: 'pong', params: { time: Date.now() } });
      case 'login':
        return this.login(client, message.params);
      case 'sub':
      case 'unsub':
        return this.subscribe(client, message.type, channelOf(message.params));
    }
  }

  private async login(client: Client, params: unknown): Promise<void> {
    const token =
      typeof params === 'object' && params !== null ? (params as { token?: unknown }).token : params;
    try {
      if (typeof token !== 'string') throw new Error('no token');
      const user = await this.sessions.authenticate(token);
      if (user.id !== client.userId) this.dropPrivateChannels(client);
      client.userId = user.id;
      client.sessionId = user.sessionId;
      this.send(client, { type: 'login', params: { ok: true } });
    } catch {
      this.toVisitor(client);
      this.send(client, { type: 'login', params: { ok: false, code: 999 } });
    }
  }

  /** A connection whose session ended keeps its public channels and loses everything private. */
  private toVisitor(client: Client): void {
    client.userId = null;
    client.sessionId = null;
    this.dropPrivateChannels(client);
  }

  private dropPrivateChannels(client: Client): void {
    for (const channel of client.channels) if (isPrivateChannel(channel)) client.channels.delete(channel);
  }

  private endSessions(ended: Set<number>): void {
    for (const client of this.clients) {
      if (client.sessionId === null || !ended.has(client.sessionId)) continue;
      this.toVisitor(client);
      this.send(client, { type: 'session_ended', params: { code: 999 } });
    }
  }

  /** Catches sessions that ended without word to this process: idle expiry, or another process. */
  private async recheckSessions(): Promise<void> {
    const ids = new Set<number>();
    for (const client of this.clients) if (client.sessionId !== null) ids.add(client.sessionId);
    if (ids.size === 0) return;
    try {
      const active = await this.sessions.stillActive([...ids]);
      this.endSessions(new Set([...ids].filter((id) => !active.has(id))));
    } catch (error) {
      console.error(`live: session check failed: ${(error as Error).message}`);
    }
  }

  private subscribe(client: Client, type: 'sub' | 'unsub', channel: string | null): void {
    if (!channel || !isKnownChannel(channel)) {
      return this.send(client, {
        type: 'error',
        params: { msg: `unknown channel ${String(channel).slice(0, 64)}` },
      });
    }
    if (type === 'sub' && isPrivateChannel(channel) && client.userId === null) {
      return this.send(client, {
        type: 'error',
        params: { msg: `log in before subscribing to ${channel}`, code: 999 },
      });
    }
    if (type === 'sub') client.channels.add(channel);
    else client.channels.delete(channel);
    this.send(client, { type, params: { channel, seq: this.sequences.get(channel) ?? 0 } });
  }

  /** Whether anyone listens, so a publisher can skip building a message nobody reads. */
  hasSubscribers(channel: string, userId?: number): boolean {
    for (const client of this.clients) {
      if (client.channels.has(channel) && (userId === undefined || client.userId === userId)) return true;
    }
    return false;
  }

  /** The users with a connection subscribed to a private channel. */
  subscribedUsers(channel: string): Set<number> {
    const users = new Set<number>();
    for (const client of this.clients) {
      if (client.userId !== null && client.userId !== undefined && client.channels.has(channel))
        users.add(client.userId);
    }
    return users;
  }

  /** Pushes to every subscriber of a public channel; the push is the channel's in the protocol's `Channels`. */
  publish<C extends ChannelName>(channel: C, fields: PushOf<C>): void {
    const seq = this.next(channel);
    // Serialized once for every subscriber.
    let frame: string | undefined;
    for (const client of this.clients) {
      if (!client.channels.has(channel)) continue;
      frame ??= JSON.stringify(pushFrame(channel, fields, seq, Date.now()));
      this.sendRaw(client, frame);
    }
  }

  /** Pushes to the subscribed connections of one user only. */
  publishTo<C extends ChannelName>(userId: number, channel: C, fields: PushOf<C>): void {
    const seq = this.next(`${channel}#${userId}`);
    let frame: string | undefined;
    for (const client of this.clients) {
      if (client.userId !== userId || !client.channels.has(channel)) continue;
      frame ??= JSON.stringify(pushFrame(channel, fields, seq, Date.now()));
      this.sendRaw(client, frame);
    }
  }

  private next(key: string): number {
    const seq = (this.sequences.get(key) ?? 0) + 1;
    this.sequences.set(key, seq);
    return seq;
  }

  private send(client: Client, message: unknown): void {
    this.sendRaw(client, JSON.stringify(message));
  }

  private sendRaw(client: Client, frame: string): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      this.clients.delete(client);
      this.onSlowClientDropped();
      return;
    }
    client.socket.send(frame);
  }

  get size(): number {
    return this.clients.size;
  }

  /**
   * Closes every connection with 1001 (going away) and a reason, so clients know to reconnect
   * elsewhere or later; one that has not answered the close within `graceMs` is cut, so a silent
   * client cannot hold up a shutdown.
   */
  async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    clearInterval(this.recheckTimer);
    const sockets = [...this.clients].map((client) => client.socket);
    this.clients.clear();
    await closeSockets(sockets, graceMs);
  }
}
