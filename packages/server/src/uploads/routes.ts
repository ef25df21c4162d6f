import { OPERATOR_HEADER, type Allow } from '../admin/guard.js';
import fastifyMultipart from '@fastify/multipart';
import { api, imageIdParams } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, userOf } from '../http/auth.js';
import type { SessionResolver } from '../users/auth-user.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { ApiPlugin } from '../platform/api.js';
import { IMAGE_MULTIPART_LIMITS, readImageFile } from './multipart.js';
import { sendPrivateImage } from './private-image.js';
import type { UploadStore } from './store.js';

const ONE_MINUTE = 60_000;

/**
 * common/image_upload (multipart, one `file` field) and common/image/:id. The multipart parser
 * lives only in this plugin's scope, with a 5 MB file limit; every other call still takes JSON.
 */
export function uploadApi(deps: {
  store: UploadStore;
  sessions: SessionResolver;
  allow: Allow;
  /** Upload requests per minute per client address (the per-user hourly budget is the store's). */
  rateLimit: number;
}): ApiPlugin {
  return async (app) => {
    const { store, sessions } = deps;
    const signedInCaller = requireUser(sessions);

    await app.register(async (signedIn) => {
      const scope = signedIn.withTypeProvider<ZodTypeProvider>();
      await scope.register(fastifyMultipart, { limits: IMAGE_MULTIPART_LIMITS });
      scope.addHook('preHandler', signedInCaller);
      route(
        scope,
        api.personal.upload,
        async (request) => {
          const user = userOf(request);
          const data = await readImageFile(request);
          return ok(await store.upload(user.id, data, request.query.purpose), request, 'ok.uploaded');
        },
        { config: { rateLimit: { max: deps.rateLimit, timeWindow: ONE_MINUTE } } },
      );
    });

    /** A reviewing operator may read any image; anyone else must sign in and own it. */
    const reviewer = deps.allow('reviews.support');
    const ownerOrAdmin = async (request: FastifyRequest): Promise<void> => {
      if (request.headers[OPERATOR_HEADER] !== undefined || request.headers['x-admin-token'] !== undefined) {
        return reviewer(request);
      }
      return signedInCaller(request);
    };

    app.get(
      '/common/image/:id',
      {
        preHandler: ownerOrAdmin,
        schema: {
          tags: ['personal'],
          summary:
            'One of your uploaded images (a support or admin operator may read any, with X-Operator-Token); another user gets 404',
          security: [{ token: [] }],
          params: imageIdParams,
        },
      },
      async (request, reply) => {
        const viewer = request.user ? { userId: request.user.id } : ('admin' as const);
        const image = await store.read(request.params.id, viewer);
        return sendPrivateImage(reply, image);
      },
    );
  };
}
