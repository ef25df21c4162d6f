import type { AdminParts } from '../admin/domain.js';
import { adminApi, api, type Domain, type ExchangeContext } from '../platform/domains.js';
import type { UsersParts } from '../users/domain.js';
import { ledgerAdminApi } from './admin-routes.js';
import { JOURNAL_PRUNE_EVERY_MS, JournalPruner } from './journal-retention.js';
import { BalanceLiveFeed } from './live.js';
import { ledgerApi } from './routes.js';
import { LedgerService } from './service.js';

export interface LedgerParts {
  /** Accounts, transfers and their journal, as users and operators read them. */
  ledger: LedgerService;
  /** Removes command-journal rows past JOURNAL_KEEP_DAYS, when set. */
  journalPruner: JournalPruner | undefined;
}

/**
 * Balances and their journal. The sequencer that writes them is the context's, opened before any
 * domain, since every domain's money goes through it.
 */
export const ledgerDomain: Domain<ExchangeContext & AdminParts & UsersParts, LedgerParts> = {
  name: 'ledger',
  open: ({ db, sequencer, currencies, timeZone, users, sessions, allow, config, clock, log }) => {
    const ledger = new LedgerService(db.kysely, sequencer, currencies, timeZone);
    const keepMs = config.journalKeepDays * 86_400_000;
    const journalPruner = keepMs > 0 ? new JournalPruner(db.kysely, keepMs, clock, log) : undefined;
    return {
      parts: { ledger, journalPruner },
      start: () => journalPruner?.start(JOURNAL_PRUNE_EVERY_MS),
      stop: async () => journalPruner?.stop(),
      routes: () => [
        api(ledgerApi(ledger, sessions)),
        adminApi(ledgerAdminApi({ ledger, users, currencies, allow })),
      ],
      live: (hub) => {
        BalanceLiveFeed.attach(hub, sequencer);
      },
    };
  },
};
