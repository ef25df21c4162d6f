import type { Domain, ExchangeContext } from '../platform/domains.js';
import type { UsersParts } from '../users/domain.js';
import { ApiKeys } from './keys.js';
import { DEMO_SEAL_KEY } from './rules.js';

export interface ApiKeysParts {
  /** The users' trading-API keys (docs/trading-api.md). */
  apiKeys: ApiKeys;
}

/** Trading-API keys: made, listed and revoked from the personal centre; checked by the trading API. */
export const apiKeysDomain: Domain<ExchangeContext & UsersParts, ApiKeysParts> = {
  name: 'api keys',
  open: ({ config, db, clock }) => {
    const sealKey = config.apiKeySealKey ?? (config.demo ? DEMO_SEAL_KEY : undefined);
    return { parts: { apiKeys: new ApiKeys(db.kysely, clock, sealKey) } };
  },
};
