import { chmod, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadPurpose, UploadResult } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest, notFound, tooMany } from '../platform/errors.js';
import type { Clock } from '../lib/clock.js';
import { randomToken } from '../lib/secrets.js';
import { normaliseImage, type CleanImage } from './normalise.js';

const HOUR = 3_600_000;

/**
 * Checks and re-encodes an image (normaliseImage), writes it in `dir` under a random name with
 * mode 0600, and hands it to `record` (its table row); the file is removed if recording fails.
 */
export async function storeImage<T>(
  dir: string,
  input: Buffer,
  record: (image: CleanImage, storedName: string) => Promise<T>,
): Promise<T> {
  const image = await normaliseImage(input);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storedName = `${randomToken()}.${image.ext}`;
  const path = join(dir, storedName);
  await writeFile(path, image.data, { mode: 0o600, flag: 'wx' });
  await chmod(path, 0o600);
  try {
    return await record(image, storedName);
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw error;
  }
}

/** Who asks for an image: a signed-in user (sees only their own) or the operator (sees all). */
export type ImageViewer = { userId: number } | 'admin';

export interface StoredImage {
  data: Buffer;
  mime: string;
  filename: string;
}

export function imageUrl(id: number): string {
  return `/api/common/image/${id}`;
}

/**
 * Uploaded images: cleaned (normaliseImage), written under a random name with mode 0600 in a
 * folder outside the web root, and recorded with their owner. Read back only by the owner or the
 * operator; anyone else is told there is no such image.
 */
export class UploadStore {
  /** Attempts per user in the last hour, refused ones included (in memory: a restart forgets). */
  private readonly attempts = new Map<number, number[]>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dir: string,
    private readonly clock: Clock,
    private readonly perHour: number,
  ) {}

  async upload(userId: number, input: Buffer, purpose: UploadPurpose): Promise<UploadResult> {
    this.spendAttempt(userId);
    return storeImage(this.dir, input, async (image, storedName) => {
      const row = await this.db
        .insertInto('uploads')
        .values({
          user_id: userId,
          purpose,
          stored_name: storedName,
          mime: image.mime,
          bytes: image.data.length,
          width: image.width,
          height: image.height,
          created_at: this.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        id: row.id,
        url: imageUrl(row.id),
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
      };
    });
  }

  /** Refuses (changing nothing) unless every id is an upload of this user. */
  async requireOwn(userId: number, ids: readonly number[], db: Kysely<Database> = this.db): Promise<void> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return;
    const rows = await db
      .selectFrom('uploads')
      .select('id')
      .where('id', 'in', wanted)
      .where('user_id', '=', userId)
      .execute();
    if (rows.length !== wanted.length) throw badRequest('error.upload_not_yours');
  }

  async read(id: number, viewer: ImageViewer): Promise<StoredImage> {
    let query = this.db.selectFrom('uploads').selectAll().where('id', '=', id);
    if (viewer !== 'admin') query = query.where('user_id', '=', viewer.userId);
    const row = await query.executeTakeFirst();
    if (!row) throw notFound('error.upload_unknown');
    const data = await readFile(join(this.dir, row.stored_name)).catch(() => {
      throw notFound('error.upload_unknown');
    });
    const ext = row.stored_name.slice(row.stored_name.lastIndexOf('.') + 1);
    return { data, mime: row.mime, filename: `image-${row.id}.${ext}` };
  }

  private spendAttempt(userId: number): void {
    const since = this.clock.now() - HOUR;
    const recent = (this.attempts.get(userId) ?? []).filter((at) => at > since);
    if (recent.length >= this.perHour) {
      const wait = Math.max(1, Math.ceil((recent[0]! + HOUR - this.clock.now()) / 60_000));
      this.attempts.set(userId, recent);
      throw tooMany('error.upload_rate', { minutes: wait });
    }
    recent.push(this.clock.now());
    this.attempts.set(userId, recent);
    if (this.attempts.size > 10_000) this.forgetIdle(since);
  }

  /** Drops users whose attempts are all older than the window, so the map stays small. */
  private forgetIdle(since: number): void {
    for (const [user, times] of this.attempts) {
      if ((times.at(-1) ?? 0) <= since) this.attempts.delete(user);
    }
  }
}
