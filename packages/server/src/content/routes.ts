import { newsInfoQuery, newsListQuery, settingQuery } from '@oex/protocol';
import { ok } from '../http/envelope.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { ContentService } from './service.js';

/** news/*, default/area_list and default/setting. */
export function contentApi(content: ContentService): ApiPlugin {
  return async (app) => {
    newsRoutes(app, content);
  };
}

function newsRoutes(app: Api, content: ContentService): void {
  app.get(
    '/news/categories',
    { schema: { tags: ['content'], summary: 'News categories' } },
    async (request) => ok(await content.categories(request.lang)),
  );

  app.get(
    '/news/list',
    { schema: { tags: ['content'], summary: 'Articles of a category, paged', querystring: newsListQuery } },
    async (request) => {
      const { category_id, page, limit } = request.query;
      return ok(await content.list(category_id, page, limit, request.lang));
    },
  );

  app.get(
    '/news/info',
    { schema: { tags: ['content'], summary: 'One article', querystring: newsInfoQuery } },
    async (request) => ok(await content.info(request.query.id, request.lang)),
  );

  app.get(
    '/default/area_list',
    { schema: { tags: ['content'], summary: 'Country and area calling codes' } },
    async () => ok(await content.areas()),
  );

  app.get(
    '/default/setting',
    {
      schema: {
        tags: ['content'],
        summary: 'A public setting by key, or all of them',
        querystring: settingQuery,
      },
    },
    async (request) => ok(await content.setting(request.query.key)),
  );
}
