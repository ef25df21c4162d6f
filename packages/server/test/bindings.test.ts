import type { AccountLogView, Paged, UserInfo } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, LEVER, SPOT, trader, USDT } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';

let exchange: TestExchange;
let china: number;

beforeAll(async () => {
  exchange = await startTestExchange();
  const areas = await exchange.api.get<{ id: number; global_code: string }[]>('default/area_list');
  china = areas.body.data!.find((area) => area.global_code === '86')!.id;
});

afterAll(async () => {
  await exchange?.stop();
});

let numbers = 0;
function freshMobile(): string {
  numbers += 1;
  return `139${String(Date.now() % 10_000_000).padStart(7, '0')}${numbers}`.slice(0, 11);
}

describe('binding a phone number', () => {
  const send = (token: string, mobile: string) =>
    exchange.api.post('sms_mobile', { area_id: china, mobile }, { token });
  const bind = (token: string, mobile: string, code: string) =>
    exchange.api.post('safe/mobile', { area_id: china, mobile, code }, { token });
  const info = async (token: string) =>
    (await exchange.api.get<UserInfo>('user/info', {}, { token })).body.data!;

  it('sends a code to the number, refuses a wrong code, binds with the right one once', async () => {
    const user = await signUp(exchange.api);
    const mobile = freshMobile();
    const sent = await send(user.token, mobile);
    expect(sent.body.code, sent.body.msg).toBe(1);
    const code = await exchange.api.latestCode(`+86${mobile}`);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await bind(user.token, mobile, wrong);
    expect(refused.body.code).toBe(0);
    expect(refused.body.msg).toMatch(/code/i);
    expect((await info(user.token)).mobile).toBeNull();

    const bound = await bind(user.token, mobile, code);
    expect(bound.body.code, bound.body.msg).toBe(1);
    expect(await info(user.token)).toMatchObject({ mobile, area_code: '86' });

    // The same code again: the account now has a phone, and the code is spent anyway.
    const again = await bind(user.token, mobile, code);
    expect(again.body.code).toBe(0);
    expect(again.body.msg).toBe('Your account already has a phone number');
    expect((await send(user.token, freshMobile())).body.msg).toBe('Your account already has a phone number');
  });

  it('a reused code is refused for another account, and a taken number cannot be bound', async () => {
    const first = await signUp(exchange.api);
    const second = await signUp(exchange.api);
    const mobile = freshMobile();
    await send(first.token, mobile);
    const code = await exchange.api.latestCode(`+86${mobile}`);
    // The second user sends for the same number (after the resend wait) and tries the first code
    // once the first user has bound it: the number is taken.
    expect((await bind(first.token, mobile, code)).body.code).toBe(1);
    const taken = await send(second.token, mobile);
    expect(taken.body.code).toBe(0);
    expect(taken.body.msg).toBe('This phone number is already used by another account');
    expect((await bind(second.token, mobile, code)).body.msg).toBe(
      'This phone number is already used by another account',
    );

    // A code used once cannot bind again: a third number sent to, bound by nobody, spent, reused.
    const other = freshMobile();
    await send(second.token, other);
    const otherCode = await exchange.api.latestCode(`+86${other}`);
    await exchange.db.kysely
      .updateTable('verification_codes')
      .set({ used_at: exchange.clock.now() })
      .where('target', '=', `mobile:+86${other}`)
      .execute();
    const reused = await bind(second.token, other, otherCode);
    expect(reused.body.code).toBe(0);
    expect(reused.body.msg).toMatch(/expired|used/i);
    expect((await info(second.token)).mobile).toBeNull();
  });

  it('refuses a malformed number, an unknown area, and callers without a token', async () => {
    const user = await signUp(exchange.api);
    expect((await send(user.token, '12ab')).body.code).toBe(0);
    const area = await exchange.api.post(
      'sms_mobile',
      { area_id: 99_999, mobile: freshMobile() },
      { token: user.token },
    );
    expect(area.body.code).toBe(0);
    expect((await exchange.api.post('sms_mobile', { area_id: china, mobile: freshMobile() })).body.code).toBe(
      999,
    );
  });
});

describe('the transaction log (account_log/all)', () => {
  it('lists the user own rows of every account, newest first, paged', async () => {
    const user = await trader(exchange, [
      [USDT, '100'],
      [BTC, '1'],
    ]);
    const stranger = await trader(exchange, [[USDT, '5']]);
    const moved = await exchange.api.post(
      'account/transfer',
      { currency_id: USDT, balance: '30', from: SPOT, to: LEVER },
      { token: user.token },
    );
    expect(moved.body.code, moved.body.msg).toBe(1);

    const page = (n: number, limit = 2) =>
      exchange.api.get<Paged<AccountLogView>>('account_log/all', { page: n, limit }, { token: user.token });
    const all = (await exchange.api.get<Paged<AccountLogView>>('account_log/all', {}, { token: user.token }))
      .body.data!;
    // Two credits and a transfer out of spot into leverage.
    expect(all.total).toBe(4);
    const ids = all.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(all.data.map((row) => row.account_type_id))).toEqual(new Set([SPOT, LEVER]));
    expect(all.data[0]).toMatchObject({ account_type_id: LEVER, value: '30', currency: { code: 'USDT' } });
    expect(all.data[1]).toMatchObject({ account_type_id: SPOT, value: '-30' });

    const first = (await page(1)).body.data!;
    const second = (await page(2)).body.data!;
    expect(first).toMatchObject({ total: 4, per_page: 2, current_page: 1, last_page: 2 });
    expect([...first.data, ...second.data].map((row) => row.id)).toEqual(ids);

    const theirs = (
      await exchange.api.get<Paged<AccountLogView>>('account_log/all', {}, { token: stranger.token })
    ).body.data!;
    expect(theirs.total).toBe(1);
    expect(theirs.data.every((row) => !ids.includes(row.id))).toBe(true);
    expect((await exchange.api.get('account_log/all')).body.code).toBe(999);
  });
});
