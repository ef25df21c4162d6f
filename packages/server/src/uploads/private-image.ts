import type { FastifyReply } from 'fastify';
import type { StoredImage } from './store.js';

/**
 * Sends an uploaded image to the one caller allowed to see it: shown inline under its stored name,
 * never sniffed as another type, and kept by no cache.
 */
export function sendPrivateImage(reply: FastifyReply, image: StoredImage): FastifyReply {
  return reply
    .header('content-type', image.mime)
    .header('content-disposition', `inline; filename="${image.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(image.data);
}
