import type { Decimal } from '@oex/protocol';
import type { Books, SystemAccount } from './books.js';
import { JOURNAL_MEMO, JournalType } from './journal.js';

const EXTERNAL = { system: 'external_deposits' satisfies SystemAccount } as const;

/**
 * An operator's funding of a public system account (a contract pool, insurance, interest) from
 * outside: one journal entry, visible to anyone who reads the account.
 */
export function fundSystemAccount(
  books: Books,
  system: SystemAccount,
  currencyId: number,
  amount: Decimal,
): void {
  books.post(
    [
      { account: books.ensure(EXTERNAL, 0, currencyId), available: -amount.units, locked: 0n },
      { account: books.ensure({ system }, 0, currencyId), available: amount.units, locked: 0n },
    ],
    {
      type: JournalType.POOL_FUNDING,
      memo: JOURNAL_MEMO[JournalType.POOL_FUNDING],
      refType: system,
      refId: 0,
      notes: '',
    },
  );
}
