import {
  Decimal,
  type P2pAdSaveRequest,
  type P2pAdView,
  type P2pOrderDetail,
  type P2pOrderView,
  type P2pShopInfo,
} from '@oex/protocol';
import { expect } from 'vitest';
import { hashPassword } from '../../src/users/passwords.js';
import type { ApiClient } from './client.js';
import type { TestExchange } from './exchange.js';
import { signUp } from './users.js';

export const LEGAL = 2;
export const TRADE_PASSWORD = 'Trade-Harbor-73';

export const BANK = {
  real_name: 'Bob Merchant',
  bank_name: 'Bank of Examples',
  card_no: '6222 0200 1234 5678',
  bank_address: 'Main Street branch',
};

export const admin = (ex: { adminToken: string }) => ({ headers: { 'x-admin-token': ex.adminToken } });

export interface Party {
  id: number;
  email: string;
  token: string;
}

/** A user with a trade password (set in the table: its own flow has its own tests). */
export async function party(ex: TestExchange, legal: Record<number, string> = {}): Promise<Party> {
  const user = await signUp(ex.api);
  await ex.db.kysely
    .updateTable('users')
    .set({ pay_password_hash: await hashPassword(TRADE_PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  for (const [currencyId, amount] of Object.entries(legal)) {
    await ex.ledger.credit(user.id, LEGAL, Number(currencyId), amount);
  }
  return user;
}

/**
 * A merchant the way one becomes one: identity certified (set in the table, as the identity
 * tests' operator would), applies, the operator approves, a bank method saved.
 */
export async function merchant(ex: TestExchange, legal: Record<number, string> = {}): Promise<Party> {
  const user = await party(ex, legal);
  await ex.db.kysely.updateTable('users').set({ review_status: 2 }).where('id', '=', user.id).execute();
  const applied = await ex.api.post<P2pShopInfo>('legal_shop/apply', {}, { token: user.token });
  expect(applied.body, applied.body.msg).toMatchObject({ code: 1, data: { application: { status: 1 } } });
  const pending = await ex.api.get<{ data: { id: number; user_id: number }[] }>(
    'admin/p2p/applications',
    { status: 1 },
    admin(ex),
  );
  const mine = pending.body.data!.data.find((row) => row.user_id === user.id)!;
  const decided = await ex.api.post(
    'admin/p2p/applications/decide',
    { id: mine.id, approve: true },
    admin(ex),
  );
  expect(decided.body, decided.body.msg).toMatchObject({ code: 1 });
  const saved = await ex.api.post('pay_method/save', { type: 'bank', raw_data: BANK }, { token: user.token });
  expect(saved.body, saved.body.msg).toMatchObject({ code: 1 });
  return user;
}

export function adBody(over: Partial<P2pAdSaveRequest> = {}): P2pAdSaveRequest {
  return {
    side: 'sell',
    currency_id: 1,
    fiat: 'CNY',
    price: '7.2',
    min_number: '10',
    max_number: '1000',
    total: '2000',
    pay_types: ['bank'],
    terms: 'Bank transfer only, with the order number as the note.',
    ...over,
  };
}

export async function postAd(
  api: ApiClient,
  token: string,
  over: Partial<P2pAdSaveRequest> = {},
): Promise<P2pAdView> {
  const answer = await api.post<P2pAdView>('legal_shop/ad_save', adBody(over), { token });
  expect(answer.body, answer.body.msg).toMatchObject({ code: 1 });
  return answer.body.data!;
}

export function place(api: ApiClient, token: string, body: Record<string, unknown>) {
  return api.post<P2pOrderView>('legal_deal/place', body, { token });
}

export async function placed(
  api: ApiClient,
  token: string,
  body: Record<string, unknown>,
): Promise<P2pOrderView> {
  const answer = await place(api, token, body);
  expect(answer.body, answer.body.msg).toMatchObject({ code: 1 });
  return answer.body.data!;
}

export async function detail(api: ApiClient, token: string, id: number): Promise<P2pOrderDetail> {
  const answer = await api.get<P2pOrderDetail>('legal_deal/order', { id }, { token });
  expect(answer.body, answer.body.msg).toMatchObject({ code: 1 });
  return answer.body.data!;
}

/** Legal available and locked of a user in one currency, from the sequencer's books. */
export function legalOf(
  ex: TestExchange,
  userId: number,
  currencyId = 1,
): { available: string; locked: string } {
  const account = ex.sequencer.books.find({ userId }, LEGAL, currencyId);
  return {
    available: Decimal.fromUnits(account?.balance ?? 0n).toString(),
    locked: Decimal.fromUnits(account?.lock ?? 0n).toString(),
  };
}
