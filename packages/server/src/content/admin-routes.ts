import fastifyMultipart from '@fastify/multipart';
import {
  articleIdParams,
  articleListQuery,
  articlePreviewRequest,
  articleSaveRequest,
  articleStatusRequest,
  contentImageParams,
} from '@oex/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Allow } from '../admin/guard.js';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { StoredImage } from '../uploads/store.js';
import { IMAGE_MULTIPART_LIMITS, readImageFile } from '../uploads/multipart.js';
import type { ArticleEditor } from './admin-service.js';
import type { ContentImages } from './images.js';

const tags = ['admin'];
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

  app.get(
    '/admin/content/articles',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary: 'Articles of a category (or all), published and withdrawn, in the public order',
        querystring: articleListQuery,
      },
    },
    async (request) => ok(await editor.list(request.query)),
  );

  app.get(
    '/admin/content/articles/:id',
    {
      preHandler: allow('read'),
      schema: {
        tags,
        summary: 'One article with the text of every language it has',
        params: articleIdParams,
      },
    },
    async (request) => ok(await editor.get(request.params.id)),
  );

  app.post(
    '/admin/content/preview',
    {
      preHandler: allow('content'),
      schema: {
        tags,
        summary: 'The texts as a save would store them (bodies sanitised); nothing is written',
        body: articlePreviewRequest,
      },
    },
    async (request) => ok(editor.preview(request.body.texts)),
  );

  app.post(
    '/admin/content/articles/save',
    {
      preHandler: allow('content'),
      schema: {
        tags,
        summary:
          'Publish a new article or a new version of one: English required, other languages optional (shown in English where absent), bodies sanitised on the server',
        body: articleSaveRequest,
      },
    },
    async (request) => {
      const { before, after } = await editor.save(request.body, operatorName(request));
      request.auditBefore = before;
      request.auditTarget = `article=${after.id}`;
      return ok(after, request, 'ok.article_saved');
    },
  );

  app.post(
    '/admin/content/articles/withdraw',
    {
      preHandler: allow('content'),
      schema: {
        tags,
        summary:
          'Withdraw a published article: the public no longer lists it and is told it was withdrawn; it stays in the database and the log',
        body: articleStatusRequest,
      },
    },
    async (request) => {
      const { id, reason } = request.body;
      const { before, after } = await editor.setStatus(id, 'withdrawn', reason, operatorName(request));
      request.auditBefore = before;
      return ok(after, request, 'ok.article_withdrawn');
    },
  );

  app.post(
    '/admin/content/articles/restore',
    {
      preHandler: allow('content'),
      schema: { tags, summary: 'Publish a withdrawn article again', body: articleStatusRequest },
    },
    async (request) => {
      const { id, reason } = request.body;
      const { before, after } = await editor.setStatus(id, 'published', reason, operatorName(request));
      request.auditBefore = before;
      return ok(after, request, 'ok.article_restored');
    },
  );

  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, { limits: IMAGE_MULTIPART_LIMITS });
    scope.post(
      '/admin/content/upload',
      {
        preHandler: allow('content'),
        config: { rateLimit: { max: deps.uploadRateLimit, timeWindow: ONE_MINUTE } },
        schema: {
          tags,
          summary:
            'Upload a banner or article image (multipart field `file`): the same checks as every upload (JPEG, PNG or WebP by its bytes, whole, at most 5 MB and 40 megapixels), re-encoded without metadata; public only while a published article shows it',
          consumes: ['multipart/form-data'],
        },
      },
      async (request) =>
        ok(await images.add(operatorName(request), await readImageFile(request)), request, 'ok.uploaded'),
    );
  });

  app.get(
    '/admin/content/image/:name',
    {
      preHandler: allow('read'),
      schema: { tags, summary: 'An uploaded article image, shown or not', params: contentImageParams },
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
