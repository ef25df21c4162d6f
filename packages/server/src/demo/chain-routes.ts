import { z } from 'zod';
import { amountField } from '@oex/protocol';
import type { DevChain } from './dev-chain.js';
import { toChainUnits } from '../chains/units.js';
import { localOnly } from './dev-routes.js';
import { ok } from '../http/envelope.js';
import { badRequest } from '../platform/errors.js';
import type { Api, ApiPlugin } from '../platform/api.js';

const sendRequest = z.object({
  address: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, { message: 'rule.invalid' }),
  amount: amountField,
  currency: z.enum(['USDT', 'ETH']).default('USDT'),
});

/**
 * Demo only, from this machine only: pays test coins on the local development chain from its funded
 * account, so a deposit can be watched arriving. The same as `npm run chain -- send`.
 */
export function devChainApi(chain: DevChain): ApiPlugin {
  return async (app) => chainRoutes(app, chain);
}

function chainRoutes(app: Api, chain: DevChain): void {
  app.post(
    '/dev/chain/send',
    {
      preHandler: localOnly,
      schema: {
        tags: ['dev'],
        summary: 'Demo only: send test USDT or ETH on the local chain',
        body: sendRequest,
      },
    },
    async (request) => {
      const { address, amount, currency } = request.body;
      let units: bigint;
      try {
        units = toChainUnits(amount, currency === 'ETH' ? 18 : 6);
      } catch {
        throw badRequest('error.withdraw_decimals', { decimals: currency === 'ETH' ? 18 : 6 });
      }
      const hash = await chain.send(address, units, currency === 'ETH' ? 'native' : 'token');
      return ok({ tx_hash: hash });
    },
  );
  app.post(
    '/dev/chain/mine',
    {
      preHandler: localOnly,
      schema: {
        tags: ['dev'],
        summary: 'Demo only: mine blocks on the local chain',
        body: z.object({ blocks: z.number().int().min(1).max(100).default(1) }),
      },
    },
    async (request) => {
      await chain.mine(request.body.blocks);
      return ok(null);
    },
  );
}
