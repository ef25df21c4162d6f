import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '@oex/protocol';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError, badRequest } from '../platform/errors.js';
import { isWholeImage, type ImageMime } from './image-check.js';

export interface CleanImage {
  data: Buffer;
  mime: ImageMime;
  ext: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

const FORMATS: Record<string, { mime: ImageMime; ext: CleanImage['ext']; sharp: string }> = {
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg', sharp: 'jpeg' },
  'image/png': { mime: 'image/png', ext: 'png', sharp: 'png' },
  'image/webp': { mime: 'image/webp', ext: 'webp', sharp: 'webp' },
};

/**
 * Takes an uploaded file only if it is a JPEG, PNG or WebP by its bytes (never by its name or
 * declared type), whole (nothing appended), at most 5 MB and 40 megapixels by its header (read
 * before any pixel is decoded, and sharp's own pixel limit besides), and decodes cleanly. Answers
 * the image decoded, turned upright by its EXIF orientation and encoded again in the same format,
 * with no metadata at all (EXIF, GPS, XMP, ICC, comments are gone).
 */
export async function normaliseImage(input: Buffer): Promise<CleanImage> {
  if (input.length === 0) throw badRequest('error.upload_missing');
  if (input.length > UPLOAD_MAX_BYTES) throw new AppError(413, 'error.upload_too_large');
  const sniffed = await fileTypeFromBuffer(input);
  const format = sniffed ? FORMATS[sniffed.mime] : undefined;
  if (!format) throw new AppError(415, 'error.upload_type');
  if (!isWholeImage(format.mime, input)) throw badRequest('error.upload_corrupt');

  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'warning' as const, animated: false };
  let header: Metadata;
  try {
    // The header only (no pixel is decoded), without the pixel limit so that a bomb is named as one.
    header = await sharp(input, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    throw badRequest('error.upload_corrupt');
  }
  if (header.format !== format.sharp || !header.width || !header.height) {
    throw badRequest('error.upload_corrupt');
  }
  if (header.width * header.height > UPLOAD_MAX_PIXELS) throw badRequest('error.upload_pixels');

  try {
    let pipeline = sharp(input, options).rotate();
    pipeline =
      format.mime === 'image/jpeg'
        ? pipeline.jpeg({ quality: 90 })
        : format.mime === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 90 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, mime: format.mime, ext: format.ext, width: info.width, height: info.height };
  } catch {
    throw badRequest('error.upload_corrupt');
  }
}
