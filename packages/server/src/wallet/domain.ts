import type { AdminParts } from '../admin/domain.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { SpotParts } from '../spot/domain.js';
import type { UsersParts } from '../users/domain.js';
import { Conversions } from './convert.js';
import { attachWalletLive } from './live.js';
import { openWallet, type Wallet } from './module.js';
import { walletApi } from './routes.js';
import { WalletService } from './service.js';

export interface WalletParts {
  /** Chains, deposit watchers and the withdrawal signer. */
  wallet: Wallet;
  /** The wallet's calls for users and what the exchange's addresses hold on chain. */
  walletService: WalletService;
}

/** The wallet: networks and keys at open; deposit watchers and the withdrawal sender once started. */
export const walletDomain: Domain<ExchangeContext & AdminParts & UsersParts & SpotParts, WalletParts> = {
  name: 'wallet',
  open: async (context) => {
    const { config, db, currencies, users, clock, timeZone, spot, sessions, allow } = context;
    const wallet = await openWallet(context);
    const walletService = new WalletService(db.kysely, wallet, currencies, users, clock, timeZone);
    const conversions = new Conversions(db.kysely, spot, currencies, context.sequencer);
    return {
      parts: { wallet, walletService },
      routes: () => [
        api(
          walletApi({
            wallet,
            conversions,
            service: walletService,
            sessions,
            secretGuessLimit: config.secretGuessLimit,
            codeRateLimit: config.codeRateLimit,
            allow,
          }),
        ),
      ],
      live: (hub) => attachWalletLive(hub, wallet, db.kysely),
      start: () => wallet.start(),
      stop: () => wallet.close(),
    };
  },
};
