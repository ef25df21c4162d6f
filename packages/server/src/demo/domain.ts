import type { ApiKeysParts } from '../apikeys/domain.js';
import type { LedgerParts } from '../ledger/domain.js';
import type { P2pParts } from '../p2p/domain.js';
import type { PersonalParts } from '../personal/domain.js';
import { api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { SpotParts } from '../spot/domain.js';
import type { UsersParts } from '../users/domain.js';
import type { WalletParts } from '../wallet/domain.js';
import { devChainApi } from './chain-routes.js';
import { devApi, devPages } from './dev-routes.js';
import { BotProcess, botKeys } from './bot-process.js';
import { openMarketMaker, type MarketMaker } from './market-maker.js';
import { seedDemoP2p } from './p2p.js';
import { seedDemo, seedDemoBalances } from './seed.js';

/**
 * The demo's users and their balances, seeded once. Listed before the contracts, savings and
 * proofs open, so the first liability snapshot counts them.
 */
export const demoSeedDomain: Domain<ExchangeContext & UsersParts & LedgerParts> = {
  name: 'demo seed',
  open: async ({ db, users, clock, ledger, currencies }) => {
    await seedDemo(db, users, clock);
    await seedDemoBalances(db, ledger, currencies);
    return { parts: {} };
  },
};

export interface DemoParts {
  /** The demo's liquidity accounts' seeder, when they trade (MARKET_MAKER). */
  marketMaker: MarketMaker | undefined;
  /** The bot program quoting live through the trading API (MARKET_BOT). */
  marketBot: BotProcess | undefined;
}

/**
 * The rest of the demo: its P2P merchant and market maker (docs/demo.md), the dev mailbox and the
 * dev chain's routes. The maker's history and first quotes are made at open; once the server
 * listens, the bot program quotes on through the trading API, and stops as soon as a drain begins.
 */
export const demoDomain: Domain<
  ExchangeContext &
    UsersParts &
    LedgerParts &
    SpotParts &
    WalletParts &
    PersonalParts &
    P2pParts &
    ApiKeysParts,
  DemoParts
> = {
  name: 'demo',
  open: async (context) => {
    const { config, delivery, wallet, personal, p2p } = context;
    let marketMaker: MarketMaker | undefined;
    let marketBot: BotProcess | undefined;
    // The demo merchant is the fiat desk's liquidity, seeded with the market maker.
    // The bot's API keys are made anew at each start: by a following standby once it leads.
    const openBot = async () => {
      if (!marketMaker || !config.marketBot) return;
      const keys = await botKeys(context.apiKeys, marketMaker.makerId, marketMaker.takerId);
      marketBot = new BotProcess(keys, config);
    };
    if (config.marketMaker) {
      await seedDemoP2p({ ...context, payMethods: personal.payMethods, p2p: p2p.service });
      marketMaker = await openMarketMaker(context);
      if (context.sequencer.leading) await openBot();
    }
    const devChain = wallet.devChain;
    return {
      parts: { marketMaker, marketBot },
      routes: () => [
        api(devApi(delivery)),
        { plugin: devPages },
        ...(devChain ? [api(devChainApi(devChain))] : []),
      ],
      takeover: openBot,
      listening: (url) => marketBot?.start(url),
      drain: () => marketBot?.stop(),
      // Also when a start fails half-way, with no drain.
      stop: async () => marketBot?.stop(),
    };
  },
};
