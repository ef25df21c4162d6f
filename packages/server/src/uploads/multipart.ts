import { UPLOAD_MAX_BYTES } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../platform/errors.js';

/** The multipart parser's limits for an image upload: one `file` field of at most 5 MB. */
export const IMAGE_MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 2,
  parts: 3,
  fieldSize: 256,
};

/** Errors of @fastify/multipart that the caller caused, as our translated errors. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'error.upload_too_large');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code.startsWith('FST_')) {
    return badRequest('error.upload_missing');
  }
  return error;
}

/** The bytes of the request's one `file` part, refused when missing or cut off at the size limit. */
export async function readImageFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw badRequest('error.upload_missing');
    const data = await part.toBuffer();
    // The parser throws past the limit, but whether it does before the stream ends depends
    // on timing (seen under load): a cut-off file is refused as too large either way.
    if (part.file.truncated || data.length > UPLOAD_MAX_BYTES) {
      throw new AppError(413, 'error.upload_too_large');
    }
    return data;
  } catch (error) {
    throw multipartError(error);
  }
}
