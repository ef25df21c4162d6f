import type { WebSocket } from 'ws';

/**
 * Closes sockets with 1001 (going away) as a drain does, waits up to `graceMs` for their close
 * handshakes, and cuts the ones still open after it.
 */
export async function closeSockets(sockets: readonly WebSocket[], graceMs: number): Promise<void> {
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) resolve();
        else socket.once('close', () => resolve());
      }),
  );
  for (const socket of sockets) socket.close(1001, 'server shutting down');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  for (const socket of sockets) if (socket.readyState !== socket.CLOSED) socket.terminate();
}
