import { operatorCalls } from './admin.js';
import { adminMarketsCalls } from './admin-markets.js';
import { adminUsersCalls } from './admin-users.js';
import { contentAdminCalls } from './content-admin.js';
import { securityCalls } from './security.js';
import { usersCalls } from './users.js';

/**
 * Every call of the contract by domain (docs/platform.md): `api.spot.placeBuy` is the entry in
 * protocol/src/spot.ts, its route in server/src/spot/routes.ts, and what the web calls.
 *
 * `api` is this module's namespace (`export * as api` in index.ts), not one object: a bundle keeps
 * only the domains its pages name (`api.spot` does not bring the console's entries to the home page).
 */
export { spotCalls as spot } from './spot.js';
export { marketCalls as market } from './market.js';
export { ledgerCalls as ledger } from './ledger.js';
export { leverCalls as lever } from './lever.js';
export { microCalls as micro } from './micro.js';
export { walletCalls as wallet } from './wallet.js';
export { earnCalls as earn } from './earn.js';
export { transparencyCalls as transparency } from './transparency.js';
export { contentCalls as content } from './content.js';
export { p2pCalls as p2p } from './p2p.js';
export { personalCalls as personal } from './personal.js';
export { apiKeysCalls as apikeys } from './apikeys.js';

/** Sign-up, sign-in, passwords, codes, sessions, two-factor and bindings: `api.users.login`. */
export const users = { ...usersCalls, ...securityCalls };

/** The operator console's calls (X-Operator-Token): `api.admin.users.freeze`, `api.admin.content.save`. */
export const admin = {
  ...operatorCalls,
  ...adminUsersCalls,
  ...adminMarketsCalls,
  content: contentAdminCalls,
};
