import { ResponseCode } from '@oex/protocol';
import type { MessageKey, MessageParams } from './messages/index.js';

/** An error a caller can act on: an HTTP status, an envelope code and a translated message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly envelopeCode: number = ResponseCode.ERROR,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) => new AppError(400, key, params);
export const notFound = (key: MessageKey = 'error.not_found') => new AppError(404, key);
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(409, key, params);
export const forbidden = (key: MessageKey, params?: MessageParams) => new AppError(403, key, params);
export const tooMany = (key: MessageKey, params?: MessageParams) => new AppError(429, key, params);
export const unauthenticated = (key: MessageKey = 'error.auth_required') =>
  new AppError(401, key, {}, ResponseCode.AUTH);
export const unavailable = (key: MessageKey, params?: MessageParams) => new AppError(503, key, params);
