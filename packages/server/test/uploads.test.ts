import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { pngBomb, pngImage, uploadFile, zipArchive } from './helpers/uploads.js';
import { signUp } from './helpers/users.js';

let ex: TestExchange;
let uploadsDir: string;
let alice: { token: string; id: number };
let bob: { token: string; id: number };

beforeAll(async () => {
  uploadsDir = mkdtempSync(join(tmpdir(), 'oex-uploads-'));
  ex = await startTestExchange({ uploadsDir, uploadsPerHour: 40 });
  alice = await signUp(ex.api);
  bob = await signUp(ex.api);
});
afterAll(async () => {
  await ex?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

/** A JPEG taken "sideways" (EXIF orientation 6: rotate 90°) with a camera make and a GPS position. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2430/100' },
    })
    .toBuffer();
}

async function download(id: number, headers: Record<string, string>) {
  const response = await fetch(`${ex.url}/api/common/image/${id}`, { headers: { lang: 'en', ...headers } });
  return { response, data: Buffer.from(await response.arrayBuffer()) };
}

function storedFiles(): string[] {
  try {
    return readdirSync(uploadsDir);
  } catch {
    return [];
  }
}

async function expectRefused(
  data: Uint8Array,
  name: string,
  type: string,
  status: number,
  message: RegExp,
): Promise<void> {
  const before = storedFiles().length;
  const rows = await ex.db.kysely.selectFrom('uploads').select('id').execute();
  const answer = await uploadFile(ex.url, alice.token, data, name, type);
  expect(answer.status, answer.body.msg).toBe(status);
  expect(answer.body.code).toBe(0);
  expect(answer.body.msg).toMatch(message);
  expect(storedFiles()).toHaveLength(before);
  expect(await ex.db.kysely.selectFrom('uploads').select('id').execute()).toHaveLength(rows.length);
}

describe('image uploads: accepted files', () => {
  it('takes a JPEG, strips EXIF and GPS, applies its orientation, stores it 0600 under a random name', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('TestCam')).toBe(true);

    const answer = await uploadFile(ex.url, alice.token, original, 'holiday.jpg', 'image/jpeg', 'identity');
    expect(answer.body, answer.body.msg).toMatchObject({ code: 1, data: { mime: 'image/jpeg' } });
    const { id, url } = answer.body.data!;
    expect(url).toBe(`/api/common/image/${id}`);

    const { response, data } = await download(id, { authorization: `Bearer ${alice.token}` });
    expect(response.status).toBe(200);
    const after = await sharp(data).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    // Orientation 6 applied: the 40×20 picture now stands 20×40.
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(data.includes('TestCam')).toBe(false);

    const row = await ex.db.kysely
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: alice.id,
      purpose: 'identity',
      mime: 'image/jpeg',
      width: 20,
      height: 40,
    });
    expect(row.stored_name).toMatch(/^[\w-]{43}\.jpg$/);
    expect(statSync(join(uploadsDir, row.stored_name)).mode & 0o777).toBe(0o600);
  });

  it('takes a PNG and a WebP, re-encoded in their own format', async () => {
    const png = await uploadFile(ex.url, alice.token, await pngImage(), 'a.png', 'image/png');
    expect(png.body, png.body.msg).toMatchObject({
      code: 1,
      data: { mime: 'image/png', width: 24, height: 16 },
    });
    const webpData = await sharp({ create: { width: 30, height: 30, channels: 4, background: '#08f8' } })
      .webp()
      .withExif({ IFD0: { Make: 'TestCam' } })
      .toBuffer();
    // The declared name and type do not matter: the bytes say WebP.
    const webp = await uploadFile(ex.url, alice.token, webpData, 'photo.gif', 'application/octet-stream');
    expect(webp.body, webp.body.msg).toMatchObject({ code: 1, data: { mime: 'image/webp' } });
    const { response, data } = await download(webp.body.data!.id, { authorization: alice.token });
    expect(response.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });
});

describe('image uploads: hostile files are refused and nothing is stored', () => {
  it('refuses a text file that claims to be a JPEG', async () => {
    await expectRefused(
      Buffer.from('hello, I am certainly a photo'),
      'me.jpg',
      'image/jpeg',
      200,
      /JPEG, PNG or WebP/,
    );
  });

  it('refuses an SVG, even one named .png', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRefused(Buffer.from(svg), 'logo.png', 'image/png', 200, /JPEG, PNG or WebP/);
    await expectRefused(Buffer.from(`<?xml version="1.0"?>${svg}`), 'logo.svg', 'image/svg+xml', 200, /JPEG/);
  });

  it('refuses a ZIP archive', async () => {
    await expectRefused(zipArchive(), 'photo.jpg', 'image/jpeg', 200, /JPEG, PNG or WebP/);
  });

  it('refuses polyglots: a PNG with junk after its end, a JPEG with a ZIP appended', async () => {
    const png = await pngImage();
    await expectRefused(
      Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]),
      'a.png',
      'image/png',
      200,
      /damaged or carries other data/,
    );
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    await expectRefused(
      Buffer.concat([jpeg, zipArchive()]),
      'a.jpg',
      'image/jpeg',
      200,
      /damaged or carries other data/,
    );
  });

  it('refuses a file that sniffs as an image but does not decode', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    await expectRefused(
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'cut.jpg',
      'image/jpeg',
      200,
      /damaged/,
    );
    const png = pngBomb(16, 16, 2); // pixel data for 2 of its 16 rows
    await expectRefused(png, 'short.png', 'image/png', 200, /damaged/);
  });

  it('refuses pixel bombs by their header, before decoding', async () => {
    // A few hundred bytes declaring 20000 × 20000 (400 megapixels).
    const declared = pngBomb(20000, 20000, 1);
    expect(declared.length).toBeLessThan(2000);
    await expectRefused(declared, 'bomb.png', 'image/png', 200, /40 megapixels/);
    // A whole, valid PNG of 8000 × 6000 (48 megapixels) that deflates to 48 MB from ~50 KB.
    const real = pngBomb(8000, 6000);
    expect(real.length).toBeLessThan(200_000);
    await expectRefused(real, 'bomb2.png', 'image/png', 200, /40 megapixels/);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0x41);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    await expectRefused(big, 'big.jpg', 'image/jpeg', 413, /larger than 5 MB/);
  });

  it('refuses a request without a file, and a visitor', async () => {
    const empty = await fetch(`${ex.url}/api/common/image_upload`, {
      method: 'POST',
      headers: { authorization: alice.token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as { code: number }).code).toBe(0);
    const visitor = await uploadFile(ex.url, undefined, await pngImage(), 'a.png', 'image/png');
    expect(visitor.status).toBe(200);
    expect(visitor.body.code).toBe(999);
  });
});

describe('image uploads: serving', () => {
  it('serves an image to its owner and the operator only, with safe headers', async () => {
    const answer = await uploadFile(ex.url, alice.token, await pngImage('#f0f'), 'x.png', 'image/png');
    const id = answer.body.data!.id;

    const own = await download(id, { authorization: `Bearer ${alice.token}` });
    expect(own.response.status).toBe(200);
    expect(own.response.headers.get('content-type')).toBe('image/png');
    expect(own.response.headers.get('content-disposition')).toBe(`inline; filename="image-${id}.png"`);
    expect(own.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.response.headers.get('cache-control')).toBe('private, no-store');

    const other = await download(id, { authorization: `Bearer ${bob.token}` });
    expect(other.response.status).toBe(404);
    expect(JSON.parse(other.data.toString())).toMatchObject({ code: 0, msg: 'No such image' });

    const visitor = await download(id, {});
    expect(visitor.response.status).toBe(401);

    const admin = await download(id, { 'x-admin-token': ex.adminToken });
    expect(admin.response.status).toBe(200);
    expect(admin.data.equals(own.data)).toBe(true);

    const wrongAdmin = await download(id, { 'x-admin-token': 'x'.repeat(ex.adminToken.length) });
    expect(wrongAdmin.response.status).toBe(403);
  });

  it('answers a translated error', async () => {
    const answer = await fetch(`${ex.url}/api/common/image/999999`, {
      headers: { authorization: alice.token, lang: 'zh' },
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 0, msg: '图片不存在' });
  });

  it('limits uploads per user per hour, refused attempts included', async () => {
    const carol = await signUp(ex.api);
    const png = await pngImage();
    for (let i = 0; i < 39; i += 1) {
      const answer = await uploadFile(ex.url, carol.token, Buffer.from('not an image'), 'a.png', 'image/png');
      expect(answer.body.code).toBe(0);
    }
    expect((await uploadFile(ex.url, carol.token, png, 'a.png', 'image/png')).body.code).toBe(1);
    const limited = await uploadFile(ex.url, carol.token, png, 'a.png', 'image/png');
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/Too many uploads/);
    // Someone else is not affected, and an hour later Carol may upload again.
    expect((await uploadFile(ex.url, bob.token, png, 'a.png', 'image/png')).body.code).toBe(1);
    ex.clock.advance(3_600_001);
    expect((await uploadFile(ex.url, carol.token, png, 'a.png', 'image/png')).body.code).toBe(1);
  });
});
