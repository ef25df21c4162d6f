import { ResponseCode } from '@oex/protocol';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from './api.js';
import { translate } from './messages/index.js';
import type { Operations } from './operations.js';

/**
 * The HTTP side of operations: the request hooks (metrics, drain gate), attached on the server
 * itself right after it is made, before any other route, so that they run for every route.
 */
export function attachOperations(app: Api, operations: Operations): void {
  operations.gate.attach(app);
}

/** `GET /api/ready` (registered under the `/api` prefix). */
export function operationsApi(operations: Operations): ApiPlugin {
  return async (app) => readyRoutes(app, operations);
}

function readyRoutes(app: Api, operations: Operations): void {
  app.get(
    '/ready',
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
