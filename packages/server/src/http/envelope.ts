import { ResponseCode, type ErrorEnvelope, type OkEnvelope } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { translate, type MessageKey, type MessageParams } from '../platform/messages/index.js';

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

/**
 * A refusal (code 0, translated msg, no data) with fields of its own beside code and msg, for the
 * one call that needs them: `user/login`'s two-factor step. Every other refusal is thrown as an
 * `AppError`.
 */
export function refusedWith<T extends object>(
  fields: T,
  request: FastifyRequest,
  key: MessageKey,
  params?: MessageParams,
): ErrorEnvelope & T {
  return { code: ResponseCode.ERROR, msg: translate(request.lang, key, params), ...fields };
}
