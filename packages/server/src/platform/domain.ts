import type { SpotParts } from '../spot/domain.js';
import type { WalletParts } from '../wallet/domain.js';
import { api, type Domain, type ExchangeContext } from './domains.js';
import { Operations } from './operations.js';
import { attachOperations, operationsApi } from './routes.js';

export interface OperationsParts {
  /** Metrics, readiness and the drain's gate. */
  operations: Operations;
}

/**
 * Running the exchange: metrics, readiness and the drain's gate (docs/operations.md). Its
 * readiness and gate are the drain itself, so the exchange's close works them in their place (and
 * closes the metrics last) rather than through a `stop` in the list's order.
 */
export const operationsDomain: Domain<ExchangeContext & SpotParts & WalletParts, OperationsParts> = {
  name: 'operations',
  open: (context) => {
    const operations = new Operations(context);
    return {
      parts: { operations },
      hooks: (app) => attachOperations(app, operations),
      routes: () => [api(operationsApi(operations))],
      live: (hub) => operations.watchHub(hub),
    };
  },
};
