import type { WebSocket } from 'ws';

/**
 * A push written to many sockets as one prepared WebSocket frame (docs/performance.md, "Fan-out:
 * one prepared frame"). `ws` frames every send anew: a header allocated, the socket corked, two
 * writes and an uncork, per socket. A push to 10,000 subscribers is the same bytes each time, so
 * its frame (a final text frame, unmasked as a server's are, no extension) is built once and each
 * socket gets a single write of it.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, text
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** What `ws` keeps of a connection that a prepared frame needs: its TCP socket. */
interface WsInternals {
  _socket?: { write(chunk: Buffer): boolean; destroyed: boolean } | null;
  _sender?: { _state?: number; _bufferedBytes?: number };
}

/**
 * Writes a prepared frame straight to the connection's TCP socket, in order with what `ws` itself
 * writes (it writes at once too, with no extension and nothing queued). False, and nothing written,
 * where that does not hold (an extension negotiated, a send queued in `ws`, or a `ws` whose
 * internals changed): the caller then sends the payload through `ws`.
 */
export function writePrepared(socket: WebSocket, frame: Buffer): boolean {
  const internals = socket as unknown as WsInternals;
  const tcp = internals._socket;
  const sender = internals._sender;
  if (!tcp || tcp.destroyed || !sender || sender._state !== 0 || sender._bufferedBytes !== 0) return false;
  if (socket.extensions !== '') return false;
  tcp.write(frame);
  return true;
}
