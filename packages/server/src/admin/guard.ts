import { timingSafeEqual } from 'node:crypto';
import { can, type Permission } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../platform/errors.js';
import type { Api } from '../platform/api.js';
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

/**
 * What an admin route needs: a permission of the caller's role, or `machine`: the command line on
 * the server's own machine alone (the writer's lock-file token), never an operator session. Money
 * that comes from outside (a credit, pool and interest funding) is the machine's alone; an operator
 * moves money only by an adjustment that a second operator approves.
 */
export type Need = Permission | 'machine';

/** An admin route's guard: the caller must be an operator whose role has the permission. */
export type Allow = (need: Need) => Guard;
type Guard = ((request: FastifyRequest) => Promise<void>) & { [PERMISSION]?: Need };

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
  return (need) => {
    const guard: Guard = async (request) => {
      request.operator ??= await identify(request);
      if (need === 'machine') {
        if (request.operator !== CLI_OPERATOR) throw forbidden('error.operator_machine_only');
      } else if (!can(request.operator.role, need)) {
        throw forbidden('error.operator_role', { role: request.operator.role, permission: need });
      }
    };
    guard[PERMISSION] = need;
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
