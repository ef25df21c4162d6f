import type {
  AccountLogView,
  AdminAdjustment,
  AdminAdjustmentsAnswer,
  AdminAuditRun,
  AdminDashboard,
  AdminUserActionResult,
  AdminUserDetail,
  AdminUserRow,
  LoginAnswer,
  OperatorLogEntry,
  Paged,
  TotpEnrolment,
} from '@oex/protocol';
import { Decimal } from '@oex/protocol';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/demo/seed.js';
import { auditLedger } from '../src/ledger/audit.js';
import { JournalType } from '../src/ledger/journal.js';
import { BUY, SELL } from '../src/spot/engine.js';
import { LIMIT } from '../src/spot/orders.js';
import type { PlaceOrder } from '../src/spot/service.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, ETH, ETH_USDT, SPOT, USDT, balanceOf, trader } from './helpers/ledger.js';
import { operatorSession, type OperatorSession } from './helpers/operators.js';
import { login, signUp } from './helpers/users.js';
import { signedIn } from './helpers/ws.js';
import { budget } from './helpers/budget.js';

const PASSWORD = 'Secret-Harbor-91';
let ex: TestExchange;
/** Operators of each role; finance2 is the second pair of eyes. */
let viewer: OperatorSession;
let support: OperatorSession;
let finance: OperatorSession;
let finance2: OperatorSession;
let admin: OperatorSession;
let cli: { headers: Record<string, string> };

/** Operators sign in anew after the clock jumps past their sessions' end. */
async function signInOperators(): Promise<void> {
  [viewer, support, finance, finance2, admin] = await Promise.all([
    operatorSession(ex, 'viewer'),
    operatorSession(ex, 'support'),
    operatorSession(ex, 'finance'),
    operatorSession(ex, 'finance'),
    operatorSession(ex, 'admin'),
  ]);
}

beforeAll(async () => {
  ex = await startTestExchange();
  await signInOperators();
  cli = { headers: { 'x-admin-token': ex.adminToken } };
}, budget(60_000));

afterAll(async () => {
  await ex?.stop();
});

const get = <T>(as: { headers: Record<string, string> }, path: string, query: Record<string, unknown> = {}) =>
  ex.api.get<T>(`admin/${path}`, query, { headers: as.headers });
const post = <T>(as: { headers: Record<string, string> }, path: string, body: unknown, lang = 'en') =>
  ex.api.post<T>(`admin/${path}`, body, { headers: as.headers, lang });

