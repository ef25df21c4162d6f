import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_IMAGE_NAME, CONTENT_IMAGE_PATH, type ContentImage } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { notFound } from '../platform/errors.js';
import type { Clock } from '../lib/clock.js';
import { storeImage, type StoredImage } from '../uploads/store.js';

/**
 * Operators' images for articles (banners, pictures in a body). They pass the same checks as
 * users' uploads (normaliseImage: type by bytes, no polyglot, size and pixel limits, decoded and
 * re-encoded without metadata) and are written the same way (random name, mode 0600, outside the
 * web root), in their own folder and table. The public may read one only while a published article
 * shows it, so a withdrawn article takes its images down with it.
 */
export class ContentImages {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dir: string,
    private readonly clock: Clock,
  ) {}

  async add(operator: string, input: Buffer): Promise<ContentImage> {
    return storeImage(this.dir, input, async (image, storedName) => {
      const row = await this.db
        .insertInto('content_images')
        .values({
          stored_name: storedName,
          mime: image.mime,
          bytes: image.data.length,
          width: image.width,
          height: image.height,
          operator,
          created_at: this.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        id: row.id,
        url: CONTENT_IMAGE_PATH + storedName,
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
      };
    });
  }

  /** An image by name: for anyone while a published article shows it, for operators always. */
  async read(name: string, viewer: 'public' | 'operator'): Promise<StoredImage> {
    if (!CONTENT_IMAGE_NAME.test(name)) throw notFound('error.upload_unknown');
    let query = this.db
      .selectFrom('content_images')
      .select(['content_images.id', 'content_images.stored_name', 'content_images.mime'])
      .where('content_images.stored_name', '=', name);
    if (viewer === 'public') {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('news_images')
            .innerJoin('news', 'news.id', 'news_images.news_id')
            .select('news.id')
            .whereRef('news_images.image_id', '=', 'content_images.id')
            .where('news.status', '=', 'published'),
        ),
      );
    }
    const row = await query.executeTakeFirst();
    if (!row) throw notFound('error.upload_unknown');
    const data = await readFile(join(this.dir, row.stored_name)).catch(() => {
      throw notFound('error.upload_unknown');
    });
    return { data, mime: row.mime, filename: row.stored_name };
  }
}
