import { z } from 'zod';
import { ok } from '../http/envelope.js';
import type { Api } from '../http/server.js';
import type { Delivery } from '../notify/delivery.js';
import { DEMO } from '../db/seed/demo.js';
import { mailboxPage } from './mailbox-page.js';

/** Demo-only helpers; they are not registered outside demo mode, so they answer 404 there. */
export function devRoutes(app: Api, delivery: Delivery): void {
  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo only: messages the server would have sent, newest first',
        querystring: z.object({ to: z.string().trim().max(254).optional() }),
      },
    },
    async (request) => ok(await delivery.mailbox(request.query.to)),
  );

  app.get(
    '/api/dev/demo',
    { schema: { tags: ['dev'], summary: 'Demo only: the demo invite code and users' } },
    async () => ok({ invite_code: DEMO.invite_code, users: DEMO.users }),
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(mailboxPage()),
  );
}
