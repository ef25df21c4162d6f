import type { AccountView } from '@oex/protocol';
import type { ApiClient } from './client.js';
import { signUp } from './users.js';

/** Ids of the seeded reference data (db/seed/reference.ts). */
export const USDT = 1;
export const BTC = 2;
export const ETH = 3;
export const TRX = 4;
export const DOT = 5;
export const BTC_USDT = 1;
export const ETH_USDT = 2;
export const TRX_USDT = 3;
export const DOT_USDT = 4;
export const SPOT = 1;
export const LEVER = 3;

/** The available balance of one of the caller's accounts, as the API shows it. */
export async function balanceOf(
  api: ApiClient,
  token: string,
  currencyId: number,
  typeId = SPOT,
): Promise<string> {
  const answer = await api.get<AccountView>(
    'account/detail',
    { currency_id: currencyId, account_type_id: typeId },
    { token },
  );
  if (answer.body.code !== 1) throw new Error(answer.body.msg);
  return answer.body.data!.balance;
}

/** A new user with spot balances credited through the ledger. */
export async function trader(
  exchange: {
    api: ApiClient;
    ledger: { credit(userId: number, typeId: number, currencyId: number, amount: string): Promise<void> };
  },
  credits: [number, string][],
): Promise<{ email: string; token: string; id: number }> {
  const user = await signUp(exchange.api);
  for (const [currency, amount] of credits) await exchange.ledger.credit(user.id, SPOT, currency, amount);
  return user;
}
