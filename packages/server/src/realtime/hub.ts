import type { ChannelName, PushOf } from '@oex/protocol';
import type { WebSocket } from 'ws';
import type { SessionResolver } from '../users/auth-user.js';
import { channelOf, isKnownChannel, isPrivateChannel, parseClientMessage, pushFrame } from './channels.js';
import { closeSockets } from './close-sockets.js';
import { textFrame, writePrepared } from './prepared-frame.js';
import { Snapshots } from './snapshots.js';

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

/** The key of one owner's private channel, for its subscribers and its sequence numbers. */
const ownKey = (channel: string, userId: number | null) => `${channel}#${userId}`;

/** A Buffer sent as a text frame (the pushes are JSON), not as binary. */
const TEXT = { binary: false } as const;

/**
 * Subscribers elsewhere: the gateways' clients, as the leading core learns them over the bus
 * (cluster/core-bus.ts). Publishers build a push when these listen too, and each frame built for
 * a key they listen to is handed over once, as the local sockets get it.
 */
export interface RemoteSubscribers {
  has(key: string): boolean;
  usersOf(channel: string): Set<number>;
  frame(key: string, frame: Buffer): void;
}

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
  /**
   * The subscribers of each public channel, and of each owner's private channel
   * (`ORDER#<userId>`, see keyOf), so a push visits only its own listeners, not every connection.
   */
  private readonly subscribers = new Map<string, Set<Client>>();
  private readonly sequences = new Map<string, number>();
  /**
   * The last pushes of the channels whose pushes are states (depth, tickers, klines) that someone
   * here listens to: a new subscriber's snapshot, sent before its acknowledgement.
   */
  private readonly snapshots = new Snapshots();
  private readonly recheckTimer: NodeJS.Timeout;
  /** Told of the channels a gateway has just begun to listen to (whenListenedElsewhere). */
  private readonly elsewhereListeners: ((key: string) => void)[] = [];
  /** Told each time a slow client is dropped (metrics). */
  onSlowClientDropped: () => void = () => {};
  /** The gateways' subscribers, on a core that serves gateways. */
  remote: RemoteSubscribers | undefined;
  /**
   * Told when the set of subscribed keys changed (a gateway reports it to the core); a sub or
   * unsub is acknowledged once this settled, so the core knows of a subscription before its
   * client can act on the acknowledgement.
   */
  onKeysChanged: (() => Promise<void> | void) | undefined;
  /** Whether the key set changed since `onKeysChanged` was last told. */
  private keysChanged = false;

  /**
   * @param firstSeq what each channel's numbering starts after: a leader's range (firstSeqOf in
   *   cluster/lease-rules.ts), so a new leader's pushes never repeat an earlier leader's seqs.
   */
  constructor(
    private readonly sessions: LiveSessions,
    recheckMs = SESSION_RECHECK_MS,
    private readonly firstSeq = 0,
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
    socket.on('close', () => this.remove(client));
    socket.on('error', () => this.remove(client));
  }

  private remove(client: Client): void {
    for (const channel of client.channels) this.unlisten(client, channel);
    this.clients.delete(client);
    void this.reportKeys();
  }

  /** The index key of a client's subscription: a private channel is per owner. */
  private keyOf(client: Client, channel: string): string {
    return isPrivateChannel(channel) ? ownKey(channel, client.userId) : channel;
  }

  private listen(client: Client, channel: string): void {
    client.channels.add(channel);
    const key = this.keyOf(client, channel);
    let set = this.subscribers.get(key);
    if (!set) {
      this.subscribers.set(key, (set = new Set()));
      this.keysChanged = true;
    }
    set.add(client);
  }

  /** Takes a client off a channel; its `userId` must still be the one it subscribed with. */
  private unlisten(client: Client, channel: string): void {
    client.channels.delete(channel);
    const key = this.keyOf(client, channel);
    const set = this.subscribers.get(key);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) {
      this.subscribers.delete(key);
      // No longer kept current: pushes stop once nobody here listens.
      this.snapshots.drop(key);
      this.keysChanged = true;
    }
  }

  /** Tells `onKeysChanged` of a change, if any (after a message, a close, a session's end). */
  private async reportKeys(): Promise<void> {
    if (!this.keysChanged || !this.onKeysChanged) return;
    this.keysChanged = false;
    try {
      await this.onKeysChanged();
    } catch (error) {
      console.error(`live: reporting subscriptions failed: ${(error as Error).message}`);
    }
  }

  /** Every subscribed key: public channels by name, private ones per owner (`ORDER#5`). */
  keys(): string[] {
    return [...this.subscribers.keys()];
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
    await this.reportKeys();
  }

  /** A connection whose session ended keeps its public channels and loses everything private. */
  private toVisitor(client: Client): void {
    this.dropPrivateChannels(client);
    client.userId = null;
    client.sessionId = null;
  }

  /** Before a client's `userId` changes: its private subscriptions were its previous owner's. */
  private dropPrivateChannels(client: Client): void {
    for (const channel of client.channels) if (isPrivateChannel(channel)) this.unlisten(client, channel);
  }

  private endSessions(ended: Set<number>): void {
    for (const client of this.clients) {
      if (client.sessionId === null || !ended.has(client.sessionId)) continue;
      this.toVisitor(client);
      this.send(client, { type: 'session_ended', params: { code: 999 } });
    }
    void this.reportKeys();
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

  private async subscribe(client: Client, type: 'sub' | 'unsub', channel: string | null): Promise<void> {
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
    const key = this.keyOf(client, channel);
    const snapshot = type === 'sub' && !client.channels.has(channel) ? this.snapshots.of(key) : undefined;
    if (type === 'sub') this.listen(client, channel);
    else this.unlisten(client, channel);
    await this.reportKeys();
    // The channel's state as of the seq the acknowledgement carries: the next push is that seq + 1.
    // A push that came while the keys were reported reached the client itself, and is newer.
    if (snapshot && this.snapshots.current(key, snapshot)) {
      for (const frame of snapshot.frames) this.sendRaw(client, frame);
    }
    const seq = this.sequences.get(key) ?? this.firstSeq;
    this.send(client, { type, params: { channel, seq } });
  }

  /**
   * Asks to be told of each public channel a gateway has just begun to listen to (or listens to
   * again, as it tells a core that has just begun to lead): a publisher of states (depth, tickers,
   * klines) pushes the channel's state then, so the gateway holds a snapshot for its subscribers.
   */
  whenListenedElsewhere(listener: (key: string) => void): void {
    this.elsewhereListeners.push(listener);
  }

  /** The keys a gateway has just begun to listen to (the core's bus, from its interest reports). */
  listenedElsewhere(keys: string[]): void {
    for (const key of keys) {
      if (key.includes('#')) continue; // a private channel's, per owner
      for (const listener of this.elsewhereListeners) listener(key);
    }
  }

  /** Whether anyone listens, so a publisher can skip building a message nobody reads. */
  hasSubscribers(channel: string, userId?: number): boolean {
    if (this.remote && this.hasRemote(channel, userId)) return true;
    if (isPrivateChannel(channel)) {
      if (userId !== undefined) return this.subscribers.has(ownKey(channel, userId));
      for (const client of this.clients) if (client.channels.has(channel)) return true;
      return false;
    }
    const set = this.subscribers.get(channel);
    if (!set) return false;
    if (userId === undefined) return true;
    for (const client of set) if (client.userId === userId) return true;
    return false;
  }

  private hasRemote(channel: string, userId: number | undefined): boolean {
    const remote = this.remote!;
    if (!isPrivateChannel(channel)) return remote.has(channel);
    if (userId !== undefined) return remote.has(ownKey(channel, userId));
    return remote.usersOf(channel).size > 0;
  }

  /** The users with a connection subscribed to a private channel (here or on a gateway). */
  subscribedUsers(channel: string): Set<number> {
    const users = this.remote ? this.remote.usersOf(channel) : new Set<number>();
    for (const client of this.clients) {
      if (client.userId !== null && client.userId !== undefined && client.channels.has(channel))
        users.add(client.userId);
    }
    return users;
  }

  /** Pushes to every subscriber of a public channel; the push is the channel's in the protocol's `Channels`. */
  publish<C extends ChannelName>(channel: C, fields: PushOf<C>): void {
    const seq = this.next(channel);
    this.fanOut(channel, channel, fields, seq);
  }

  /** Pushes to the subscribed connections of one user only. */
  publishTo<C extends ChannelName>(userId: number, channel: C, fields: PushOf<C>): void {
    const key = ownKey(channel, userId);
    const seq = this.next(key);
    this.fanOut(key, channel, fields, seq);
  }

  /**
   * Serializes a push once, into one Buffer that every subscriber's socket is given as is (sent as
   * a text frame): no per-socket JSON nor string-to-bytes conversion. The gateways get the same
   * bytes, once for all of theirs.
   */
  private fanOut(key: string, channel: string, fields: object, seq: number): void {
    const clients = this.subscribers.get(key);
    const remote = this.remote?.has(key) ? this.remote : undefined;
    if ((!clients || clients.size === 0) && !remote) return;
    const frame = Buffer.from(JSON.stringify(pushFrame(channel, fields, seq, Date.now())));
    this.keepSnapshot(key, frame, fields);
    if (clients) this.sendToAll(clients, frame);
    remote?.frame(key, frame);
  }

  /** Keeps a push for later subscribers while someone here listens (its subscribers are `key`'s). */
  private keepSnapshot(key: string, frame: Buffer, fields?: object): void {
    if (this.subscribers.get(key)?.size) this.snapshots.keep(key, frame, fields);
  }

  /**
   * A frame another process built (a gateway's, from the core): written as is to the key's
   * subscribers; its seq is what a later sub or unsub of the key acknowledges.
   */
  deliver(key: string, frame: Buffer, seq: number | null): void {
    if (seq !== null) this.sequences.set(key, seq);
    const clients = this.subscribers.get(key);
    this.keepSnapshot(key, frame);
    if (clients) this.sendToAll(clients, frame);
  }

  /**
   * Forgets every kept snapshot: a gateway's, when a new core begins to lead. The last leader's last
   * push may miss what it committed just before it died; the new leader's next push is current.
   */
  forgetSnapshots(): void {
    this.snapshots.clear();
  }

  private next(key: string): number {
    const seq = (this.sequences.get(key) ?? this.firstSeq) + 1;
    this.sequences.set(key, seq);
    return seq;
  }

  private send(client: Client, message: unknown): void {
    this.sendRaw(client, JSON.stringify(message));
  }

  /** One push to many sockets: its WebSocket frame is built once, and each gets one write of it. */
  private sendToAll(clients: Set<Client>, frame: Buffer): void {
    const prepared = clients.size > 1 ? textFrame(frame) : undefined;
    for (const client of clients) this.sendRaw(client, frame, prepared);
  }

  private sendRaw(client: Client, frame: string | Buffer, prepared?: Buffer): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      this.remove(client);
      this.onSlowClientDropped();
      return;
    }
    if (prepared && writePrepared(client.socket, prepared)) return;
    client.socket.send(frame, TEXT);
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
    this.subscribers.clear();
    this.snapshots.clear();
    await closeSockets(sockets, graceMs);
  }
}
