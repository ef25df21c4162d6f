import { timingSafeEqual } from 'node:crypto';
import { can, type Permission } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../http/errors.js';
import type { Api } from '../http/server.js';
import { CLI_OPERATOR, type OperatorPrincipal, type Operators } from './operators.js';

export type { Permission };

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of an admin call, set by its guard (also when the role then refuses it). */
    operator: OperatorPrincipal | null;
    operatorSessionId: number | null;
    /** What an admin call replaced, for the operator log's "before". */
    auditBefore?: unknown;
    /** What an admin call acted on, when the body's ids do not say it. */
    auditTarget?: string;
  }
}

/** An admin route's guard: the caller must be an operator whose role has the permission. */
export type Allow = (permission: Permission) => Guard;
type Guard = ((request: FastifyRequest) => Promise<void>) & { [PERMISSION]?: Permission };

const PERMISSION = Symbol('permission');
/** The one admin call open to anyone: signing in. */
const OPEN_ADMIN_ROUTES = new Set(['/api/admin/session/login']);

/** The header of operator sessions: never the users' Authorization, so the two cannot mix. */
export const OPERATOR_HEADER = 'x-operator-token';

function sameSecret(given: string, expected: Buffer): boolean {
  const buffer = Buffer.from(given);
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}

/**
 * Operators by session token, or the local command line by the writer's lock-file token (the
 * `cli` principal, role admin: whoever can read that 0600 file owns the server anyway).
 */
export function operatorGuard(operators: Operators, adminToken: string): Allow {
  const expected = Buffer.from(adminToken);
  const identify = async (request: FastifyRequest): Promise<OperatorPrincipal> => {
    const session = request.headers[OPERATOR_HEADER];
    if (typeof session === 'string' && session) {
      const operator = await operators.authenticate(session, request.ip);
      request.operatorSessionId = operator.sessionId;
      return { id: operator.id, name: operator.name, role: operator.role };
    }
    const cli = request.headers['x-admin-token'];
    if (typeof cli === 'string') {
      if (!sameSecret(cli, expected)) throw new AppError(403, 'error.admin_token');
      return CLI_OPERATOR;
    }
    throw unauthenticated('error.operator_required');
  };
  return (permission) => {
    const guard: Guard = async (request) => {
      request.operator ??= await identify(request);
      if (!can(request.operator.role, permission)) {
        throw forbidden('error.operator_role', { role: request.operator.role, permission });
      }
    };
    guard[PERMISSION] = permission;
    return guard;
  };
}

/**
 * Every route under /api/admin must carry an allow() guard (the server refuses to start
 * otherwise), and the guard runs before the body is validated: a role that may not call a
 * route is told so whatever it sent, and learns nothing from validation messages.
 */
export function enforceAdminGuards(app: Api): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin/') || OPEN_ADMIN_ROUTES.has(route.url)) return;
    const handlers = [route.preHandler ?? []].flat() as Guard[];
    const guard = handlers.find((handler) => handler[PERMISSION] !== undefined);
    if (!guard) throw new Error(`${route.method} ${route.url}: an admin route needs allow(<permission>)`);
    route.preHandler = handlers.filter((handler) => handler !== guard) as typeof route.preHandler;
    route.preValidation = [guard, ...[route.preValidation ?? []].flat()] as typeof route.preValidation;
  });
}
