import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { UploadResult } from '@oex/protocol';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Answer } from './client.js';

/** Sends a file to common/image_upload as a browser form would, with whatever name and type it claims. */
export async function uploadFile(
  baseUrl: string,
  token: string | undefined,
  data: Uint8Array,
  name = 'photo.jpg',
  type = 'image/jpeg',
  purpose?: string,
): Promise<Answer<UploadResult>> {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), name);
  const headers: Record<string, string> = { lang: 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  const query = purpose ? `?purpose=${purpose}` : '';
  const response = await fetch(`${baseUrl}/api/common/image_upload${query}`, {
    method: 'POST',
    headers,
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Answer<UploadResult>['body'] };
}

/** A small real PNG of one colour. */
export async function pngImage(colour = '#3a7', width = 24, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** Uploads a fresh small PNG and answers its id. */
export async function uploadPng(baseUrl: string, token: string, colour = '#3a7'): Promise<number> {
  const answer = await uploadFile(baseUrl, token, await pngImage(colour), 'id.png', 'image/png');
  expect(answer.body, answer.body.msg).toMatchObject({ code: 1 });
  return answer.body.data!.id;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A well-formed grayscale PNG of width × height whose pixel data is `rows` rows of zeros,
 * deflated: a few kilobytes that would decode to width × height bytes.
 */
export function pngBomb(width: number, height: number, rows = height): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  const raw = Buffer.alloc(rows * (width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ZIP archive holding one stored file, built by hand (local header, central directory, end). */
export function zipArchive(name = 'payload.html', content = '<script>alert(1)</script>'): Buffer {
  const fileName = Buffer.from(name);
  const data = Buffer.from(content);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/**
 * A real PNG of about 1.5 MB, past NATS's 1 MiB message (MAX_FORWARDED_BODY): noise does not
 * compress, so a gateway sends it through the object store.
 */
export async function noisePng(width = 700): Promise<Buffer> {
  return sharp(randomBytes(width * width * 3), { raw: { width, height: width, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
