import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../platform/errors.js';
import type { AuthUser, SessionResolver } from '../users/auth-user.js';

/** The token of a request: the Authorization header, raw or as `Bearer <token>`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

/** A preHandler that admits only signed-in callers and sets request.user. */
export function requireUser(sessions: SessionResolver) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request);
    if (!token) throw unauthenticated();
    request.user = await sessions.authenticate(token);
  };
}

/**
 * A preHandler for public calls that answer more to a signed-in caller: sets request.user when the
 * token is valid and leaves a visitor (or a stale token) a visitor.
 */
export function optionalUser(sessions: SessionResolver) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request);
    if (!token) return;
    request.user = await sessions.authenticate(token).catch(() => null);
  };
}

/** The signed-in user set by requireUser. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
