import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isWholeImage, jpegEnd, pngEnd, webpEnd } from './image-check.js';

const solid = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: '#48c' } })
    .toFormat(format)
    .toBuffer();

describe('whole-image checks', () => {
  it('finds the end of a PNG, a WebP and a JPEG exactly at their last byte', async () => {
    const png = await solid('png');
    const webp = await solid('webp');
    const jpeg = await solid('jpeg');
    expect(pngEnd(png)).toBe(png.length);
    expect(webpEnd(webp)).toBe(webp.length);
    expect(jpegEnd(jpeg)).toBe(jpeg.length);
    expect(isWholeImage('image/png', png)).toBe(true);
    expect(isWholeImage('image/webp', webp)).toBe(true);
    expect(isWholeImage('image/jpeg', jpeg)).toBe(true);
  });

  it('finds the end of a progressive JPEG (several scans)', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a53' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(jpegEnd(jpeg)).toBe(jpeg.length);
  });

  it('refuses anything after the end', async () => {
    const tail = Buffer.from('PK\x03\x04<script>');
    for (const [mime, data] of [
      ['image/png', await solid('png')],
      ['image/webp', await solid('webp')],
      ['image/jpeg', await solid('jpeg')],
    ] as const) {
      expect(isWholeImage(mime, Buffer.concat([data, tail]))).toBe(false);
    }
  });

  it('refuses a cut file', async () => {
    const png = await solid('png');
    const jpeg = await solid('jpeg');
    expect(isWholeImage('image/png', png.subarray(0, png.length - 5))).toBe(false);
    expect(isWholeImage('image/jpeg', jpeg.subarray(0, jpeg.length - 2))).toBe(false);
  });

  it('allows a second whole JPEG after the first (multi-picture files) and zero padding, nothing else', async () => {
    const jpeg = await solid('jpeg');
    expect(isWholeImage('image/jpeg', Buffer.concat([jpeg, jpeg]))).toBe(true);
    expect(isWholeImage('image/jpeg', Buffer.concat([jpeg, Buffer.alloc(64)]))).toBe(true);
    expect(isWholeImage('image/jpeg', Buffer.concat([jpeg, jpeg.subarray(0, 40)]))).toBe(false);
    expect(isWholeImage('image/jpeg', Buffer.concat([jpeg, Buffer.alloc(8), Buffer.from('x')]))).toBe(false);
  });
});
