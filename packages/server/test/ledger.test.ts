import type { AccountGroup, AccountLogView, Paged, TransferView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, BTC, LEVER, SPOT, USDT } from './helpers/ledger.js';
import { login, signUp } from './helpers/users.js';

let ex: TestExchange;
let alice: string;
beforeAll(async () => {
  ex = await startTestExchange();
  alice = await login(ex.api, 'alice@demo.test', 'demo1234');
});
afterAll(async () => {
  const report = await auditLedger(ex.db.kysely);
  expect(report.problems).toEqual([]);
  await ex?.stop();
});

describe('account/list', () => {
  it('shows the demo balances in five groups with USD values', async () => {
    const answer = await ex.api.get<AccountGroup[]>('account/list', {}, { token: alice });
    const groups = answer.body.data!;
    expect(groups.map((group) => group.account_code)).toEqual([
      'change_account',
      'legal_account',
      'lever_account',
      'micro_account',
      'financial_account',
    ]);
    const spot = groups[0]!;
    expect(spot).toMatchObject({ is_recharge: 1, name: 'Spot account' });
    const usdt = spot.accounts.find((account) => account.currency_code === 'USDT')!;
    expect(usdt).toMatchObject({ balance: '10000', lock_balance: '0', convert_usd: '10000' });
    expect(usdt.currency).toMatchObject({
      code: 'USDT',
      open_recharge: 1,
      open_draw: 1,
      draw_rate: '0.001',
      draw_min: '10',
    });
    expect(usdt.currency.account_types).toHaveLength(5);
    const btc = spot.accounts.find((account) => account.currency_code === 'BTC')!;
    expect(btc).toMatchObject({ balance: '0.5', convert_usd: '34000' });
    // 10000 USDT + 0.5 BTC at 68000 + 5 ETH at 3500 + 1000 FAIR at 1.5.
    expect(spot.convert_usd).toBe('63000');
    const unused = groups[4]!.accounts[0]!;
    expect(unused).toMatchObject({ id: null, balance: '0', convert_usd: '0' });
  });

  it('names the groups in the caller language', async () => {
    const answer = await ex.api.get<AccountGroup[]>('account/list', {}, { token: alice, lang: 'zh' });
    expect(answer.body.data![0]!.name).toBe('币币账户');
  });

  it('needs a signed-in user', async () => {
    expect((await ex.api.get('account/list')).body.code).toBe(999);
  });
});

