import { ResponseCode } from '@oex/protocol';
import type { MessageKey, MessageParams } from './messages/index.js';

/**
 * A refusal a caller can act on, raised anywhere in the server: its kind as an HTTP status, its
 * envelope code, and a message key with its parameters, never a translated text. The HTTP error
 * handler (`http/server.ts`) is the one place that turns it into the caller's language and an
 * answer; other callers (the command line, jobs) translate the key themselves.
 */
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
