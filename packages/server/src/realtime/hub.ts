import type { WebSocket } from 'ws';
import type { SessionResolver } from '../http/auth.js';
import { channelOf, isKnownChannel, isPrivateChannel, parseClientMessage } from './channels.js';

/** A client whose unsent output passes this many bytes is dropped, not buffered further. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Client {
  socket: WebSocket;
  userId: number | null;
  channels: Set<string>;
  /** A client's frames are handled one after another: a sub right after a login waits for it. */
  pending: Promise<void>;
}

/**
 * The live feed: clients log in with their token, subscribe to channels, and receive
 * `{type, params, seq}` pushes. Private channels reach only their owner. Each channel (and
 * each owner's private channel) numbers its pushes, so a client can see a gap.
 */
export class Hub {
  private readonly clients = new Set<Client>();
  private readonly sequences = new Map<string, number>();

  constructor(private readonly sessions: SessionResolver) {}

  attach(socket: WebSocket): void {
    const client: Client = { socket, userId: null, channels: new Set(), pending: Promise.resolve() };
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
      client.userId = (await this.sessions.authenticate(token)).id;
      this.send(client, { type: 'login', params: { ok: true } });
    } catch {
      client.userId = null;
      this.send(client, { type: 'login', params: { ok: false, code: 999 } });
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

  /** Pushes to every subscriber of a public channel. */
  publish(channel: string, params: unknown): void {
    const seq = this.next(channel);
    // Serialized once for every subscriber; ts is the server's send time (ms).
    let frame: string | undefined;
    for (const client of this.clients) {
      if (!client.channels.has(channel)) continue;
      frame ??= JSON.stringify({ type: channel, params, seq, ts: Date.now() });
      this.sendRaw(client, frame);
    }
  }

  /** Pushes to the subscribed connections of one user only. */
  publishTo(userId: number, channel: string, params: unknown): void {
    const seq = this.next(`${channel}#${userId}`);
    for (const client of this.clients) {
      if (client.userId === userId && client.channels.has(channel))
        this.send(client, { type: channel, params, seq });
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
      return;
    }
    client.socket.send(frame);
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    for (const client of this.clients) client.socket.close(1001, 'server stopping');
    this.clients.clear();
  }
}
