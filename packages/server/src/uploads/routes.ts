import { OPERATOR_HEADER, type Allow } from '../admin/guard.js';
import fastifyMultipart from '@fastify/multipart';
import { imageIdParams, imageUploadQuery, UPLOAD_MAX_BYTES } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, userOf, type SessionResolver } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import { AppError, badRequest } from '../http/errors.js';
import type { Api } from '../http/server.js';
import type { UploadStore } from './store.js';

const ONE_MINUTE = 60_000;

/** Errors of @fastify/multipart that the caller caused, as our translated errors. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'error.upload_too_large');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code.startsWith('FST_')) {
    return badRequest('error.upload_missing');
  }
  return error;
}

/**
 * common/image_upload (multipart, one `file` field) and common/image/:id. The multipart parser
 * lives only in this plugin's scope, with a 5 MB file limit; every other call still takes JSON.
 */
export function uploadRoutes(
  app: Api,
  deps: {
    store: UploadStore;
    sessions: SessionResolver;
    allow: Allow;
    /** Upload requests per minute per client address (the per-user hourly budget is the store's). */
    rateLimit: number;
  },
): void {
  const { store, sessions } = deps;
  const signedIn = requireUser(sessions);

  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 256 },
    });
    scope.post(
      '/api/common/image_upload',
      {
        preHandler: signedIn,
        config: { rateLimit: { max: deps.rateLimit, timeWindow: ONE_MINUTE } },
        schema: {
          tags: ['personal'],
          summary:
            'Upload one JPEG, PNG or WebP (multipart field `file`, at most 5 MB and 40 megapixels); it is re-encoded without metadata and readable only by you and the operator',
          security: [{ token: [] }],
          consumes: ['multipart/form-data'],
          querystring: imageUploadQuery,
        },
      },
      async (request) => {
        const user = userOf(request);
        let data: Buffer;
        try {
          const part = await request.file();
          if (!part || part.fieldname !== 'file') throw badRequest('error.upload_missing');
          data = await part.toBuffer();
          // The parser throws past the limit, but whether it does before the stream ends depends
          // on timing (seen under load): a cut-off file is refused as too large either way.
          if (part.file.truncated || data.length > UPLOAD_MAX_BYTES) {
            throw new AppError(413, 'error.upload_too_large');
          }
        } catch (error) {
          throw multipartError(error);
        }
        return ok(await store.upload(user.id, data, request.query.purpose), request, 'ok.uploaded');
      },
    );
  });

  /** A reviewing operator may read any image; anyone else must sign in and own it. */
  const reviewer = deps.allow('reviews.support');
  const ownerOrAdmin = async (request: FastifyRequest): Promise<void> => {
    if (request.headers[OPERATOR_HEADER] !== undefined || request.headers['x-admin-token'] !== undefined) {
      return reviewer(request);
    }
    return signedIn(request);
  };

  app.get(
    '/api/common/image/:id',
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
      return reply
        .header('content-type', image.mime)
        .header('content-disposition', `inline; filename="${image.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(image.data);
    },
  );
}
