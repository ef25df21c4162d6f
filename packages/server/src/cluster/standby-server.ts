import { once } from 'node:events';
import { createServer } from 'node:http';
import { ResponseCode, toLang } from '@oex/protocol';
import { translate } from '../platform/messages/index.js';
import type { LeaderLease } from './lease.js';

/** Seconds a caller is asked to wait: about a lease's life, when a standby may have taken over. */
const RETRY_AFTER_SECONDS = 3;

/**
 * What a process answers on its port while it waits for the lease (docs/cluster.md): alive
 * (`/api/health`, 200, status `standby`), not ready (`/api/ready`, 503, failing `standby`), and any
 * other request 503 with `retry-after`, in the caller's language. A load balancer that routes by
 * readiness so sends traffic only to the leader. Closed before the process, now leading, listens.
 */
export async function serveStandby(
  port: number,
  host: string,
  leader: () => string,
  /** A following standby's journal position (cluster/follower.ts), shown by its health. */
  following: () => number | null = () => null,
): Promise<{ close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const json = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(JSON.stringify(body));
    };
    if (path === '/api/health') {
      return json(200, {
        code: ResponseCode.OK,
        msg: 'ok',
        data: { status: 'standby', database: 'postgres', following: following() },
      });
    }
    response.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
    const msg = translate(toLang(request.headers.lang), 'error.not_ready');
    if (path === '/api/ready') {
      return json(503, {
        code: ResponseCode.ERROR,
        msg,
        data: { status: 'standby', failing: ['standby'], leader: leader() },
      });
    }
    response.setHeader('connection', 'close');
    json(503, { code: ResponseCode.ERROR, msg });
  });
  server.listen(port, host);
  await once(server, 'listening');
  return {
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Takes the lease. While another process leads: with `standbyAt`, waits as a standby answering on
 * that port (closed once this process leads); without, refuses at once (a command-line tool).
 */
export async function takeLead(
  lease: LeaderLease,
  standbyAt: { port: number; host: string } | undefined,
): Promise<void> {
  let standby: { close(): Promise<void> } | undefined;
  try {
    await lease.acquire(standbyAt !== undefined, async () => {
      if (standbyAt) standby = await serveStandby(standbyAt.port, standbyAt.host, () => lease.lastSeenHolder);
    });
  } finally {
    await standby?.close();
  }
}
