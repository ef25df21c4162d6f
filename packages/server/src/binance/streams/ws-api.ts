import type { WebSocket } from 'ws';
import type { ApiKeyGrant, ApiKeyLookup } from '../../apikeys/grant.js';
import type { Clock } from '../../lib/clock.js';
import { BinanceError, badParam, invalidSignature, mandatoryParam } from '../errors.js';
import { checkTiming, liveGrant } from '../key-checks.js';
import { signatureMatches } from '../signing.js';
import type { StreamRegistry, StreamSocket } from './sockets.js';
import type { UserDataFeed, UserDataSink } from './user-data.js';

type RequestId = string | number | null;

/**
 * What a WebSocket API request signed: its parameters but `signature`, sorted by name, as
 * `name=value` joined by `&` (Binance's rule for the WebSocket API).
 */
export function wsApiPayload(params: Record<string, unknown>): string {
  return Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${String(params[name])}`)
    .join('&');
}

/**
 * A connection to Binance's WebSocket API (`/ws-api/v3`), the parts a client needs for user data:
 * `ping`, `time`, `userDataStream.subscribe.signature` (its events then arrive wrapped as
 * `{"subscriptionId":N,"event":{...}}`), `userDataStream.unsubscribe` and `session.subscriptions`.
 * Orders are placed through REST; the API's other methods answer an error.
 */
export class WsApiSocket {
  private readonly subscriptions = new Map<number, UserDataSink>();
  private nextSubscriptionId = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: StreamSocket,
    private readonly registry: StreamRegistry,
    private readonly feed: UserDataFeed,
    private readonly keys: ApiKeyLookup,
    private readonly clock: Clock,
    private readonly ip: string,
  ) {
    // Requests are answered in order: a subscribe's key lookup holds up the next request.
    client.socket.on('message', (data: WebSocket.RawData) => {
      const raw = String(data);
      this.pending = this.pending.then(() => this.onMessage(raw)).catch(() => undefined);
    });
    client.socket.on('close', () => this.unsubscribeAll());
    client.socket.on('error', () => this.unsubscribeAll());
  }

  private async onMessage(raw: string): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return this.fail(null, badParam('Malformed request.'));
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return this.fail(null, badParam('Malformed request.'));
    }
    const {
      id: rawId,
      method,
      params: rawParams,
    } = message as { id?: unknown; method?: unknown; params?: unknown };
    const id: RequestId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
    const params = (typeof rawParams === 'object' && rawParams !== null ? rawParams : {}) as Record<
      string,
      unknown
    >;
    try {
      switch (method) {
        case 'ping':
          return this.answer(id, {});
        case 'time':
          return this.answer(id, { serverTime: this.clock.now() });
        case 'userDataStream.subscribe.signature':
          return this.answer(id, { subscriptionId: this.subscribe((await this.authorize(params)).userId) });
        case 'userDataStream.unsubscribe':
          this.unsubscribe(params.subscriptionId);
          return this.answer(id, {});
        case 'session.subscriptions':
          return this.answer(
            id,
            [...this.subscriptions.keys()].map((subscriptionId) => ({ subscriptionId })),
          );
        default:
          throw badParam(`Unknown method '${String(method).slice(0, 60)}'.`);
      }
    } catch (error) {
      if (error instanceof BinanceError) return this.fail(id, error);
      throw error;
    }
  }

  /** Binance's checks of a signed request: the key, its address, the time window, the signature. */
  private async authorize(params: Record<string, unknown>): Promise<ApiKeyGrant> {
    for (const name of ['apiKey', 'timestamp', 'signature']) {
      if (params[name] === undefined || params[name] === '') throw mandatoryParam(name);
    }
    const now = this.clock.now();
    const grant = liveGrant(await this.keys.find(String(params.apiKey)), now, this.ip);
    const recvWindow = params.recvWindow === undefined ? undefined : Number(params.recvWindow);
    if (recvWindow !== undefined && !Number.isFinite(recvWindow))
      throw badParam("Illegal value for parameter 'recvWindow'.");
    const timestamp = Number(params.timestamp);
    if (!Number.isSafeInteger(timestamp)) throw mandatoryParam('timestamp');
    checkTiming(timestamp, recvWindow, now);
    if (!signatureMatches(grant.secret, wsApiPayload(params), String(params.signature)))
      throw invalidSignature();
    this.keys.markUsed(grant, now, this.ip);
    return grant;
  }

  private subscribe(userId: number): number {
    const subscriptionId = this.nextSubscriptionId++;
    const prefix = `{"subscriptionId":${subscriptionId},"event":`;
    const sink: UserDataSink = {
      userId,
      deliver: (eventText) => this.registry.send(this.client, `${prefix}${eventText}}`),
    };
    this.subscriptions.set(subscriptionId, sink);
    this.feed.add(sink);
    return subscriptionId;
  }

  private unsubscribe(subscriptionId: unknown): void {
    if (subscriptionId === undefined) return this.unsubscribeAll();
    const sink = this.subscriptions.get(Number(subscriptionId));
    if (!sink) throw badParam('Invalid subscriptionId.');
    this.feed.remove(sink);
    this.subscriptions.delete(Number(subscriptionId));
  }

  private unsubscribeAll(): void {
    for (const sink of this.subscriptions.values()) this.feed.remove(sink);
    this.subscriptions.clear();
  }

  private answer(id: RequestId, result: unknown): void {
    this.registry.send(this.client, JSON.stringify({ id, status: 200, result }));
  }

  private fail(id: RequestId, error: BinanceError): void {
    this.registry.send(this.client, JSON.stringify({ id, status: error.status, error: error.toJSON() }));
  }
}
