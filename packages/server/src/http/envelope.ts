import { ResponseCode, type OkEnvelope, type Paged } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { translate, type MessageKey, type MessageParams } from './messages/index.js';

/** A success envelope; `notice` becomes a translated msg the client shows as a toast. */
export function ok<T>(
  data: T,
  request?: FastifyRequest,
  notice?: MessageKey,
  params?: MessageParams,
): OkEnvelope<T> {
  const msg = notice && request ? translate(request.lang, notice, params) : '';
  return { code: ResponseCode.OK, msg, data };
}

export function paged<T>(rows: T[], total: number, page: number, perPage: number): Paged<T> {
  return {
    total,
    per_page: perPage,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    data: rows,
  };
}
