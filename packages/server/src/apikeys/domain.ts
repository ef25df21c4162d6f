import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { UsersParts } from '../users/domain.js';
import { ApiKeyDesk } from './desk.js';
import { ApiKeys } from './keys.js';
import { apiKeysApi } from './routes.js';
import { DEMO_SEAL_KEY } from './rules.js';

export interface ApiKeysParts {
  /** The users' trading-API keys (docs/trading-api.md). */
  apiKeys: ApiKeys;
}

/** Trading-API keys: made, listed and revoked from the personal centre; checked by the trading API. */
export const apiKeysDomain: Domain<ExchangeContext & UsersParts, ApiKeysParts> = {
  name: 'api keys',
  open: ({ config, db, clock, users, sessions }) => {
    const sealKey = config.apiKeySealKey ?? (config.demo ? DEMO_SEAL_KEY : undefined);
    const apiKeys = new ApiKeys(db.kysely, clock, sealKey);
    const desk = new ApiKeyDesk(apiKeys, users, clock, sealKey !== undefined);
    return {
      parts: { apiKeys },
      routes: () => [
        api(
          apiKeysApi({
            desk,
            sessions,
            codeRateLimit: config.codeRateLimit,
            secretGuessLimit: config.secretGuessLimit,
          }),
        ),
      ],
    };
  },
};
