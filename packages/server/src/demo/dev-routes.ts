import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import { forbidden } from '../platform/errors.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { Delivery } from '../notify/delivery.js';
import { DEMO } from './seed.js';
import { mailboxPage } from './mailbox-page.js';

/**
 * Whether a request comes from this machine itself: the socket's peer is loopback and no proxy
 * forwarded it (a reverse proxy on the same host would otherwise make every visitor local).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  return loopback && !request.headers['x-forwarded-for'] && !request.headers.forwarded;
}

export async function localOnly(request: FastifyRequest): Promise<void> {
  if (!fromThisMachine(request)) throw forbidden('error.local_only');
}

/**
 * Demo-only helpers; they are not registered outside demo mode, so they answer 404 there. The
 * mailbox holds every code, so it answers only requests from this machine.
 */
export function devApi(delivery: Delivery): ApiPlugin {
  return async (app) => mailboxRoutes(app, delivery);
}

/** The mailbox as a page, `/dev/mailbox`: outside the `/api` prefix. */
export const devPages: ApiPlugin = async (app) => {
  app.get('/dev/mailbox', { preHandler: localOnly, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(mailboxPage()),
  );
};

function mailboxRoutes(app: Api, delivery: Delivery): void {
  app.get(
    '/dev/mailbox',
    {
      preHandler: localOnly,
      schema: {
        tags: ['dev'],
        summary: 'Demo only: messages the server would have sent, newest first',
        querystring: z.object({ to: z.string().trim().max(254).optional() }),
      },
    },
    async (request) => ok(await delivery.mailbox(request.query.to)),
  );

  app.get(
    '/dev/demo',
    { schema: { tags: ['dev'], summary: 'Demo only: the demo invite code and users' } },
    async () => ok({ invite_code: DEMO.invite_code, users: DEMO.users }),
  );
}
