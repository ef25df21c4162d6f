import type { MicroOrderView, MicroSubmitRequest, Paged } from '@oex/protocol';
import type { ApiClient } from './client.js';
import { USDT } from './ledger.js';
import { signUp } from './users.js';

export const MICRO = 4;

/** A new user with balances credited straight into the micro account. */
export async function microTrader(
  exchange: {
    api: ApiClient;
    ledger: { credit(userId: number, typeId: number, currencyId: number, amount: string): Promise<void> };
  },
  amount: string,
  currencyId = USDT,
): Promise<{ email: string; token: string; id: number }> {
  const user = await signUp(exchange.api);
  await exchange.ledger.credit(user.id, MICRO, currencyId, amount);
  return user;
}

export function submit(api: ApiClient, token: string, body: MicroSubmitRequest) {
  return api.post<MicroOrderView>('microtrade/submit', body, { token });
}

export async function listOrders(
  api: ApiClient,
  token: string,
  status: 1 | 3,
  query: Record<string, unknown> = {},
): Promise<Paged<MicroOrderView>> {
  const answer = await api.get<Paged<MicroOrderView>>('microtrade/lists', { status, ...query }, { token });
  if (answer.body.code !== 1) throw new Error(answer.body.msg);
  return answer.body.data!;
}
