import { api } from '@oex/protocol';
import { ok } from '../http/envelope.js';
import { route } from '../http/route.js';
import type { Api, ApiPlugin } from '../platform/api.js';
import type { ContentService } from './service.js';

/** news/*, default/area_list and default/setting. */
export function contentApi(content: ContentService): ApiPlugin {
  return async (app) => {
    newsRoutes(app, content);
  };
}

function newsRoutes(app: Api, content: ContentService): void {
  route(app, api.content.newsCategories, async (request) => ok(await content.categories(request.lang)));
  route(app, api.content.news, async (request) => {
    const { category_id, page, limit } = request.query;
    return ok(await content.list(category_id, page, limit, request.lang));
  });
  route(app, api.content.article, async (request) => ok(await content.info(request.query.id, request.lang)));
  route(app, api.content.areas, async () => ok(await content.areas()));
  route(app, api.content.setting, async (request) => ok(await content.setting(request.query.key)));
}
