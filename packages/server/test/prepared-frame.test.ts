import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { textFrame, writePrepared } from '../src/realtime/prepared-frame.js';

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A `ws` server and a client of it; the server's side of the connection, and what the client got. */
async function pair(perMessageDeflate = false) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    perMessageDeflate,
  });
  const received: string[] = [];
  client.on('message', (data, isBinary) => received.push(isBinary ? 'binary!' : String(data)));
  await new Promise((resolve) => client.once('open', resolve));
  return { socket: await accepted, received };
}

async function until(check: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 3000; !check();) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a push written as one prepared frame', () => {
  it("reaches a ws client whole at every length encoding, in order with ws's own sends", async () => {
    const { socket, received } = await pair();
    // 7-bit, the 16-bit and the 64-bit lengths, at their edges; multi-byte text too.
    const payloads = [0, 1, 125, 126, 127, 65_535, 65_536, 70_000].map((length) =>
      'é'.repeat(Math.floor(length / 2)).padEnd(length - Math.floor(length / 2), 'x'),
    );
    const sent: string[] = [];
    for (const [i, payload] of payloads.entries()) {
      expect(writePrepared(socket, textFrame(Buffer.from(payload)))).toBe(true);
      sent.push(payload);
      // Between two prepared frames, one sent through ws itself.
      socket.send(`ws ${i}`);
      sent.push(`ws ${i}`);
    }
    await until(() => received.length === sent.length);
    expect(received).toEqual(sent);
  });

  it('writes nothing where ws compresses (an extension negotiated) or the socket is gone', async () => {
    const compressed = await pair(true);
    expect(compressed.socket.extensions).not.toBe('');
    expect(writePrepared(compressed.socket, textFrame(Buffer.from('x')))).toBe(false);

    const plain = await pair();
    plain.socket.terminate();
    await until(() => plain.socket.readyState === WebSocket.CLOSED);
    expect(writePrepared(plain.socket, textFrame(Buffer.from('x')))).toBe(false);
  });
});
