import { operatorCalls } from './admin.js';
import { adminMarketsCalls } from './admin-markets.js';
import { adminUsersCalls } from './admin-users.js';
import { contentAdminCalls } from './content-admin.js';
import { contentCalls } from './content.js';
import { earnCalls } from './earn.js';
import { ledgerCalls } from './ledger.js';
import { leverCalls } from './lever.js';
import { marketCalls } from './market.js';
import { microCalls } from './micro.js';
import { p2pCalls } from './p2p.js';
import { personalCalls } from './personal.js';
import { spotCalls } from './spot.js';
import { transparencyCalls } from './transparency.js';
import { walletCalls } from './wallet.js';

/**
 * Every call of the contract by domain (docs/platform.md): `api.spot.placeBuy` is the entry in
 * protocol/src/spot.ts, its route in server/src/spot/routes.ts, and what the web calls. Domains not
 * listed here still declare their routes and calls by path.
 */
export const api = {
  spot: spotCalls,
  market: marketCalls,
  ledger: ledgerCalls,
  lever: leverCalls,
  micro: microCalls,
  wallet: walletCalls,
  earn: earnCalls,
  transparency: transparencyCalls,
  content: contentCalls,
  p2p: p2pCalls,
  personal: personalCalls,
  /** The operator console's calls (X-Operator-Token): `api.admin.users.freeze`, `api.admin.content.save`. */
  admin: {
    ...operatorCalls,
    ...adminUsersCalls,
    ...adminMarketsCalls,
    content: contentAdminCalls,
  },
};