async function userId(email: string): Promise<number> {
  const row = await ex.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

function signIn(email: string, extra: Record<string, unknown> = {}, lang = 'en') {
  return ex.api.post<LoginAnswer>(
    'user/login',
    { login_type: 'email', account: email, password: PASSWORD, ...extra },
    { lang },
  );
}

async function adjustmentsCount(): Promise<number> {
  const row = await ex.db.kysely
    .selectFrom('admin_adjustments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function journalCount(): Promise<number> {
  const row = await ex.db.kysely
    .selectFrom('account_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('dashboard', () => {
  it('counts users, 24 h volume with the market maker’s share, open orders, money waiting and the last audit', async () => {
    const before = (await get<AdminDashboard>(viewer, 'dashboard')).body.data!;
    // A fresh exchange: alice and bob; the liquidity accounts are not users.
    expect(before.users).toEqual({ registered: 2, certified: 0, active_today: 0, frozen: 0 });
    expect(before.audit).toBeNull();

    const maker = await userId(DEMO.marketMaker);
    const taker = await userId(DEMO.marketTaker);
    const buyer = await trader(ex, [[USDT, '10000']]);
    const seller = await trader(ex, [[ETH, '5']]);
    const other = await trader(ex, [[USDT, '10000']]);
    await ex.db.kysely.updateTable('users').set({ review_status: 2 }).where('id', '=', buyer.id).execute();
    const limit = (number: string, price: string): PlaceOrder => ({
      marketId: ETH_USDT,
      number,
      price,
      type: LIMIT,
    });
    // The maker sells 2; a user buys 1.5 of it and the house's own taker the other 0.5.
    await ex.spot.place(maker, SELL, limit('2', '3000'));
    await ex.api.post(
      'tx_in/add',
      { currency_match_id: ETH_USDT, number: '1.5', price: '3000', type: 0 },
      { token: buyer.token },
    );
    await ex.spot.place(taker, BUY, limit('0.5', '3000'));
    // Users alone: 1 ETH at 3100.
    await ex.api.post(
      'tx_out/add',
      { currency_match_id: ETH_USDT, number: '1', price: '3100', type: 0 },
      { token: seller.token },
    );
    await ex.api.post(
      'tx_in/add',
      { currency_match_id: ETH_USDT, number: '1', price: '3100', type: 0 },
      { token: other.token },
    );
    // Resting: one user order and one of the maker.
    await ex.api.post(
      'tx_in/add',
      { currency_match_id: ETH_USDT, number: '0.1', price: '2000', type: 0 },
      { token: other.token },
    );
    await ex.spot.place(maker, BUY, limit('0.2', '1900'));

    // Money waiting: a deposit seen on chain, a withdrawal held for review (rows as the wallet writes them).
    const protocol = await ex.db.kysely
      .selectFrom('currency_protocols')
      .select('id')
      .where('currency_id', '=', USDT)
      .executeTakeFirstOrThrow();
    const now = ex.clock.now();
    await ex.db.kysely
      .insertInto('deposits')
      .values({
        protocol_id: protocol.id,
        user_id: buyer.id,
        currency_id: USDT,
        address: '0xabc',
        tx_hash: '0x01',
        log_index: 0,
        block_number: 1,
        block_hash: '0x02',
        status: 'pending',
        confirmations: 1,
        amount: '25.5',
        shortfall: '0',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await ex.db.kysely
      .insertInto('withdrawals')
      .values({
        user_id: buyer.id,
        currency_id: USDT,
        protocol_id: protocol.id,
        address: '0xdef',
        memo: '',
        amount: '20000',
        fee: '0',
        received: '20000',
        status: 'review',
        nonce: null,
        raw_tx: null,
        tx_hash: null,
        block_number: null,
        confirmations: 0,
        reason: null,
        request_id: null,
        request_hash: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const audit = await post<AdminAuditRun>(viewer, 'audit/run', {});
    expect(audit.body, audit.body.msg).toMatchObject({
      code: 1,
      data: { ok: true, problems: [], operator: viewer.name },
    });

    const after = (await get<AdminDashboard>(viewer, 'dashboard')).body.data!;
    expect(after.users).toEqual({ registered: 5, certified: 1, active_today: 3, frozen: 0 });
    const eth = after.markets.find((market) => market.id === ETH_USDT)!;
    expect(eth).toMatchObject({
      symbol: 'ETH/USDT',
      volume: '3',
      amount: '9100',
      trades: 3,
      maker_volume: '2',
      house_only_volume: '0.5',
      maker_share: '66.66',
      open_orders: 2,
      maker_open_orders: 1,
    });
    const quiet = after.markets.find((market) => market.id !== ETH_USDT)!;
    expect(quiet).toMatchObject({ volume: '0', trades: 0, maker_share: null });
    expect(after.deposits_pending).toEqual({
      count: 1,
      per_currency: [{ currency: 'USDT', count: 1, amount: '25.5' }],
    });
    expect(after.withdrawals_pending).toEqual({
      count: 1,
      in_review: 1,
      per_currency: [{ currency: 'USDT', count: 1, amount: '20000' }],
    });
    expect(after.audit).toMatchObject({ id: audit.body.data!.id, ok: true });
    // No chain in this test: the check says it cannot be made whole, not that it passed.
    expect(after.holdings_error).toBeNull();
    for (const row of after.holdings ?? []) expect(row.covered).toBeNull();

    // A later look reads only the new trades, each once: the seller fills the resting user buy.
    await ex.api.post(
      'tx_out/add',
      { currency_match_id: ETH_USDT, number: '0.1', price: '2000', type: 0 },
      { token: seller.token },
    );
    for (let look = 0; look < 2; look += 1) {
      const again = (await get<AdminDashboard>(viewer, 'dashboard')).body.data!;
      expect(again.markets.find((market) => market.id === ETH_USDT)).toMatchObject({
        volume: '3.1',
        amount: '9300',
        trades: 4,
        maker_share: '64.51',
        open_orders: 1,
      });
    }

    // Trades older than a day leave the figures.
    ex.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await signInOperators();
    const dayAfter = (await get<AdminDashboard>(viewer, 'dashboard')).body.data!;
    expect(dayAfter.markets.find((market) => market.id === ETH_USDT)).toMatchObject({
      volume: '0',
      maker_share: null,
      open_orders: 1,
    });
  });

  it('is refused to a visitor and to a user token; the audit run is refused without an operator', async () => {
    const user = await signUp(ex.api, PASSWORD);
    expect((await ex.api.get('admin/dashboard')).status).toBe(401);
    expect((await ex.api.get('admin/dashboard', {}, { token: user.token })).status).toBe(401);
    const runs = await ex.db.kysely.selectFrom('admin_audit_runs').select('id').execute();
    expect((await ex.api.post('admin/audit/run', {}, { token: user.token })).status).toBe(401);
    expect(await ex.db.kysely.selectFrom('admin_audit_runs').select('id').execute()).toEqual(runs);
  });
});

describe('users', () => {
  it('finds users by id, email, phone and invite code', async () => {
    const user = await signUp(ex.api, PASSWORD);
    await ex.db.kysely
      .updateTable('users')
      .set({ area_code: '86', mobile: '13800138123' })
      .where('id', '=', user.id)
      .execute();
    const ids = async (q: string) =>
      (await get<Paged<AdminUserRow>>(support, 'users', { q })).body.data!.data.map((row) => row.id);
    expect(await ids(String(user.id))).toContain(user.id);
    expect(await ids(user.email.slice(0, 8).toUpperCase())).toContain(user.id);
    expect(await ids('38123')).toEqual([user.id]);
    expect(await ids('demo2026')).toEqual([await userId('alice@demo.test')]);
    expect(await ids('no-such-person')).toEqual([]);
    // A LIKE wildcard is only itself.
    expect(await ids('%')).toEqual([]);
    const all = (await get<Paged<AdminUserRow>>(viewer, 'users')).body.data!;
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.data[0]!.id).toBeGreaterThan(all.data[1]!.id);
  });

  it('shows a user: accounts, orders, sessions, identity, two-factor and frozen state, and their records', async () => {
    const user = await trader(ex, [[USDT, '500']]);
    await ex.ledger.credit(user.id, 3, BTC, '0.25');
    await ex.api.post(
      'tx_in/add',
      { currency_match_id: ETH_USDT, number: '0.1', price: '1000', type: 0 },
      { token: user.token },
    );
    const view = await get<AdminUserDetail>(viewer, `users/${user.id}`);
    expect(view.body, view.body.msg).toMatchObject({ code: 1 });
    const detail = view.body.data!;
    expect(detail.user).toMatchObject({
      id: user.id,
      email: user.email,
      frozen: false,
      two_factor: false,
      is_system: false,
    });
    expect(detail.identity).toBeNull();
    expect(detail.accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          account_code: 'change_account',
          currency_code: 'USDT',
          balance: '400',
          lock_balance: '100',
        }),
        expect.objectContaining({
          account_type_id: 3,
          currency_code: 'BTC',
          balance: '0.25',
          lock_balance: '0',
        }),
      ]),
    );
    expect(detail.open_orders).toHaveLength(1);
    expect(detail.open_orders_total).toBe(1);
    expect(detail.recent_orders[0]).toMatchObject({ price: '1000', number: '0.1' });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]!.ip).toBe('127.0.0.1');
    const logs = await get<Paged<AccountLogView>>(viewer, `users/${user.id}/logs`, { limit: 2 });
    expect(logs.body.data!.total).toBe(3);
    expect(logs.body.data!.data).toHaveLength(2);
    expect((await get(viewer, 'users/999999')).status).toBe(404);
  });

  it('freezes: sign-in refused in every language, sessions and live sockets end at once; unfreezes', async () => {
    const user = await signUp(ex.api, PASSWORD);
    const socket = await signedIn(ex.url, user.token, ['TX_SUBMIT']);
    // Roles without users.manage change nothing.
    for (const as of [viewer, finance]) {
      expect(
        (await post(as, 'users/freeze', { user_id: user.id, reason: 'suspected takeover' })).status,
      ).toBe(403);
    }
    expect((await post(support, 'users/freeze', { user_id: user.id, reason: 'no' })).status).toBe(400);
    expect((await ex.api.get('user/info', {}, { token: user.token })).body.code).toBe(1);

    const frozen = await post<AdminUserActionResult>(support, 'users/freeze', {
      user_id: user.id,
      reason: 'suspected takeover',
    });
    expect(frozen.body, frozen.body.msg).toMatchObject({
      code: 1,
      data: { frozen: true, sessions_ended: 1 },
    });
    expect((await socket.next('session_ended')).params).toMatchObject({ code: 999 });
    socket.socket.close();
    expect((await ex.api.get('user/info', {}, { token: user.token })).body.code).toBe(999);
    const refused = await signIn(user.email);
    expect(refused.body.code).toBe(0);
    expect(refused.body.msg).toBe('This account is frozen. Please contact support.');
    expect((await signIn(user.email, {}, 'zh')).body.msg).toBe('该账户已被冻结，请联系客服');
    // A wrong password is still just a wrong password: the freeze is told only to the owner.
    expect((await signIn(user.email, { password: 'Wrong-Harbor-00' })).body.msg).not.toContain('frozen');
    expect((await post(support, 'users/freeze', { user_id: user.id, reason: 'again please' })).status).toBe(
      409,
    );

    const view = (await get<AdminUserDetail>(viewer, `users/${user.id}`)).body.data!;
    expect(view.user).toMatchObject({ frozen: true, frozen_reason: 'suspected takeover' });
    expect(view.sessions).toEqual([]);
    const dashboard = (await get<AdminDashboard>(viewer, 'dashboard')).body.data!;
    expect(dashboard.users.frozen).toBe(1);

    const log = (await get<Paged<OperatorLogEntry>>(admin, 'log', { action: 'admin/users/freeze' })).body
      .data!;
    const outcomes = log.data.map((entry) => entry.outcome.slice(0, 3));
    // Refused ones are logged too: by role, for a reason too short, as already frozen.
    expect(outcomes).toEqual(['409', 'ok', '400', '403', '403']);
    expect(log.data[1]).toMatchObject({
      operator: support.name,
      reason: 'suspected takeover',
      target: `user_id=${user.id}`,
      before: { frozen: false, sessions: 1 },
      after: { frozen: true, sessions_ended: 1 },
    });

    const lifted = await post<AdminUserActionResult>(admin, 'users/unfreeze', {
      user_id: user.id,
      reason: 'owner verified',
    });
    expect(lifted.body, lifted.body.msg).toMatchObject({ code: 1, data: { frozen: false } });
    expect((await signIn(user.email)).body.code).toBe(1);
    expect((await post(admin, 'users/unfreeze', { user_id: user.id, reason: 'owner verified' })).status).toBe(
      409,
    );
  });

  it('leaves no session behind when a sign-in runs while the freeze lands', async () => {
    const user = await signUp(ex.api, PASSWORD);
    // The password check takes a while (argon2id): the freeze comes in the middle of it.
    const [signedIn, frozen] = await Promise.all([
      signIn(user.email),
      new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        post(support, 'users/freeze', { user_id: user.id, reason: 'race check' }),
      ),
    ]);
    expect(frozen.body.code, frozen.body.msg).toBe(1);
    // Refused, or (had it finished first) ended by the freeze: either way no session is left.
    expect(await ex.sessions.list(user.id, 0)).toEqual([]);
    if (signedIn.body.code === 1) {
      const token = signedIn.body.data as string;
      expect((await ex.api.get('user/info', {}, { token })).body.code).toBe(999);
    } else expect(signedIn.body.code).toBe(0);
  });

  it('leaves the exchange’s liquidity accounts alone', async () => {
    const maker = await userId(DEMO.marketMaker);
    const answer = await post(support, 'users/freeze', { user_id: maker, reason: 'not allowed' });
    expect(answer.body.msg).toBe('This is a liquidity account of the exchange: it is not managed here');
  });

  it('ends every session of a user', async () => {
    const user = await signUp(ex.api, PASSWORD);
    const second = await login(ex.api, user.email, PASSWORD);
    const ended = await post<AdminUserActionResult>(support, 'users/end_sessions', {
      user_id: user.id,
      reason: 'lost phone',
    });
    expect(ended.body.data).toMatchObject({ sessions_ended: 2, frozen: false });
    for (const token of [user.token, second]) {
      expect((await ex.api.get('user/info', {}, { token })).body.code).toBe(999);
    }
    expect((await signIn(user.email)).body.code).toBe(1);
  });

  it('resets two-factor only for a certified user', async () => {
    const user = await signUp(ex.api, PASSWORD);
    const started = await ex.api.post<TotpEnrolment>('user/totp/enrol', {}, { token: user.token });
    const code = await generate({
      secret: started.body.data!.secret,
      epoch: Math.floor(ex.clock.now() / 1000),
    });
    const confirmed = await ex.api.post('user/totp/confirm', { code }, { token: user.token });
    expect(confirmed.body, confirmed.body.msg).toMatchObject({ code: 1 });
    expect((await signIn(user.email)).body).toMatchObject({ code: 0, totp_required: true });

    const refused = await post(support, 'users/reset_2fa', { user_id: user.id, reason: 'lost the phone' });
    expect(refused.body.msg).toBe(
      'Two-factor can be reset only after an identity check: this user is not certified',
    );
    expect((await signIn(user.email)).body).toMatchObject({ code: 0, totp_required: true });

    await ex.db.kysely.updateTable('users').set({ review_status: 2 }).where('id', '=', user.id).execute();
    const reset = await post<AdminUserActionResult>(support, 'users/reset_2fa', {
      user_id: user.id,
      reason: 'lost the phone',
    });
    expect(reset.body, reset.body.msg).toMatchObject({ code: 1, data: { two_factor: false } });
    expect((await signIn(user.email)).body.data).toEqual(expect.any(String));
    const again = await post(support, 'users/reset_2fa', { user_id: user.id, reason: 'lost the phone' });
    expect(again.body.msg).toBe('Two-factor sign-in is not on');
  });
});

