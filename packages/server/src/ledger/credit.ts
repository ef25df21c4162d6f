import type { AccountView, Lang } from '@oex/protocol';
import type { UsersService } from '../users/service.js';
import type { CurrencyDirectory } from './currencies.js';
import type { LedgerService } from './service.js';

export interface CreditByName {
  /** A user id or email. */
  user: number | string;
  /** A currency code such as USDT. */
  currency: string;
  amount: string;
  account_type: number;
}

/** The operator's credit (admin route and `npm run credit`): resolves names, credits, answers the account. */
export async function creditByName(
  deps: { users: UsersService; currencies: CurrencyDirectory; ledger: LedgerService },
  request: CreditByName,
  lang: Lang,
): Promise<AccountView> {
  const userId = await deps.users.resolveUserId(request.user);
  const currencyId = deps.currencies.byCode(request.currency).id;
  await deps.ledger.credit(userId, request.account_type, currencyId, request.amount);
  return deps.ledger.detail(userId, request.account_type, currencyId, lang);
}
