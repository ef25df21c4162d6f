import fastifyMultipart from '@fastify/multipart';
import { api, contentImageParams } from '@oex/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Allow } from '../admin/guard.js';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { StoredImage } from '../uploads/store.js';
import { IMAGE_MULTIPART_LIMITS, readImageFile } from '../uploads/multipart.js';
import type { ArticleEditor } from './admin-service.js';
import type { ContentImages } from './images.js';

const ONE_MINUTE = 60_000;

/** The operator's name for the article's "last saved by" (the log keeps the full principal). */
const operatorName = (request: FastifyRequest): string => request.operator!.name;

function sendImage(reply: FastifyReply, image: StoredImage, cache: string) {
  return reply
    .header('content-type', image.mime)
    .header('content-disposition', `inline; filename="${image.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cache)
    .send(image.data);
}

/**
 * The console's articles (docs/operator-console.md): news, notices, banners, help, about and legal pages.
 * Lists and reads need `read`; every change needs `content` and lands in the operator log with
 * the article before and after.
 */
export function contentAdminApi(deps: ContentAdminDeps): ApiPlugin {
  return async (app) => articleRoutes(app, deps);
}

interface ContentAdminDeps {
  editor: ArticleEditor;
  images: ContentImages;
  allow: Allow;
  /** Upload requests per minute per client address. */
  uploadRateLimit: number;
}

function articleRoutes(app: Api, deps: ContentAdminDeps): void {
  const { editor, images, allow } = deps;
  const calls = api.admin.content;
  const read = { preHandler: allow('read') };
  const edit = { preHandler: allow('content') };

  route(app, calls.articles, async (request) => ok(await editor.list(request.query)), read);
  route(app, calls.article, async (request) => ok(await editor.get(request.params.id)), read);
  route(app, calls.preview, async (request) => ok(editor.preview(request.body.texts)), edit);

  route(
    app,
    calls.save,
    async (request) => {
      const { before, after } = await editor.save(request.body, operatorName(request));
      request.auditBefore = before;
      request.auditTarget = `article=${after.id}`;
      return ok(after, request, 'ok.article_saved');
    },
    edit,
  );

  route(
    app,
    calls.withdraw,
    async (request) => {
      const { id, reason } = request.body;
      const { before, after } = await editor.setStatus(id, 'withdrawn', reason, operatorName(request));
      request.auditBefore = before;
      return ok(after, request, 'ok.article_withdrawn');
    },
    edit,
  );

  route(
    app,
    calls.restore,
    async (request) => {
      const { id, reason } = request.body;
      const { before, after } = await editor.setStatus(id, 'published', reason, operatorName(request));
      request.auditBefore = before;
      return ok(after, request, 'ok.article_restored');
    },
    edit,
  );

  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, { limits: IMAGE_MULTIPART_LIMITS });
    route(
      scope,
      calls.upload,
      async (request) =>
        ok(await images.add(operatorName(request), await readImageFile(request)), request, 'ok.uploaded'),
      {
        preHandler: allow('content'),
        config: { rateLimit: { max: deps.uploadRateLimit, timeWindow: ONE_MINUTE } },
      },
    );
  });

  // Images answer their bytes, not an envelope: routes of their own, not contract calls.
  app.get(
    '/admin/content/image/:name',
    {
      preHandler: allow('read'),
      schema: {
        tags: ['admin'],
        summary: 'An uploaded article image, shown or not',
        params: contentImageParams,
      },
    },
    async (request, reply) =>
      sendImage(reply, await images.read(request.params.name, 'operator'), 'private, no-store'),
  );

  app.get(
    '/content/image/:name',
    {
      schema: {
        tags: ['content'],
        summary: 'An image a published article shows (its banner or a picture in its body); 404 otherwise',
        params: contentImageParams,
      },
    },
    // A few minutes of caching: a withdrawn article's images stop answering soon after.
    async (request, reply) =>
      sendImage(reply, await images.read(request.params.name, 'public'), 'public, max-age=300'),
  );
}