describe('account/transfer', () => {
  it('moves an amount between the user own accounts, logged on both sides', async () => {
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, SPOT, USDT, '100');
    const answer = await ex.api.post<{ id: number }>(
      'account/transfer',
      { currency_id: USDT, balance: '30.25', from: 1, to: 'lever_account' },
      { token: user.token },
    );
    expect(answer.body).toMatchObject({ code: 1, msg: 'Transfer successful', data: { replayed: false } });
    expect(await balanceOf(ex.api, user.token, USDT, SPOT)).toBe('69.75');
    expect(await balanceOf(ex.api, user.token, USDT, LEVER)).toBe('30.25');

    const spotLog = await ex.api.get<Paged<AccountLogView>>(
      'account_log/change',
      { currency_id: USDT },
      { token: user.token },
    );
    expect(spotLog.body.data!.data.map((row) => [row.value, row.memo])).toEqual([
      ['-30.25', 'Transfer out'],
      ['100', 'Deposit'],
    ]);
    expect(spotLog.body.data!.data[0]).toMatchObject({
      currency: { code: 'USDT' },
      notes: 'Spot account → Leverage account',
      extra_data: { from: 'change_account', to: 'lever_account' },
    });
    const leverLog = await ex.api.get<Paged<AccountLogView>>('account_log/lever', {}, { token: user.token });
    expect(leverLog.body.data).toMatchObject({
      total: 1,
      data: [{ value: '30.25', memo: 'Transfer in', balance_after: '30.25' }],
    });
    const transfers = await ex.api.get<Paged<TransferView>>(
      'account/transfer_log',
      {},
      { token: user.token },
    );
    expect(transfers.body.data!.data[0]).toMatchObject({
      id: answer.body.data!.id,
      amount: '30.25',
      currency_code: 'USDT',
      from: { account_code: 'change_account' },
      to: { account_code: 'lever_account', name: 'Leverage account' },
    });
  });

  it('moves the whole balance and refuses one unit more', async () => {
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, SPOT, BTC, '0.00000003');
    const tooMuch = await ex.api.post(
      'account/transfer',
      { currency_id: BTC, balance: '0.00000004', from: 1, to: 3 },
      { token: user.token },
    );
    expect(tooMuch).toMatchObject({ status: 200, body: { code: 0, msg: 'Insufficient balance' } });
    const all = await ex.api.post(
      'account/transfer',
      { currency_id: BTC, balance: '0.00000003', from: 1, to: 3 },
      { token: user.token },
    );
    expect(all.body.code).toBe(1);
    expect(await balanceOf(ex.api, user.token, BTC, SPOT)).toBe('0');
  });

  it('is idempotent with a request id, and refuses the same id with another body', async () => {
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, SPOT, USDT, '10');
    const body = { currency_id: USDT, balance: '4', from: 1, to: 3, request_id: 'pay-1' };
    const first = await ex.api.post<{ id: number; replayed: boolean }>('account/transfer', body, {
      token: user.token,
    });
    const again = await ex.api.post<{ id: number; replayed: boolean }>('account/transfer', body, {
      token: user.token,
    });
    expect(again.body.data).toEqual({ id: first.body.data!.id, replayed: true });
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('6');
    const other = await ex.api.post('account/transfer', { ...body, balance: '5' }, { token: user.token });
    expect(other).toMatchObject({
      status: 200,
      body: { msg: 'This request id was already used for a different request' },
    });
    // Another user may use the same id for their own transfer.
    const bob = await signUp(ex.api);
    await ex.ledger.credit(bob.id, SPOT, USDT, '10');
    expect((await ex.api.post('account/transfer', body, { token: bob.token })).body.data).toMatchObject({
      replayed: false,
    });
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('6');
  });

  it('refuses bad input clearly and changes nothing', async () => {
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, SPOT, USDT, '50');
    const valid = { currency_id: USDT, balance: '1', from: 1, to: 3 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ balance: '-1' }, /^The amount must be greater than zero$/],
      [{ balance: '0' }, /^The amount must be greater than zero$/],
      [{ balance: 'NaN' }, /^balance: must be a decimal number/],
      [{ balance: '1e309' }, /^balance: must be a decimal number/],
      [{ balance: 'ten' }, /^balance: must be a decimal number/],
      [{ balance: '0.000000001' }, /^The amount may have at most 8 decimals$/],
      [{ balance: 0.5 }, /^balance: must be sent as a string/],
      [{ balance: Number('9007199254740993') }, /^balance: must be sent as a string/],
      [{ balance: '' }, /^balance: must be a decimal number/],
      [{ balance: '1'.repeat(80) }, /^balance: is above the maximum 1000000000000000$/],
      [{ currency_id: 999 }, /^Unknown currency$/],
      [{ currency_id: 'abc' }, /^currency_id: must be a whole number$/],
      [{ from: 9 }, /^from: must be an account type/],
      [{ to: 'savings' }, /^to: must be an account type/],
      [{ to: 1 }, /^Choose two different accounts$/],
      [{ request_id: '<script>' }, /^request_id: may contain only/],
      [{ balance: '51' }, /^Insufficient balance$/],
      [{ from: 3, to: 1 }, /^Insufficient balance$/],
    ];
    for (const [change, message] of cases) {
      const answer = await ex.api.post('account/transfer', { ...valid, ...change }, { token: user.token });
      expect(answer.body.code, JSON.stringify(change)).toBe(0);
      expect(answer.body.msg, JSON.stringify(change)).toMatch(message);
    }
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('50');
    const transfers = await ex.api.get<Paged<TransferView>>(
      'account/transfer_log',
      {},
      { token: user.token },
    );
    expect(transfers.body.data!.total).toBe(0);
  });

  it('only ever touches the caller own accounts', async () => {
    const thief = await signUp(ex.api);
    const before = await balanceOf(ex.api, alice, USDT);
    const answer = await ex.api.post(
      'account/transfer',
      { currency_id: USDT, balance: '1', from: 1, to: 3, user_id: 1 },
      { token: thief.token },
    );
    expect(answer.body.msg).toBe('Insufficient balance');
    expect(await balanceOf(ex.api, alice, USDT)).toBe(before);
    const detail = await ex.api.get(
      'account/detail',
      { currency_id: USDT, account_type_id: 1, id: 2 },
      { token: thief.token },
    );
    expect(detail.body.data).toMatchObject({ user_id: thief.id, balance: '0' });
  });
});

describe('records', () => {
  it('pages the journal 15 at a time and filters by currency', async () => {
    const user = await signUp(ex.api);
    for (let i = 1; i <= 17; i += 1) await ex.ledger.credit(user.id, SPOT, USDT, String(i));
    await ex.ledger.credit(user.id, SPOT, BTC, '1');
    const first = await ex.api.get<Paged<AccountLogView>>(
      'account_log/change',
      { currency_id: USDT },
      { token: user.token },
    );
    expect(first.body.data).toMatchObject({ total: 17, per_page: 15, last_page: 2 });
    expect(first.body.data!.data[0]!.value).toBe('17');
    const second = await ex.api.get<Paged<AccountLogView>>(
      'account_log/change',
      { currency_id: USDT, page: 2 },
      { token: user.token },
    );
    expect(second.body.data!.data.map((row) => row.value)).toEqual(['2', '1']);
    const all = await ex.api.get<Paged<AccountLogView>>(
      'account_log/change',
      { currency_id: 0 },
      { token: user.token },
    );
    expect(all.body.data!.total).toBe(18);
    const empty = await ex.api.get<Paged<AccountLogView>>('account_log/financial', {}, { token: user.token });
    expect(empty.body.data).toMatchObject({ total: 0, data: [] });
  });

  it('shows no one else the user journal', async () => {
    const stranger = await signUp(ex.api);
    const answer = await ex.api.get<Paged<AccountLogView>>(
      'account_log/change',
      {},
      { token: stranger.token },
    );
    expect(answer.body.data!.total).toBe(0);
  });
});