describe('balance adjustments', () => {
  const propose = (as: { headers: Record<string, string> }, body: Record<string, unknown>) =>
    post<AdminAdjustment>(as, 'adjustments/propose', {
      account_type: SPOT,
      currency: 'USDT',
      reason: 'support case review',
      reference: 'CASE-1',
      ...body,
    });

  /** Proposed by `by`, approved by finance2: the way every adjustment is applied. */
  const applied = async (by: OperatorSession, body: Record<string, unknown>) => {
    const pending = await propose(by, body);
    expect(pending.body.data, pending.body.msg).toMatchObject({ status: 'pending' });
    const approved = await post<AdminAdjustment>(finance2, 'adjustments/approve', {
      id: pending.body.data!.id,
      reason: 'checked the case',
    });
    expect(approved.body.data, approved.body.msg).toMatchObject({ status: 'applied' });
    return approved.body.data!;
  };

  it('waits for a second operator however small; the user then sees an adjustment with the reference, never a deposit', async () => {
    const user = await signUp(ex.api, PASSWORD);
    const small = await propose(finance, { user_id: user.id, amount: '0.01', reference: 'CASE-100' });
    expect(small.body, small.body.msg).toMatchObject({
      code: 1,
      data: {
        status: 'pending',
        amount: '0.01',
        usd_value: '0.01',
        proposed_by: finance.name,
        decided_by: null,
      },
    });
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('0');
    const approved = await post<AdminAdjustment>(finance2, 'adjustments/approve', {
      id: small.body.data!.id,
      reason: 'checked the case',
    });
    expect(approved.body.data).toMatchObject({ status: 'applied', decided_by: finance2.name });
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('0.01');
    const records = await ex.api.get<Paged<AccountLogView>>(
      'account_log/all',
      {},
      { token: user.token, lang: 'zh' },
    );
    expect(records.body.data!.data).toHaveLength(1);
    expect(records.body.data!.data[0]).toMatchObject({
      type: JournalType.ADJUSTMENT,
      memo: '余额调整',
      notes: 'CASE-100: support case review',
      value: '0.01',
    });
    const english = await ex.api.get<Paged<AccountLogView>>('account_log/all', {}, { token: user.token });
    expect(english.body.data!.data[0]!.memo).toBe('Adjustment');
    expect(english.body.data!.data.map((row) => row.type)).not.toContain(JournalType.DEPOSIT);
    // A debit within the available balance, valued by its size, waits the same way.
    const debit = await applied(finance, { user_id: user.id, amount: '-0.005' });
    expect(debit).toMatchObject({ amount: '-0.005', usd_value: '0.005' });
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('0.005');
  });

  it('holds a large one for a second operator: the proposer is refused, another approves it once', async () => {
    const user = await signUp(ex.api, PASSWORD);
    const pending = await propose(finance, { user_id: user.id, amount: '5000' });
    expect(pending.body.data).toMatchObject({ status: 'pending', usd_value: '5000' });
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('0');
    const id = pending.body.data!.id;

    const same = await post(finance, 'adjustments/approve', { id, reason: 'looks right' });
    expect(same.status).toBe(409);
    expect(same.body.msg).toBe('Another operator must approve an adjustment you proposed (four eyes)');
    expect((await post(viewer, 'adjustments/approve', { id, reason: 'looks right' })).status).toBe(403);
    expect((await post(support, 'adjustments/approve', { id, reason: 'looks right' })).status).toBe(403);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('0');

    // Two approvals at once: one applies, the other is refused.
    const [first, second] = await Promise.all([
      post<AdminAdjustment>(finance2, 'adjustments/approve', { id, reason: 'checked the case' }),
      post<AdminAdjustment>(admin, 'adjustments/approve', { id, reason: 'checked the case' }),
    ]);
    const codes = [first.body.code, second.body.code].sort();
    expect(codes).toEqual([0, 1]);
    const winner = first.body.code === 1 ? first : second;
    expect(winner.body.data).toMatchObject({ status: 'applied', decision_reason: 'checked the case' });
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('5000');
    const again = await post(admin, 'adjustments/approve', { id, reason: 'checked the case' });
    expect(again.body.msg).toBe('This adjustment has already been decided');
    const rows = await ex.db.kysely
      .selectFrom('account_logs')
      .select('id')
      .where('ref_type', '=', 'adjustment')
      .where('ref_id', '=', id)
      .execute();
    // One leg on the user, one on the adjustments account.
    expect(rows).toHaveLength(2);

    const listed = (await get<AdminAdjustmentsAnswer>(viewer, 'adjustments', { status: 'applied' })).body
      .data!;
    expect(listed).not.toHaveProperty('limit');
    expect(listed.data.find((row) => row.id === id)).toMatchObject({
      user_email: user.email,
      status: 'applied',
    });
  });

  it('values other currencies at the larger of the last and the reference price, for the approver to see', async () => {
    const user = await signUp(ex.api, PASSWORD);
    // BTC has not traded here: its reference price, 68000.
    const btc = await propose(finance, { user_id: user.id, currency: 'BTC', amount: '0.01' });
    expect(btc.body.data).toMatchObject({ status: 'pending', usd_value: '680' });
    await applied(admin, { user_id: user.id, currency: 'BTC', amount: '0.02' });
    expect(await balanceOf(ex.api, user.token, BTC)).toBe('0.02');
  });

  it('counts the command line as one operator', async () => {
    const user = await signUp(ex.api, PASSWORD);
    const pending = await propose(cli, { user_id: user.id, amount: '2500' });
    expect(pending.body.data).toMatchObject({ status: 'pending', proposed_by: 'cli' });
    const id = pending.body.data!.id;
    expect((await post(cli, 'adjustments/approve', { id, reason: 'approve it' })).status).toBe(409);
    const approved = await post<AdminAdjustment>(finance, 'adjustments/approve', {
      id,
      reason: 'approve it',
    });
    expect(approved.body.data).toMatchObject({ status: 'applied', decided_by: finance.name });
  });

  it('rejects: nothing moves, and a rejected one is never approved', async () => {
    const user = await signUp(ex.api, PASSWORD);
    const pending = await propose(finance, { user_id: user.id, amount: '9999' });
    const id = pending.body.data!.id;
    const rejected = await post<AdminAdjustment>(finance, 'adjustments/reject', { id, reason: 'wrong user' });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      decided_by: finance.name,
      decision_reason: 'wrong user',
    });
    expect((await post(finance2, 'adjustments/approve', { id, reason: 'approve it' })).status).toBe(409);
    expect((await post(finance2, 'adjustments/reject', { id, reason: 'reject it' })).status).toBe(409);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('0');
    const log = (await get<Paged<OperatorLogEntry>>(admin, 'log', { action: 'admin/adjustments/reject' }))
      .body.data!;
    expect(log.data.find((entry) => entry.outcome === 'ok')).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });
  });

  it('never takes more than the available balance, and refuses bad input, changing nothing', async () => {
    const user = await trader(ex, [[USDT, '300']]);
    // 100 of it held by an open order: 200 available.
    await ex.api.post(
      'tx_in/add',
      { currency_match_id: ETH_USDT, number: '0.1', price: '1000', type: 0 },
      { token: user.token },
    );
    const adjustments = await adjustmentsCount();
    const journal = await journalCount();
    const small = await propose(finance, { user_id: user.id, amount: '-200.01' });
    expect(small.body.msg).toBe('A debit may take at most the available balance (200 USDT)');
    const large = await propose(finance, { user_id: user.id, amount: '-5000' });
    expect(large.body.msg).toBe('A debit may take at most the available balance (200 USDT)');
    const none = await propose(finance, { user_id: user.id, currency: 'ETH', amount: '-0.1' });
    expect(none.body.msg).toBe('A debit may take at most the available balance (0 ETH)');
    for (const body of [
      { user_id: user.id, amount: '0' },
      { user_id: user.id, amount: 'ten' },
      { user_id: user.id, amount: '1.123456789', currency: 'USDT' },
      { user_id: user.id, amount: '1', reason: 'x' },
      { user_id: user.id, amount: '1', reference: '' },
      { user_id: user.id, amount: '1', currency: 'NOPE' },
      { user_id: user.id, amount: '1', account_type: 9 },
      { user_id: 999999, amount: '1' },
      { user_id: await userId(DEMO.marketMaker), amount: '1' },
    ]) {
      const answer = await propose(finance, body);
      expect(answer.body.code, JSON.stringify(body)).toBe(0);
    }
    for (const as of [viewer, support])
      expect((await propose(as, { user_id: user.id, amount: '1' })).status).toBe(403);
    const full = {
      user_id: user.id,
      amount: '1',
      currency: 'USDT',
      account_type: SPOT,
      reason: 'for me',
      reference: 'ME',
    };
    expect((await ex.api.post('admin/adjustments/propose', full, { token: user.token })).status).toBe(401);
    expect(await adjustmentsCount()).toBe(adjustments);
    expect(await journalCount()).toBe(journal);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('200');

    // A pending debit whose money was spent meanwhile is refused at approval and stays pending.
    const waiting = await propose(finance, { user_id: user.id, amount: '-150' });
    expect(waiting.body.data!.status).toBe('pending');
    await applied(admin, { user_id: user.id, amount: '-150' });
    const late = await post(finance2, 'adjustments/approve', {
      id: waiting.body.data!.id,
      reason: 'approve it',
    });
    expect(late.body.msg).toBe('A debit may take at most the available balance (50 USDT)');
    const still = (await get<AdminAdjustmentsAnswer>(viewer, 'adjustments', { status: 'pending' })).body
      .data!;
    expect(still.data.map((row) => row.id)).toContain(waiting.body.data!.id);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('50');
  });

  it('keeps the ledger whole: every currency sums to zero, the adjustments account holds the other side', async () => {
    const report = await auditLedger(ex.db.kysely);
    expect(report.problems).toEqual([]);
    const applied = await ex.db.kysely
      .selectFrom('admin_adjustments')
      .select(['currency_id', 'amount'])
      .where('status', '=', 'applied')
      .where('currency_id', '=', USDT)
      .execute();
    const account = await ex.db.kysely
      .selectFrom('accounts')
      .select('balance')
      .where('system_code', '=', 'adjustments')
      .where('currency_id', '=', USDT)
      .executeTakeFirstOrThrow();
    const total = applied.reduce((sum, row) => sum.add(Decimal.parse(String(row.amount))), Decimal.ZERO);
    expect(Decimal.parse(String(account.balance)).toString()).toBe(total.neg().toString());
    const run = await post<AdminAuditRun>(admin, 'audit/run', {});
    expect(run.body.data).toMatchObject({ ok: true, problems: [] });
  });
});
