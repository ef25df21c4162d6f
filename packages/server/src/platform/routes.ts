import { ResponseCode } from '@oex/protocol';
import { ok } from '../http/envelope.js';
import type { Api } from './api.js';
import { translate } from './messages/index.js';
import type { Operations } from './operations.js';

/**
 * The HTTP side of operations: the request hooks (metrics, drain gate) and `GET /api/ready`;
 * attached right after the server is made, before any other route.
 */
export function operationsRoutes(app: Api, operations: Operations): void {
  operations.gate.attach(app);
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: started, not draining, database and books; chains reported (503 when not ready)',
      },
    },
    async (request, reply) => {
      const { ready, report } = await operations.readiness.check();
      if (ready) return ok(report);
      return reply
        .status(503)
        .send({ code: ResponseCode.ERROR, msg: translate(request.lang, 'error.not_ready'), data: report });
    },
  );
}
