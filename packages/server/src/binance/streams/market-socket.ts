import type { WebSocket } from 'ws';
import type { MarketDirectory } from '../../market/markets.js';
import { parseStreamName } from '../stream-names.js';
import { marketOfSymbol } from '../symbols.js';
import type { StreamRegistry, StreamSocket } from './sockets.js';

/** Binance's limits on one market-stream connection. */
export const MAX_STREAMS_PER_CONNECTION = 1024;
export const MAX_MESSAGES_PER_SECOND = 10;

const METHODS = 'SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY, GET_PROPERTY';

type RequestId = number | string | null;

/** Binance's error frame for a market-stream request: `{"error":{"code":2,"msg":...},"id":1}`. */
export function errorFrame(code: number, msg: string, id: RequestId): string {
  return JSON.stringify({ error: { code, msg }, id });
}

/** The canonical name of a stream we serve (its symbol a market of ours), or undefined. */
export function knownStream(markets: MarketDirectory, text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const stream = parseStreamName(text);
  if (!stream || !marketOfSymbol(markets, stream.symbol)) return undefined;
  return stream.name;
}

/**
 * One market-stream connection: its live requests (`SUBSCRIBE`, `UNSUBSCRIBE`, `LIST_SUBSCRIPTIONS`,
 * `SET_PROPERTY`/`GET_PROPERTY` of `combined`), answered as Binance does. Flooding it with more than
 * its message budget closes it, as Binance does.
 */
export class MarketSocket {
  private windowStart = 0;
  private messagesInWindow = 0;

  constructor(
    readonly client: StreamSocket,
    private readonly registry: StreamRegistry,
    private readonly markets: MarketDirectory,
    /** Called once the client's stream set changed, so a new partial book can go out at once. */
    private readonly onSubscribed: (client: StreamSocket, streams: string[]) => void = () => {},
  ) {
    client.socket.on('message', (data: WebSocket.RawData) => this.onMessage(String(data)));
  }

  private onMessage(raw: string): void {
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.messagesInWindow = 0;
    }
    this.messagesInWindow += 1;
    if (this.messagesInWindow > MAX_MESSAGES_PER_SECOND) {
      this.client.socket.close(1008, 'too many messages');
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return this.reply(errorFrame(3, 'Invalid JSON: expected value at line 1 column 1', null));
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return this.reply(errorFrame(2, 'Invalid request: expected an object', null));
    }
    const { method, params, id } = message as { method?: unknown; params?: unknown; id?: unknown };
    const requestId: RequestId = typeof id === 'number' || typeof id === 'string' ? id : null;
    if (id !== undefined && id !== null && !isRequestId(id)) {
      return this.reply(errorFrame(2, 'Invalid request: request ID must be an unsigned integer', null));
    }
    switch (method) {
      case 'SUBSCRIBE':
      case 'UNSUBSCRIBE':
        return this.changeStreams(method, params, requestId);
      case 'LIST_SUBSCRIPTIONS':
        return this.reply(JSON.stringify({ result: [...this.client.streams], id: requestId }));
      case 'SET_PROPERTY':
        return this.setProperty(params, requestId);
      case 'GET_PROPERTY':
        if (!Array.isArray(params) || params[0] !== 'combined') {
          return this.reply(errorFrame(0, 'Unknown property', requestId));
        }
        return this.reply(JSON.stringify({ result: this.client.combined, id: requestId }));
      case undefined:
        return this.reply(errorFrame(2, 'Invalid request: missing field `method`', requestId));
      default:
        return this.reply(
          errorFrame(
            2,
            `Invalid request: unknown variant \`${String(method).slice(0, 40)}\`, expected one of ${METHODS}`,
            requestId,
          ),
        );
    }
  }

  private changeStreams(method: 'SUBSCRIBE' | 'UNSUBSCRIBE', params: unknown, id: RequestId): void {
    if (!Array.isArray(params))
      return this.reply(errorFrame(2, 'Invalid request: params must be a list of streams', id));
    const streams: string[] = [];
    for (const param of params) {
      const stream = knownStream(this.markets, param);
      if (!stream) return this.reply(errorFrame(2, 'Invalid request: invalid stream', id));
      streams.push(stream);
    }
    if (method === 'SUBSCRIBE') {
      const fresh = streams.filter((stream) => !this.client.streams.has(stream));
      if (this.client.streams.size + fresh.length > MAX_STREAMS_PER_CONNECTION) {
        return this.reply(errorFrame(2, 'Invalid request: too many streams for one connection', id));
      }
      for (const stream of streams) this.registry.subscribe(this.client, stream);
      this.reply(JSON.stringify({ result: null, id }));
      this.onSubscribed(this.client, fresh);
      return;
    }
    for (const stream of streams) this.registry.unsubscribe(this.client, stream);
    this.reply(JSON.stringify({ result: null, id }));
  }

  private setProperty(params: unknown, id: RequestId): void {
    if (!Array.isArray(params) || params[0] !== 'combined')
      return this.reply(errorFrame(0, 'Unknown property', id));
    if (typeof params[1] !== 'boolean')
      return this.reply(errorFrame(1, 'Invalid value type: expected Boolean', id));
    this.client.combined = params[1];
    this.reply(JSON.stringify({ result: null, id }));
  }

  private reply(text: string): void {
    this.registry.send(this.client, text);
  }
}

function isRequestId(id: unknown): boolean {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id >= 0;
  return typeof id === 'string' && id.length <= 36;
}
