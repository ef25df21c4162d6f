import { timingSafeEqual } from 'node:crypto';
import { amountField } from '@oex/protocol';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import type { Api } from '../http/server.js';
import type { UsersService } from '../users/service.js';
import type { CurrencyDirectory } from './currencies.js';
import { creditByName } from './credit.js';
import type { LedgerService } from './service.js';

export const creditRequest = z.object({
  user: z.union([z.number().int().positive(), z.string().trim().min(1).max(254)]),
  currency: z.string().trim().min(1).max(16),
  amount: amountField,
  account_type: z.number().int().min(1).max(5).default(1),
});

/** The guard of operator calls: the writer's admin token (in its lock file, readable by the operator). */
export function adminGuard(adminToken: string): (request: FastifyRequest) => Promise<void> {
  const expected = Buffer.from(adminToken);
  return async (request) => {
    const given = Buffer.from(String(request.headers['x-admin-token'] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError(403, 'error.admin_token');
    }
  };
}

/** Operator calls of the ledger. */
export function adminRoutes(
  app: Api,
  deps: { ledger: LedgerService; users: UsersService; currencies: CurrencyDirectory; adminToken: string },
): void {
  const requireAdmin = adminGuard(deps.adminToken);

  app.post(
    '/api/admin/credit',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Credit a user from outside (npm run credit), against the external-deposits account',
        body: creditRequest,
      },
    },
    async (request) => ok(await creditByName(deps, request.body, request.lang)),
  );
}
