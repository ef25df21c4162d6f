import { join } from 'node:path';
import type { AdminParts } from '../admin/domain.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import { ArticleEditor } from './admin-service.js';
import { contentAdminApi } from './admin-routes.js';
import { ContentImages } from './images.js';
import { contentApi } from './routes.js';
import { ContentService } from './service.js';

export interface ContentParts {
  /** News, notices, help articles and the home page's banners. */
  content: ContentService;
}

/** Articles for readers, and the console's editor and images for operators. */
export const contentDomain: Domain<ExchangeContext & AdminParts, ContentParts> = {
  name: 'content',
  open: ({ config, db, clock, settings, timeZone, allow }) => {
    const content = new ContentService(db.kysely, settings, timeZone);
    return {
      parts: { content },
      routes: () => [
        api(contentApi(content)),
        api(
          contentAdminApi({
            editor: new ArticleEditor(db.kysely, clock),
            images: new ContentImages(db.kysely, join(config.uploadsDir, 'content'), clock),
            allow,
            uploadRateLimit: config.authRateLimit,
          }),
        ),
      ],
    };
  },
};
