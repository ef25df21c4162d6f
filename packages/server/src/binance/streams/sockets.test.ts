import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES, StreamRegistry, type StreamSocket } from './sockets.js';

/** A socket's surface the registry uses: what it was sent, how much it has not sent yet. */
class SocketDouble extends EventEmitter {
  readonly OPEN = 1;
  readonly CLOSED = 3;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  terminated = false;
  send(text: string) {
    this.sent.push(text);
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
}

const reader = (registry: StreamRegistry, combined: boolean) => {
  const socket = new SocketDouble();
  const client: StreamSocket = { socket: socket as unknown as WebSocket, combined, streams: new Set() };
  registry.add(client);
  registry.subscribe(client, 'btcusdt@trade');
  return { socket, client };
};

describe('StreamRegistry', () => {
  it('builds an event once for all readers, raw or wrapped, and cuts a reader that does not keep up', () => {
    const registry = new StreamRegistry();
    let dropped = 0;
    registry.onSlowClientDropped = () => (dropped += 1);
    const raw = reader(registry, false);
    const combined = reader(registry, true);
    const slow = reader(registry, false);
    slow.socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    let built = 0;
    registry.publish('btcusdt@trade', () => ({ e: 'trade', p: '1.5', n: ++built }));
    expect(built).toBe(1);
    expect(raw.socket.sent).toEqual(['{"e":"trade","p":"1.5","n":1}']);
    expect(combined.socket.sent).toEqual(['{"stream":"btcusdt@trade","data":{"e":"trade","p":"1.5","n":1}}']);
    expect(slow.socket.sent).toEqual([]);
    expect(slow.socket.terminated).toBe(true);
    expect(dropped).toBe(1);
    expect(registry.size).toBe(2);
    registry.publish('nobody@trade', () => {
      throw new Error('built for no reader');
    });
  });

  it('forgets a reader that closed', () => {
    const registry = new StreamRegistry();
    const { socket } = reader(registry, false);
    socket.emit('close');
    expect(registry.has('btcusdt@trade')).toBe(false);
    expect(registry.size).toBe(0);
  });
});
